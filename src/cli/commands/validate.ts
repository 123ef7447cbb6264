import type { Command } from 'commander';
import { InputError, UsageError } from '../../errors.js';
import { CANONICAL_DIALECT } from '../../reader/dialect-canonical.js';
import { listLogFiles } from '../../io/log-files.js';
import { SEPARATOR_NAMES, separatorMismatch, suggestDialect } from '../../io/sniff-separator.js';
import type { Dialect } from '../../schema/dialect.js';
import { readDialect } from '../../io/dialect-read.js';
import { validateDataset, type ValidateDatasetOptions } from '../../io/validate-dataset.js';
import { formatValidationText } from '../../validate/format-text.js';
import { CHECK_IDS } from '../../validate/registry.js';
import { createProgress } from '../progress.js';
import { parseIntegerOption } from '../integer-option.js';

/** Options of `cclupe validate`, as commander parses them. */
export interface ValidateCliOptions {
  dialect?: string;
  labels?: string;
  json?: boolean;
  filterOut?: string;
  force?: boolean;
  rows?: string;
  rowCount?: boolean;
  tolerance?: string;
  reorder?: boolean;
  period?: string;
  refundWindow?: string;
  only?: string;
  skip?: string;
  maxIssues?: string;
  strict?: boolean;
  write?: boolean;
  maxFileBytes?: string;
}

function parseRange(text: string, field: string): { min: number; max: number } {
  const m = /^(\d+)\.\.(\d+)$/.exec(text.trim());
  if (!m || Number(m[1]) > Number(m[2])) throw new UsageError(`${field} expects MIN..MAX with MIN <= MAX, got ${text}`, field);
  return { min: Number(m[1]), max: Number(m[2]) };
}

function parseNonNegative(text: string, field: string, integer = false): number {
  if (integer) return parseIntegerOption(text, field, { min: 0 });
  const x = Number(text);
  if (text.trim() === '' || !Number.isFinite(x) || x < 0) {
    throw new UsageError(`${field} must be a non-negative number, got ${text}`, field);
  }
  return x;
}

/** A byte count: a positive integer, optionally with a binary K, M or G suffix (`512M`). */
export function parseByteSize(text: string, field: string): number {
  const m = /^(\d+)\s*([KMG]?)i?B?$/i.exec(text.trim());
  const n = m ? Number(m[1]) * 1024 ** ' KMG'.indexOf((m[2] || ' ').toUpperCase()) : NaN;
  if (!m || !Number.isSafeInteger(n) || n <= 0) throw new UsageError(`${field} expects a positive byte count such as 1048576, 512M or 1G, got ${text}`, field);
  return n;
}

function parseChecks(text: string, field: string): string[] {
  const ids = text.split(',').map((s) => s.trim()).filter((s) => s !== '');
  for (const id of ids) if (!CHECK_IDS.includes(id)) throw new UsageError(`${field}: unknown check "${id}"; known: ${CHECK_IDS.join(', ')}`, field);
  return ids;
}

/** Turns CLI options into library options; a bad value is a `UsageError` naming the option. */
export function toDatasetOptions(o: ValidateCliOptions): ValidateDatasetOptions {
  const out: ValidateDatasetOptions = {};
  if (o.dialect) out.dialect = readDialect(o.dialect);
  if (o.labels) out.labelsPath = o.labels;
  if (o.rowCount === false) out.rowCount = null;
  else if (o.rows) out.rowCount = parseRange(o.rows, '--rows');
  if (o.tolerance !== undefined) out.toleranceCents = Math.round(parseNonNegative(o.tolerance, '--tolerance') * 100);
  if (o.reorder !== undefined) out.reorderWithinDay = o.reorder;
  if (o.period) {
    const m = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/.exec(o.period.trim());
    if (!m || m[1] > m[2]) throw new UsageError(`--period expects YYYY-MM-DD..YYYY-MM-DD, got ${o.period}`, '--period');
    out.period = { start: m[1], end: m[2] };
  }
  if (o.refundWindow !== undefined) out.refundWindowDays = parseNonNegative(o.refundWindow, '--refund-window', true);
  if (o.only) out.only = parseChecks(o.only, '--only');
  if (o.skip) out.skip = parseChecks(o.skip, '--skip');
  const both = out.only?.filter((id) => out.skip?.includes(id)) ?? [];
  if (both.length) throw new UsageError(`--only and --skip both name ${both.join(', ')}: a check is either run or skipped`, '--skip');
  if (o.maxIssues !== undefined) out.maxIssuesPerFile = parseNonNegative(o.maxIssues, '--max-issues', true);
  if (o.strict) out.strict = true;
  if (o.write === false) out.writeValidationJson = false;
  if (o.filterOut) out.filterOut = o.filterOut;
  if (o.force) {
    if (!o.filterOut) throw new UsageError('--force applies to --filter-out only', '--force');
    out.force = true;
  }
  if (o.maxFileBytes !== undefined) out.maxFileBytes = parseByteSize(o.maxFileBytes, '--max-file-bytes');
  return out;
}

/**
 * Files whose separator is checked before validating: enough to catch a wrong dialect, cheap on 20,000 logs. The run is
 * refused only when every one of them looks otherwise separated.
 */
const SNIFFED_FILES = 50;

/**
 * Refuses, with one hint, input that is not delimited the way the dialect says (a `;`- or `,`-separated file read
 * as canonical TSV would give one FIELD_COUNT error per row): names the file, what it looks like, and a shipped
 * dialect that fits its header when there is one. Only when every sniffed file looks so: a stray file among good ones
 * gets its own errors in the report instead.
 */
export function checkSeparators(paths: readonly string[], dialect: Pick<Dialect, 'separator'>): void {
  const files = listLogFiles(paths).slice(0, SNIFFED_FILES);
  const wrong = files.map((f) => separatorMismatch(f, dialect)).filter((m) => m !== null);
  // A wrong dialect shows in every file; a few odd files among good ones are those files' own errors, reported with
  // the rest of the corpus rather than refusing it (one stray file must not lose every other file's report).
  if (wrong.length === 0 || wrong.length < files.length) return;
  const m = wrong[0];
  const suggestion = suggestDialect(m);
  const others = wrong.length > 1 ? ` (and ${wrong.length - 1} more of the first ${files.length} files)` : '';
  const expected = dialect.separator === '\t' ? 'tab-separated as the canonical format is' : `${SEPARATOR_NAMES[dialect.separator] ?? JSON.stringify(dialect.separator)}-separated as the dialect says`;
  const hint = suggestion ? `try --dialect ${suggestion}` : 'describe it in a dialect file (docs/validate.md, Dialects) and pass --dialect FILE';
  throw new InputError(`looks ${SEPARATOR_NAMES[m.found]}-separated, not ${expected}${others}; ${hint}`, { file: m.file, line: 1 });
}

/** Runs `cclupe validate`: prints the text or JSON report and sets the exit code (0 clean, 1 any error). */
export function run(paths: string[], o: ValidateCliOptions): void {
  const options = toDatasetOptions(o);
  checkSeparators(paths, options.dialect ?? CANONICAL_DIALECT);
  let progress: ReturnType<typeof createProgress> | null = null;
  options.onProgress = (done, total) => {
    if (total < 200) return;
    if (!progress) progress = createProgress('validate', total);
    progress.tick();
    if (done === total) progress.stop();
  };
  const { results, report, filtered } = validateDataset(paths, options);
  if (o.json) process.stdout.write(JSON.stringify(report, null, 2) + '\n');
  else {
    process.stdout.write(formatValidationText(results, report, { maxIssuesPerFile: options.maxIssuesPerFile ?? 20 }));
    if (filtered) process.stdout.write(`filtered: ${filtered.logs} passing logs in ${filtered.files} files → ${filtered.dir}\n`);
  }
  process.exitCode = report.summary.passed ? 0 : 1;
}

/** Declares `cclupe validate`. */
export function register(program: Command): void {
  program
    .command('validate')
    .description(
      'Validate transaction logs: structure, encoding, balance arithmetic, refund pairing, loan schedules, SME alignment, labels, leakage (docs/validate.md). ' +
        'Takes a dataset directory (logs/, labels.jsonl, manifest.json; writes validation.json into it), a directory of log files, or files. ' +
        'Exit 0 when clean (warnings allowed), 1 on any error, 2 on a usage error.',
    )
    .argument('<paths...>', 'dataset directory, directory of logs, or log files')
    .option('--dialect <file>', 'dialect JSON/YAML file describing a foreign format (default: canonical TSV; see dialects/)')
    .option('--labels <file>', 'labels.jsonl to check against (default: <dataset>/labels.jsonl)')
    .option('--json', 'print the JSON run report (per-check and per-code counts, capped issues per file)')
    .option('--filter-out <dir>', 'copy only the logs that pass, and their labels lines, into this directory')
    .option('--force', 'let --filter-out write into a directory that holds other files (none of them is removed)')
    .option('--rows <min..max>', 'row-count limits (default: 50..300, or the dialect\'s)')
    .option('--no-row-count', 'do not check the row count')
    .option('--tolerance <units>', 'balance tolerance in currency units, e.g. 0.15 (default: 0, or the dialect\'s)')
    .option('--reorder', 'reorder rows within a day to reconcile the balance chain (default: on for date-only logs)')
    .option('--no-reorder', 'never reorder rows within a day')
    .option('--period <start..end>', 'inclusive period YYYY-MM-DD..YYYY-MM-DD (default: from labels or manifest; none for foreign logs)')
    .option('--refund-window <days>', 'days after a purchase in which refunds must come (default: 60)')
    .option('--only <checks>', `run only these checks, comma-separated: ${CHECK_IDS.join(', ')}`)
    .option('--skip <checks>', 'skip these checks, comma-separated')
    .option('--max-issues <n>', 'issues listed per file (default: 20 in text, 50 in JSON)')
    .option('--strict', 'count warnings as errors')
    .option('--no-write', 'do not write validation.json into the dataset directory')
    .option('--max-file-bytes <n>', 'largest file read, in bytes, or with a K/M/G suffix (default: 1G); a larger file is a READ_ERROR')
    .action((paths: string[], o: ValidateCliOptions) => run(paths, o));
}
