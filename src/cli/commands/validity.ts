import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { InputError, UsageError } from '../../errors.js';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { claimOutputFile } from '../../io/output-guard.js';
import { planCalibration } from '../../io/calibration-plan.js';
import { readAuditItems, readValidityDataset } from '../../io/dataset.js';
import type { Item } from '../../schema/item.js';
import { validityHtml } from '../../report/validity-html.js';
import { calibrationMismatches, formatValidityReport } from '../../validity/format.js';
import { runValidityAudit, type ValidityReport } from '../../validity/audit.js';
import { parseProfileMix, runGenerate } from './generate.js';
import { runQuestions } from './questions.js';

/** Options of `cclupe validity`. */
export interface ValidityOptions {
  calibration?: string;
  calibrationSeed?: string;
  /** Profile files (or names) to generate the calibration set from, as `cclupe generate --profile` takes them. */
  profile?: string[];
  json?: boolean;
  html?: string;
  format?: string;
}

/**
 * A calibration dataset generated on the fly (`planCalibration`: the dataset's own generation options with another
 * seed, its profile files from `--profile`), answer priors fitted as generate fits them, in a temporary directory
 * removed afterwards. Returns its items.
 */
async function generatedCalibration(dir: string, seed: string, profileArgs: readonly string[]): Promise<Item[]> {
  const given = parseProfileMix(profileArgs).map((p) => ({ source: p.name, ...(p.weighted ? { weight: p.weight } : {}) }));
  const plan = planCalibration(dir, seed, given);
  const tmp = mkdtempSync(join(tmpdir(), 'cclupe-calibration-'));
  try {
    const out = join(tmp, 'ds');
    await runGenerate({ out, options: plan.options, profiles: plan.profiles, workers: null, shardFrom: null });
    return runQuestions({ dir: out, seed }).items;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Runs the audit on a dataset; the caller prints and sets the exit code. */
export async function runValidity(dir: string, options: ValidityOptions): Promise<ValidityReport> {
  if (options.calibration && options.calibrationSeed !== undefined) throw new UsageError('give either --calibration or --calibration-seed, not both', '--calibration');
  if (options.calibration && options.profile?.length) throw new UsageError('--profile is for a calibration set generated on the fly; not with --calibration', '--profile');
  if (options.calibrationSeed !== undefined && options.calibrationSeed.trim() === '') throw new UsageError('--calibration-seed must not be empty', '--calibration-seed');
  // checked before the audit, so that a file or directory in the way fails in one line, not after minutes of work
  if (options.html) claimOutputFile(options.html, '--html');
  const data = readValidityDataset(dir);
  const seed = data.masterSeed ?? '0';
  const calibration = options.calibration
    ? readAuditItems(options.calibration)
    : await generatedCalibration(dir, options.calibrationSeed ?? `${seed}-calibration`, options.profile ?? []);
  const problems = calibrationMismatches(data.items, calibration);
  if (problems.length) {
    throw new InputError(`calibration set does not match the dataset's templates: ${problems.slice(0, 8).join('; ')}${problems.length > 8 ? `; … ${problems.length - 8} more` : ''}`, {
      file: options.calibration ? join(options.calibration, 'questions.jsonl') : join(dir, 'questions.jsonl'),
    });
  }
  if (options.calibration) {
    const ids = new Set(data.items.map((i) => i.log_id));
    const shared = calibration.filter((i) => ids.has(i.log_id)).length;
    if (shared === calibration.length && calibration.length === data.items.length && calibration.every((c, i) => c.id === data.items[i].id && c.stem === data.items[i].stem)) {
      throw new UsageError('--calibration is the dataset itself; give a dataset generated with another seed', '--calibration');
    }
  }
  return runValidityAudit({ items: data.items, calibration, logs: data.logs, injected: data.injected, seed });
}

/** Declares `cclupe validity`. */
export function register(program: Command): void {
  program
    .command('validity')
    .summary('audit how far answers can be had without reading the log (log-free learners, other-log oracle, gates)')
    .description(
      'Trains log-free learners (per-template answer-text prior, numeric-rank prior, position/length, a choices-only logistic ' +
        'regression) on a calibration dataset from another seed, answers the dataset\'s questions with them and with the other-log ' +
        'oracle (each item\'s program run on another log of the same profile), and scores them as CCLUPE Table 3 rows next to ' +
        'random and oracle. Prints the gates, a per-template leak table (accuracy, chance, binomial z, gold-rank or answer-class ' +
        'distribution) and how well timing and rounding tell injected rows from base rows (AUC per signal). ' +
        'Exit 0 when every gate passes, 1 when one fails, 2 on a usage error. Gates and method: docs/questions.md.',
    )
    .argument('<dataset>', 'dataset directory with questions.jsonl, logs/ and labels.jsonl')
    .option('--calibration <dir>', 'a dataset built with another seed to train the learners on (its questions.jsonl)')
    .option('--calibration-seed <seed>', "generate the calibration set on the fly with this seed and the manifest's options, --prior-logs included (default: <dataset seed>-calibration)")
    .option(
      '-p, --profile <file[=weight],...>',
      "a profile file the dataset was generated from, to generate the calibration set from (repeatable, as generate takes it; a weight, if given, must be the manifest's); refused unless it resolves to the manifest's profile_hashes. Needed for every profile that is not shipped",
      (v: string, prev: string[] = []) => [...prev, v],
    )
    .option('--format <format>', 'output: text or markdown', 'text')
    .option('--json', 'print the full report as JSON')
    .option('--html <file>', 'also write the report as a self-contained HTML page (atomically)')
    .action(async (dir: string, o: ValidityOptions) => {
      if (o.format !== 'text' && o.format !== 'markdown') throw new UsageError(`--format must be text or markdown, got ${o.format}`, '--format');
      const report = await runValidity(dir, o);
      if (o.html) writeFileAtomic(o.html, validityHtml(report));
      process.stdout.write(o.json ? JSON.stringify(report, null, 2) + '\n' : formatValidityReport(report, o.format));
      if (!report.pass) process.exitCode = 1;
    });
}
