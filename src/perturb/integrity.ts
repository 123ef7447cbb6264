import { createRng, streamKey } from '../random/rng.js';
import { multiChoices } from '../questions/options.js';
import { checkLeakage } from '../questions/leakage.js';
import { arrangeChoices, OPTION_KEYS } from '../questions/positions.js';
import type { Item } from '../schema/item.js';
import type { ClientKind, Log } from '../schema/log-row.js';
import type { PerturbRecord } from '../schema/perturb-manifest.js';
import { INTEGRITY_CATEGORIES } from './data/integrity-categories.js';

/** Template id of integrity items; robustness reports pick them out by it. */
export const INTEGRITY_TEMPLATE_ID = 'integrity-inconsistencies';

const STEM = 'Which of these inconsistencies does this log contain? Select all that apply.';
const STEM_FIRST = 'Which of these inconsistencies does my account log contain? Select all that apply.';

/** What an integrity item is built from. */
export interface IntegrityInput {
  /** The perturbed log as a reader sees it (for the leakage check). */
  log: Log;
  record: PerturbRecord;
  /** Error codes the perturbation added (the validator reports more of them than on the source log). */
  foundCodes: readonly string[];
  /** Every error code the validator reports on the perturbed log. */
  allCodes: readonly string[];
  clientKind: ClientKind;
  seed: string;
}

/**
 * The integrity item of a corrupted log (SPEC §9): "which of these inconsistencies does this log contain?",
 * multi-select. True options: the categories the manifest says were planted, plus any category whose code the
 * perturbation added. False options: categories none of whose codes the validator reports on this log at all
 * (provably absent). Inconsistencies the source log already had are offered neither way.
 * Options come from the question builder's `multiChoices` and are shuffled by its `arrangeChoices`, on the item's
 * own stream.
 * Returns null when the log has no planted category or too few provably absent ones.
 */
export function buildIntegrityItem(input: IntegrityInput): Item | null {
  const { record, foundCodes } = input;
  if (record.integrity.length === 0) return null;
  const found = new Set(foundCodes);
  const all = new Set(input.allCodes);
  const truth = INTEGRITY_CATEGORIES.filter((c) => record.integrity.includes(c.id) || c.codes.some((code) => found.has(code)));
  const absent = INTEGRITY_CATEGORIES.filter((c) => !truth.includes(c) && !c.codes.some((code) => all.has(code)));
  const rng = createRng(streamKey('integrity', input.seed, record.log_id));
  const drawn = multiChoices(rng, truth.map((c) => c.text), absent.map((c) => c.text));
  if (!drawn) return null;
  const choices = arrangeChoices(rng, drawn, null); // shuffled, like every multi-select item: no position bias
  const options = choices.map((c, i) => ({ key: OPTION_KEYS[i], text: c.text }));
  const answer = choices.flatMap((c, i) => (c.correct ? [OPTION_KEYS[i]] : []));
  const leaks = checkLeakage(STEM, input.log);
  if (leaks.length > 0) throw new RangeError(`integrity stem leaks: ${leaks.join('; ')}`);
  const evidence = [...new Set(record.edits.flatMap((e) => (e.txn_id ? [e.txn_id] : [])))].sort();
  const planted = record.steps.filter((s) => s.kind === 'corrupting').map((s) => `${s.op} (severity ${s.severity})`);
  const program = [
    `Planted by the perturbation manifest: ${planted.join(', ')} → ${record.integrity.join(', ')}`,
    `Validator error codes added by the perturbation: ${[...found].sort().join(', ') || 'none'}; on the log in all: ${[...all].sort().join(', ') || 'none'}`,
    `Present: ${truth.map((c) => c.id).join(', ')}; provably absent (no validator code): ${absent.map((c) => c.id).join(', ')}`,
    `Correct options: ${answer.join(', ')}`,
  ];
  return {
    id: `${record.log_id}-integrity`,
    log_id: record.log_id,
    client_kind: input.clientKind,
    format: 'multi',
    stem: STEM,
    stem_first_person: STEM_FIRST,
    options,
    answer,
    domain: 'conduct',
    sub_domain: 'others',
    perspective: 'Data Integrity',
    logic: 'log consistency',
    cognition: 'evaluation',
    difficulty: 'M',
    steps: program.length,
    evidence,
    template: { id: INTEGRITY_TEMPLATE_ID, version: 1 },
    program,
  };
}
