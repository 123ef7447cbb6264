import { basename, extname } from 'node:path';
import type { Command } from 'commander';
import { BinnedAccumulator, ReferenceSketch } from '../../drift/accumulator.js';
import { DEFAULT_REFERENCE_BINS } from '../../drift/compare.js';
import { buildDriftReport, type DriftReport } from '../../drift/report.js';
import { UsageError, InputError } from '../../errors.js';
import { FitAccumulator } from '../../fit/accumulator.js';
import { balanceLevelCorrection, calibrateTails, correctLevels } from '../../fit/calibrate.js';
import { estimateProfile, MIN_FIT_LOGS } from '../../fit/estimate.js';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { claimOutputFile } from '../../io/output-guard.js';
import { readDialect } from '../../io/dialect-read.js';
import { streamFitCorpus } from '../../io/fit-corpus.js';
import { listLogFiles } from '../../io/log-files.js';
import { loadProfile } from '../../io/profiles.js';
import { formatReferenceJson } from '../../io/reference-file.js';
import { CLIENT_KINDS, type ClientKind } from '../../schema/log-row.js';
import { unknownCurrency } from '../../schema/currencies.js';
import { generateLog } from '../../synth/index.js';
import { VERSION } from '../../version.js';
import { createProgress } from '../progress.js';
import { formatDriftTable } from './drift.js';

/** Options of `cclupe fit`. */
export interface FitOptions {
  out: string;
  dialect?: string;
  kind?: string;
  base?: string;
  name?: string;
  report?: string;
  check?: string;
  currency?: string;
  seed: string;
  json?: boolean;
}

/** Most simulated rounds that calibrate the balance levels (each stops early once within 2% and 5%). */
const CALIBRATION_ROUNDS = 5;

/** Unreadable rows listed one by one before the rest are only counted. */
const LISTED_ISSUES = 20;

function profileNameFrom(out: string): string {
  const stem = basename(out, extname(out)).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return /^[a-z0-9]/.test(stem) ? stem : 'fitted';
}

/**
 * Runs `cclupe fit`: one streaming pass over the logs feeds the fit and a reference of the same corpus; writes the
 * fitted profile; generates a check sample from it and prints the drift table against that reference (exit 1 when a
 * feature drifts). Unreadable rows are listed on stderr with file and line and counted.
 */
export async function runFit(paths: string[], options: FitOptions): Promise<void> {
  if (options.kind !== undefined && !(CLIENT_KINDS as readonly string[]).includes(options.kind)) throw new UsageError(`--kind must be personal or sme, got ${options.kind}`, '--kind');
  const name = options.name ?? profileNameFrom(options.out);
  if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) throw new UsageError(`--name must be lower-case kebab-case, got ${name}`, '--name');
  const checkLogs = Number(options.check ?? 300);
  if (!Number.isInteger(checkLogs) || checkLogs < 0 || checkLogs > 100_000) throw new UsageError(`--check must be an integer from 0 to 100000, got ${options.check}`, '--check');
  // the output paths are checked before the logs are read, so that a file or directory in the way fails in one line
  claimOutputFile(options.out, '--out');
  if (options.report !== undefined) claimOutputFile(options.report, '--report');
  const dialect = options.dialect ? readDialect(options.dialect) : undefined;
  // The source's currency: --currency, else the dialect's, else the base's (CNY for the shipped bases).
  const currency = options.currency ?? dialect?.currency;
  if (currency !== undefined) {
    const problem = /^[A-Z]{3}$/.test(currency) ? unknownCurrency(currency) : `${currency} is not an ISO 4217 code such as CZK`;
    const where = options.currency !== undefined ? '--currency' : `dialect ${options.dialect}: currency`;
    if (problem) throw new UsageError(`${where}: ${problem}`, options.currency !== undefined ? '--currency' : '--dialect');
  }
  const wanted = options.kind as ClientKind | undefined;
  const fit = new FitAccumulator();
  const reference = new ReferenceSketch();
  let otherKind = 0;
  const progress = createProgress('fit', listLogFiles(paths).length);
  let summary;
  try {
    summary = streamFitCorpus(paths, {
      dialect,
      onLog: (log, info) => {
        const kind = info.kind ?? (dialect?.clientKind as ClientKind | undefined) ?? wanted;
        if (wanted && kind && kind !== wanted) {
          otherKind++;
          return;
        }
        fit.add(log, info, kind);
        reference.add(log, { kind, caps: { timeOfDay: info.timeOfDay, channel: info.channel } });
      },
      onFile: () => progress.tick(),
    });
  } finally {
    progress.stop();
  }
  const sketch = fit.sketch;
  for (const issue of summary.unreadable.slice(0, LISTED_ISSUES)) process.stderr.write(`${issue.file}:${issue.line}: ${issue.code}: ${issue.message}\n`);
  if (summary.unreadable.length > LISTED_ISSUES) process.stderr.write(`… and ${summary.unreadable.length - LISTED_ISSUES} more unreadable row issues\n`);
  if (summary.unreadableRows > 0) process.stderr.write(`cclupe fit: ${summary.unreadableRows} unreadable row(s) left out of the fit\n`);
  if (sketch.logs < MIN_FIT_LOGS) {
    throw new InputError(`a fit needs at least ${MIN_FIT_LOGS} logs with rows, found ${sketch.logs}${otherKind ? ` (${otherKind} of another client kind left out)` : ''}`, { file: paths.join(', ') });
  }
  const kind: ClientKind = wanted ?? (sketch.kinds.sme > sketch.kinds.personal ? 'sme' : 'personal');
  const baseName = options.base ?? `${kind}-healthy`;
  const base = loadProfile(baseName);
  if (base.client_kind !== kind) throw new UsageError(`--base ${baseName} is a ${base.client_kind} profile, the fit is ${kind}`, '--base');
  const label = options.dialect ? `dialect ${dialect?.name ?? options.dialect}` : 'canonical TSV';
  const profile = estimateProfile(sketch, {
    name,
    baseName,
    base,
    kind,
    ...(currency ? { currency } : {}),
    description: `Fitted by cclupe fit to ${sketch.logs} logs (${sketch.rows} rows, ${label}, corpus ${summary.corpusHash.slice(0, 19)}) over ${base.name}.`,
  });
  writeFileAtomic(options.out, formatReferenceJson(profile));
  // Read back as any profile is (the file must stand on its own), then calibrate the balance levels on simulations.
  const balance = profile.balance as { level: { quantiles: number[] } };
  for (let round = 0; round < CALIBRATION_ROUNDS; round++) {
    const correction = balanceLevelCorrection(loadProfile(options.out), sketch, (p, index) => generateLog(p, { masterSeed: 'fit-calibration', index }).log);
    if (Math.abs(correction.factor - 1) < 0.02 && Math.abs(correction.stretch - 1) < 0.05) break;
    balance.level.quantiles = correctLevels(balance.level.quantiles, correction);
    writeFileAtomic(options.out, formatReferenceJson(profile));
  }
  // The tail loadings too: the fit measured them, simulations turn the measure into the generator's parameter.
  const tails = calibrateTails(loadProfile(options.out), (p, index) => generateLog(p, { masterSeed: 'fit-calibration', index }).log);
  if (tails) {
    (profile.log_effects as { tails: number[] }).tails = tails;
    writeFileAtomic(options.out, formatReferenceJson(profile));
  }
  const fitted = loadProfile(options.out);

  let report: DriftReport | null = null;
  if (checkLogs > 0) {
    const ref = reference.fit({ bins: DEFAULT_REFERENCE_BINS, createdBy: `cclupe-kit ${VERSION}`, source: { corpusHash: summary.corpusHash, files: summary.files, logs: sketch.logs, rows: sketch.rows, label } });
    const acc = new BinnedAccumulator(ref);
    let rows = 0;
    for (let index = 0; index < checkLogs; index++) {
      const { log } = generateLog(fitted, { masterSeed: options.seed, index });
      rows += log.rows.length;
      acc.add(log, { kind: fitted.client_kind });
    }
    report = buildDriftReport(ref, acc.result(), { generated: { logs: checkLogs, rows, label: `check sample of ${name} (seed ${options.seed})` } });
    if (options.report) {
      const { renderDriftHtml } = await import('../../report/drift-html.js');
      writeFileAtomic(options.report, (await renderDriftHtml(report)).replace('<h1>Distribution drift</h1>', `<h1>Fit check: ${name} against its source</h1>`));
    }
  } else if (options.report) throw new UsageError('--report needs a check sample (--check 1 or more)', '--report');

  const result = {
    out: options.out,
    name,
    extends: baseName,
    client_kind: kind,
    source: { files: summary.files, logs: sketch.logs, rows: sketch.rows, corpusHash: summary.corpusHash, unreadable_rows: summary.unreadableRows, other_kind_logs: otherKind },
    period: fitted.period,
    currency: fitted.currency,
    check: report
      ? { logs: checkLogs, seed: options.seed, passed: report.passed, features: report.pooled.features.map((f) => ({ group: f.group, feature: f.feature, status: f.status, kl: f.kl })) }
      : null,
  };
  if (options.json) process.stdout.write(JSON.stringify(result) + '\n');
  else {
    process.stdout.write(
      `cclupe fit: ${sketch.logs} logs, ${sketch.rows} rows (${summary.unreadableRows} unreadable left out) → ${options.out} (${name} extends ${baseName}, ${fitted.period.start}..${fitted.period.end}, ${fitted.currency})\n`,
    );
    if (report) process.stdout.write(`\ncheck: ${checkLogs} logs generated from ${name} against a reference of the input\n` + formatDriftTable(report));
  }
  if (report && !report.passed) process.exitCode = 1;
}

/** Declares `cclupe fit`. */
export function register(program: Command): void {
  program
    .command('fit')
    .description(
      'Fit a profile to real logs of any dialect in one streaming pass: type and channel mix, amounts in and out by type, ' +
        'rows per log and span, day of month, weekday and month, balance level, hour where present. Writes an ordinary ' +
        'profile that extends a base and sets only what it estimated, then generates a check sample and prints its drift ' +
        'against a reference of the input (exit 1 when a feature drifts)',
    )
    .argument('<paths...>', 'log files, directories of logs, or dataset directories (with logs/)')
    .requiredOption('-o, --out <file>', 'profile JSON to write')
    .option('--dialect <file>', 'dialect of the input (default: canonical TSV), e.g. dialects/berka.json')
    .option('--kind <kind>', 'personal or sme: the fitted client kind (default: what the logs declare, else personal); logs of the other kind are left out')
    .option('--base <profile>', 'profile the fit extends (default: personal-healthy or sme-healthy)')
    .option('--name <name>', 'name of the fitted profile (default: from the output file name)')
    .option('--currency <code>', "ISO 4217 code of the source's amounts, e.g. CZK (default: the dialect's currency, else the base's, CNY)")
    .option('--check <n>', 'logs in the check sample (0: no check)', '300')
    .option('--seed <seed>', 'seed of the check sample', 'fit-check')
    .option('--report <file>', 'also write an HTML page with the check: overlaid histograms, real against fitted')
    .option('--json', 'print a JSON summary instead of the table')
    .action((paths: string[], options: FitOptions) => runFit(paths, options));
}
