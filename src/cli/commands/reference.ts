import type { Command } from 'commander';
import { DEFAULT_REFERENCE_BINS } from '../../drift/compare.js';
import { FEATURE_IDS } from '../../schema/drift-features.js';
import { UsageError } from '../../errors.js';
import { readDialect } from '../../io/dialect-read.js';
import { listLogFiles } from '../../io/log-files.js';
import { claimOutputFile } from '../../io/output-guard.js';
import { buildReferenceFromFiles, writeReference } from '../../io/reference-file.js';
import type { Reference } from '../../schema/reference.js';
import { VERSION } from '../../version.js';
import { createProgress } from '../progress.js';

/** Options of `cclupe reference build`. */
export interface ReferenceBuildOptions {
  out: string;
  dialect?: string;
  bins?: string | number;
  label?: string;
  json?: boolean;
}

/** Parses a positive integer option or throws a UsageError naming it. */
export function parseBins(value: string | number | undefined, field: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 2 || n > 200) throw new UsageError(`${field} must be an integer from 2 to 200, got ${value}`, field);
  return n;
}

/** Streams logs into a reference, with a progress bar on a TTY (shared with `cclupe drift --against`). */
export function buildReferenceFromPaths(paths: readonly string[], options: { dialect?: string; bins: number; label?: string }): Reference {
  const dialect = options.dialect ? readDialect(options.dialect) : undefined;
  const progress = createProgress('reference', listLogFiles(paths).length);
  try {
    return buildReferenceFromFiles(paths, {
      dialect,
      dialectLabel: options.dialect ? (dialect?.name ?? options.dialect) : undefined,
      bins: options.bins,
      label: options.label,
      createdBy: `cclupe-kit ${VERSION}`,
      onFile: () => progress.tick(),
    });
  } finally {
    progress.stop();
  }
}

/** Runs `cclupe reference build`: writes the reference and prints a one-line summary (or JSON with --json). */
export function runReferenceBuild(paths: string[], options: ReferenceBuildOptions): void {
  const bins = parseBins(options.bins, '--bins', DEFAULT_REFERENCE_BINS);
  // checked before the logs are read: a directory or a file in the way is a one-line usage error, not one after the work
  const out = claimOutputFile(options.out, '--out');
  const reference = buildReferenceFromPaths(paths, { dialect: options.dialect, bins, label: options.label });
  writeReference(out, reference);
  const all = reference.groups.all!;
  const unavailable = FEATURE_IDS.filter((id) => !all.features[id].available);
  const groups = Object.keys(reference.groups);
  if (options.json) {
    process.stdout.write(JSON.stringify({ out: options.out, source: reference.source, groups, unavailable }) + '\n');
    return;
  }
  process.stdout.write(
    `reference: ${reference.source.logs} logs, ${reference.source.rows} rows from ${reference.source.files} files; groups ${groups.join(', ')}; ` +
      `${FEATURE_IDS.length - unavailable.length} features${unavailable.length ? ` (unavailable: ${unavailable.join(', ')})` : ''} → ${options.out}\n`,
  );
}

/** Declares `cclupe reference build`. */
export function register(program: Command): void {
  const reference = program.command('reference').description('Freeze reference distributions for drift checks (docs/drift.md)');
  reference
    .command('build')
    .description(
      'Read logs (files or directories, any dialect the reader knows) in one streaming pass and freeze per-feature bins ' +
        '(equal-frequency edges for continuous features, one bin per category plus OTHER), counts, n, the corpus hash and a schema version',
    )
    .argument('<paths...>', 'log files, directories of logs, or dataset directories (with logs/)')
    .requiredOption('-o, --out <file>', 'reference JSON to write')
    .option('--dialect <file>', 'dialect JSON of the input (default: canonical TSV), e.g. dialects/berka.json')
    .option('--bins <k>', `bins per continuous feature (duplicate edges merged, so some get fewer)`, String(DEFAULT_REFERENCE_BINS))
    .option('--label <text>', 'free-text description stored in the reference')
    .option('--json', 'print a JSON summary instead of a line')
    .action((paths: string[], options: ReferenceBuildOptions) => runReferenceBuild(paths, options));
}
