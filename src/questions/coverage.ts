import type { ClientKind } from '../schema/log-row.js';
import type { Item } from '../schema/item.js';
import { COGNITION_LEVELS, DIFFICULTIES, DOMAINS } from '../schema/item.js';
import { SUB_DOMAINS } from '../schema/signal-id.js';
import { logicKeys } from './taxonomy.js';
import { OPTION_KEYS } from './positions.js';

/** Counts of a dataset's items along every tag (SPEC §6 coverage), plus what is missing. */
export interface Coverage {
  logs: number;
  logs_with_items: number;
  items: number;
  domain: Record<string, number>;
  sub_domain: Record<string, number>;
  /** Keyed `<client kind>:<perspective>/<logic>`. */
  logic: Record<string, number>;
  perspective: Record<string, number>;
  cognition: Record<string, number>;
  difficulty: Record<string, number>;
  format: Record<string, number>;
  template: Record<string, number>;
  /** Where the correct option sits, for single and calc items. */
  answer_position: Record<string, number>;
  /** Correct keys of multi-select items, per letter. */
  multi_answer_keys: Record<string, number>;
  /** Domain × cognition counts, keyed `<domain>/<cognition>`. */
  domain_cognition: Record<string, number>;
  /** Tag values that never occur; empty lists mean full coverage. */
  missing: { domain: string[]; sub_domain: string[]; logic: string[]; cognition: string[] };
}

function zeros(keys: readonly string[]): Record<string, number> {
  return Object.fromEntries(keys.map((k) => [k, 0]));
}

function bump(m: Record<string, number>, k: string): void {
  m[k] = (m[k] ?? 0) + 1;
}

function sorted(m: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(m).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));
}

/** The composite count keys of an item's tags, and the tags they were made of. */
interface TagKeys {
  kind: string;
  perspective0: string;
  logic0: string;
  domain: string;
  cognition: string;
  logic: string;
  perspective: string;
  domainCognition: string;
}

/** Composite keys per template (its items share their tags), so that a dataset's items build no key strings. */
const TAG_KEYS = new Map<string, TagKeys[]>();
const TAG_KEYS_MAX = 10_000;
let tagKeyEntries = 0;

function tagKeys(it: Item): TagKeys {
  const list = TAG_KEYS.get(it.template.id);
  if (list) {
    for (const e of list) {
      if (e.kind === it.client_kind && e.perspective0 === it.perspective && e.logic0 === it.logic && e.domain === it.domain && e.cognition === it.cognition) return e;
    }
  }
  const e: TagKeys = {
    kind: it.client_kind,
    perspective0: it.perspective,
    logic0: it.logic,
    domain: it.domain,
    cognition: it.cognition,
    logic: `${it.client_kind}:${it.perspective}/${it.logic}`,
    perspective: `${it.client_kind}:${it.perspective}`,
    domainCognition: `${it.domain}/${it.cognition}`,
  };
  if (tagKeyEntries < TAG_KEYS_MAX) {
    if (list) list.push(e);
    else TAG_KEYS.set(it.template.id, [e]);
    tagKeyEntries++;
  }
  return e;
}

/** Summarises items along every tag; `logs` is the number of logs asked for, `kinds` the client kinds present. */
export function summarizeCoverage(items: readonly Item[], logs: number, kinds: readonly ClientKind[] = ['personal', 'sme']): Coverage {
  const logicAll = kinds.flatMap((k) => logicKeys(k).map((l) => `${k}:${l}`));
  const c: Coverage = {
    logs,
    logs_with_items: new Set(items.map((i) => i.log_id)).size,
    items: items.length,
    domain: zeros(DOMAINS),
    sub_domain: zeros(SUB_DOMAINS),
    logic: zeros(logicAll),
    perspective: {},
    cognition: zeros(COGNITION_LEVELS),
    difficulty: zeros(DIFFICULTIES),
    format: zeros(['single', 'multi', 'calc']),
    template: {},
    answer_position: zeros(OPTION_KEYS.slice(0, 4)),
    multi_answer_keys: zeros(OPTION_KEYS),
    domain_cognition: {},
    missing: { domain: [], sub_domain: [], logic: [], cognition: [] },
  };
  for (const it of items) {
    const keys = tagKeys(it);
    bump(c.domain, it.domain);
    bump(c.sub_domain, it.sub_domain);
    bump(c.logic, keys.logic);
    bump(c.perspective, keys.perspective);
    bump(c.cognition, it.cognition);
    bump(c.difficulty, it.difficulty);
    bump(c.format, it.format);
    bump(c.template, it.template.id);
    bump(c.domain_cognition, keys.domainCognition);
    if (it.format === 'multi') for (const k of it.answer) bump(c.multi_answer_keys, k);
    else for (const k of it.answer) bump(c.answer_position, k);
  }
  return finish(c, logicAll);
}

/** Sorts the open-ended count records and lists what is missing. */
function finish(c: Coverage, logicAll: readonly string[]): Coverage {
  c.perspective = sorted(c.perspective);
  c.template = sorted(c.template);
  c.domain_cognition = sorted(c.domain_cognition);
  c.missing = {
    domain: DOMAINS.filter((d) => !c.domain[d]),
    sub_domain: SUB_DOMAINS.filter((d) => !c.sub_domain[d]),
    logic: logicAll.filter((l) => !c.logic[l]),
    cognition: COGNITION_LEVELS.filter((d) => !c.cognition[d]),
  };
  return c;
}

/**
 * The coverage of the union of disjoint sets of logs from the coverage of each (in log order): what
 * `summarizeCoverage` gives for all their items at once, so that shards of a dataset can be merged without holding
 * every item. The client kinds present are those that prefix the parts' logic keys.
 */
export function mergeCoverage(parts: readonly Coverage[]): Coverage {
  const kinds = new Set<ClientKind>();
  for (const p of parts) for (const key of Object.keys(p.logic)) kinds.add(key.slice(0, key.indexOf(':')) as ClientKind);
  const all = [...kinds].sort();
  const c = summarizeCoverage([], 0, all);
  const counts = c as unknown as Record<string, unknown>;
  for (const p of parts) {
    c.logs += p.logs;
    c.logs_with_items += p.logs_with_items;
    c.items += p.items;
    for (const [field, value] of Object.entries(p)) {
      if (field === 'missing' || value === null || typeof value !== 'object' || Array.isArray(value)) continue;
      const into = (counts[field] ??= {}) as Record<string, number>;
      for (const [k, n] of Object.entries(value as Record<string, number>)) into[k] = (into[k] ?? 0) + n;
    }
  }
  return finish(c, all.flatMap((k) => logicKeys(k).map((l) => `${k}:${l}`)));
}
