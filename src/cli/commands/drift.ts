import type { Command } from 'commander';
import { BinnedAccumulator } from '../../drift/accumulator.js';
import { DEFAULT_CATEGORY_SHIFT, DEFAULT_DRIFT_THRESHOLD, DEFAULT_PER_LOG_BINS, DEFAULT_REFERENCE_BINS, type DriftThresholds } from '../../drift/compare.js';
import { FEATURE_IDS, type FeatureId } from '../../schema/drift-features.js';
import { PerLogChecker } from '../../drift/per-log.js';
import { buildDriftReport, sortForReport, type DriftReport } from '../../drift/report.js';
import { UsageError } from '../../errors.js';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { claimOutputFile } from '../../io/output-guard.js';
import { readDialect } from '../../io/dialect-read.js';
import { listLogFiles } from '../../io/log-files.js';
import { readReference, streamCorpus } from '../../io/reference-file.js';
import { createProgress } from '../progress.js';
import { buildReferenceFromPaths, parseBins } from './reference.js';
import { maxOf } from '../../log/extremes.js';

/** Options of `cclupe drift`. */
export interface DriftOptions {
  reference?: string;
  against?: string[];
  dialect?: string;
  againstDialect?: string;
  bins?: string;
  threshold?: string;
  thresholdFeature?: string[];
  perLog?: boolean;
  perLogBins?: string;
  bootstrap?: string;
  json?: boolean;
  out?: string;
  html?: string;
  categoryRatio?: string;
  categoryPoints?: string;
}

function parseThreshold(text: string, field: string): number {
  const x = Number(text);
  if (!Number.isFinite(x) || x < 0) throw new UsageError(`${field} must be a non-negative number, got ${text}`, field);
  return x;
}

/** Reads `--threshold` and repeated `--threshold-feature name=value` into thresholds. */
export function parseThresholds(threshold: string | undefined, perFeature: readonly string[] = []): DriftThresholds {
  const out: DriftThresholds = { default: threshold === undefined ? DEFAULT_DRIFT_THRESHOLD : parseThreshold(threshold, '--threshold') };
  for (const item of perFeature) {
    const m = /^([a-z_]+)=(.+)$/.exec(item);
    if (!m || !(FEATURE_IDS as readonly string[]).includes(m[1])) {
      throw new UsageError(`--threshold-feature expects name=value with name one of ${FEATURE_IDS.join(', ')}, got ${item}`, '--threshold-feature');
    }
    (out.features ??= {})[m[1] as FeatureId] = parseThreshold(m[2], '--threshold-feature');
  }
  return out;
}

const fmt = (x: number | null, d = 4): string => (x === null ? '-' : Number.isFinite(x) ? x.toFixed(d) : 'inf');
const pct = (x: number): string => `${(x * 100).toFixed(2)}%`;

/** The per-feature table printed by `cclupe drift`, drifted features first. */
export function formatDriftTable(report: DriftReport): string {
  const head = ['group', 'feature', 'status', 'KL', 'thresh', 'nodrift99', 'JS', 'PSI', 'W1/sd', 'KS', 'unseen', 'n', 'n_ref', 'k'];
  const lines = sortForReport(report.pooled.features).map((f) => [
    f.group,
    f.feature,
    f.thresholdMeaningful === false ? `${f.status}*` : f.status,
    fmt(f.kl),
    fmt(f.threshold, 3),
    fmt(f.noDriftLevel),
    fmt(f.js),
    fmt(f.psi),
    fmt(f.w1),
    fmt(f.ks),
    fmt(f.unseenMass, 3),
    String(f.n),
    String(f.nRef),
    String(f.k),
  ]);
  const rows = [head, ...lines];
  const widths = head.map((_, c) => maxOf(rows.map((r) => r[c].length)));
  let out = rows.map((r) => r.map((cell, c) => (c < 3 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ')).join('\n') + '\n';
  if (report.perLog) {
    const p = report.perLog;
    out += `\nper-log check (${p.bins} bins): ${p.logs} logs, ${p.driftedLogs} with a drifted feature\n`;
    const perRows = [
      ['group', 'feature', 'k', 'drift', 'ok', 'not_meaningful', 'mean_KL', 'max_KL'],
      ...p.features.map((s) => [s.group, s.feature, String(s.k), String(s.logs.drift), String(s.logs.ok), String(s.logs.not_meaningful), fmt(s.meanKl), fmt(s.maxKl)]),
    ];
    const w = perRows[0].map((_, c) => maxOf(perRows.map((r) => r[c].length)));
    out += perRows.map((r) => r.map((cell, c) => (c < 2 ? cell.padEnd(w[c]) : cell.padStart(w[c]))).join('  ')).join('\n') + '\n';
  }
  const shifted = report.pooled.features.filter((f) => f.categoryShifts.length > 0);
  if (shifted.length > 0) {
    out += `\nrare-category check (a share changing more than ${report.categoryShift.ratio}× and by more than ${report.categoryShift.points} points):\n`;
    const shiftRows = [
      ['group', 'feature', 'category', 'share', 'ref_share', 'ratio', 'n', 'n_ref'],
      ...shifted.flatMap((f) =>
        f.categoryShifts.map((c) => [f.group, f.feature, c.label, pct(c.share), pct(c.refShare), c.ratio === null ? 'new' : `×${c.ratio.toFixed(2)}`, String(c.generated), String(c.reference)]),
      ),
    ];
    const w = shiftRows[0].map((_, c) => maxOf(shiftRows.map((r) => r[c].length)));
    out += shiftRows.map((r) => r.map((cell, c) => (c < 3 ? cell.padEnd(w[c]) : cell.padStart(w[c]))).join('  ')).join('\n') + '\n';
  }
  for (const u of report.pooled.unmatched) out += `\nnot compared: ${u.logs} ${u.group} log(s) of the ${u.side === 'generated' ? 'generated corpus' : 'reference'}: ${u.reason}`;
  if (report.pooled.unmatched.length > 0) out += '\n';
  out += `\n${report.passed ? 'PASS' : 'DRIFT'}: ${report.pooled.drifted} feature(s) over threshold, ${report.pooled.categoryShifts} category share(s) shifted, ${report.pooled.notMeaningful} not meaningful`;
  if (report.pooled.thresholdsUnderNoise > 0) out += ` (${report.pooled.thresholdsUnderNoise} threshold(s) under the no-drift level)`;
  out += report.perLog ? `; per-log (informational): ${report.perLog.drifted} (log, feature) pair(s) over threshold\n` : '\n';
  if (report.pooled.thresholdsUnderNoise > 0) out += '* threshold under the no-drift level: only a KL above that level counts as drift\n';
  return out;
}

/** Runs `cclupe drift`: bins the logs against a reference (or one built from --against) and reports per feature. */
export async function runDrift(paths: string[], options: DriftOptions): Promise<void> {
  if (!options.reference === !options.against) throw new UsageError('give exactly one of --reference <file> or --against <logs...>', '--reference');
  const thresholds = parseThresholds(options.threshold, options.thresholdFeature);
  const bootstrapSamples = options.bootstrap === undefined ? undefined : Number(options.bootstrap);
  if (bootstrapSamples !== undefined && !(Number.isInteger(bootstrapSamples) && bootstrapSamples >= 100 && bootstrapSamples <= 100_000)) {
    throw new UsageError(`--bootstrap must be an integer from 100 to 100000, got ${options.bootstrap}`, '--bootstrap');
  }
  const categoryShift = {
    ratio: options.categoryRatio === undefined ? DEFAULT_CATEGORY_SHIFT.ratio : parseThreshold(options.categoryRatio, '--category-ratio'),
    points: options.categoryPoints === undefined ? DEFAULT_CATEGORY_SHIFT.points : parseThreshold(options.categoryPoints, '--category-points'),
  };
  if (categoryShift.ratio < 1) throw new UsageError(`--category-ratio must be at least 1, got ${options.categoryRatio}`, '--category-ratio');
  const reference = options.reference
    ? readReference(options.reference)
    : buildReferenceFromPaths(options.against!, { dialect: options.againstDialect, bins: parseBins(options.bins, '--bins', DEFAULT_REFERENCE_BINS) });
  const dialect = options.dialect ? readDialect(options.dialect) : undefined;
  const files = listLogFiles(paths);
  if (files.length === 0) throw new UsageError(`no log files found in ${paths.join(', ')}`, 'logs');
  const acc = new BinnedAccumulator(reference);
  const perLog = options.perLog
    ? new PerLogChecker(reference, { thresholds, bins: parseBins(options.perLogBins, '--per-log-bins', DEFAULT_PER_LOG_BINS), bootstrapSamples })
    : null;
  const progress = createProgress('drift', files.length);
  const summary = streamCorpus(paths, {
    dialect,
    onLog: (log, info) => {
      const add = { kind: info.kind, caps: { timeOfDay: log.hasTimeOfDay, channel: info.hasChannel } };
      acc.add(log, add);
      perLog?.add(log, add);
    },
    onFile: () => progress.tick(),
  });
  progress.stop();
  if (summary.logs === 0) throw new UsageError(`no logs could be read from ${paths.join(', ')}`, 'logs');
  const report = buildDriftReport(reference, acc.result(), {
    thresholds,
    bootstrapSamples,
    categoryShift,
    generatedKinds: acc.kindTotals(),
    ...(perLog ? { perLog: perLog.result() } : {}),
    generated: { ...acc.totals(), corpusHash: summary.corpusHash },
  });
  if (report.pooled.groups.length === 0) throw new UsageError('the logs share no client-kind group with the reference', '--reference');
  if (options.out) writeFileAtomic(claimOutputFile(options.out, '--out'), JSON.stringify(report, null, 2) + '\n');
  if (options.html) {
    // vega and vega-lite load only when a report is asked for, so other commands start fast.
    const { renderDriftHtml } = await import('../../report/drift-html.js');
    writeFileAtomic(claimOutputFile(options.html, '--html'), await renderDriftHtml(report));
  }
  process.stdout.write(options.json ? JSON.stringify(report) + '\n' : formatDriftTable(report));
  if (!report.passed) process.exitCode = 1;
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** Declares `cclupe drift`. */
export function register(program: Command): void {
  program
    .command('drift')
    .description(
      'Compare the distributions of logs with a reference, feature by feature: KL(generated‖reference) in nats with α = 0.5 ' +
        'smoothing, JS distance, PSI, normalised W1 and KS D (continuous features), unseen mass, n, k and the bootstrap ' +
        'no-drift level; per category of the type and channel mixes, a rare-category check (a share that changes more than 2× and by ' +
        'more than 0.5 points is flagged, which pooled KL can miss). Names the client-kind groups it could not compare. Exits 1 when a ' +
        'feature passes its threshold or a category is flagged',
    )
    .argument('<logs...>', 'generated logs: files, directories, or dataset directories (with logs/)')
    .option('--reference <file>', 'reference JSON from `cclupe reference build` (or a shipped one in profiles/reference/)')
    .option('--against <paths...>', 'other logs to build the reference from on the fly, instead of --reference')
    .option('--against-dialect <file>', 'dialect of the --against logs (default: canonical TSV)')
    .option('--bins <k>', 'bins per continuous feature when building from --against', String(DEFAULT_REFERENCE_BINS))
    .option('--dialect <file>', 'dialect of the generated logs (default: canonical TSV)')
    .option('--threshold <kl>', 'KL threshold in nats for every feature', String(DEFAULT_DRIFT_THRESHOLD))
    .option('--threshold-feature <name=kl>', 'threshold for one feature, e.g. amount_out=0.2 (repeatable)', collect, [])
    .option('--per-log', 'also check each log alone, on fewer bins, to list atypical logs (informational: the exit code follows the pooled check)')
    .option('--per-log-bins <k>', 'bins per feature in the per-log check', String(DEFAULT_PER_LOG_BINS))
    .option('--bootstrap <b>', 'bootstrap samples for the no-drift level', '400')
    .option('--category-ratio <r>', 'rare-category check: flag a category whose share changes more than r times (either way)', String(DEFAULT_CATEGORY_SHIFT.ratio))
    .option('--category-points <pp>', 'rare-category check: ... and by more than pp percentage points', String(DEFAULT_CATEGORY_SHIFT.points))
    .option('--json', 'print the report as JSON instead of the table')
    .option('-o, --out <file>', 'also write the JSON report to this file')
    .option('--html <file>', 'write a self-contained HTML report with overlaid histograms')
    .action((paths: string[], options: DriftOptions) => runDrift(paths, options));
}
