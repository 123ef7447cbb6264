import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { EXPORT_FORMATS, exportDataset, type ExportFormat } from '../../io/export.js';
import { listLogFiles } from '../../io/log-files.js';
import { createProgress } from '../progress.js';

/** Options of `cclupe export`. */
export interface ExportCliOptions {
  format?: string;
  out?: string;
  predictions?: string[];
  license?: string;
  force?: boolean;
  json?: boolean;
}

/** Runs `cclupe export`: writes the dataset's tables as Parquet (and a dataset card for `hf`), then a summary. */
export function runExport(dataset: string, options: ExportCliOptions): string {
  const format = (options.format ?? 'parquet') as ExportFormat;
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format must be one of ${EXPORT_FORMATS.join(', ')}, got ${options.format}`, '--format');
  if (!options.out) throw new UsageError('-o/--out DIR is required', '--out');
  if (options.license !== undefined && !/^[A-Za-z0-9][A-Za-z0-9.+-]*$/.test(options.license)) {
    throw new UsageError(`--license expects an SPDX-style id such as mit or cc-by-4.0, got ${options.license}`, '--license');
  }
  const progress = createProgress('export', listLogFiles(dataset).length);
  let result;
  try {
    result = exportDataset(dataset, { format, out: options.out, predictions: options.predictions, license: options.license, force: options.force, onLog: () => progress.tick() });
  } finally {
    progress.stop();
  }
  if (options.json) return JSON.stringify({ out: result.out, format: result.format, tables: result.tables.map((t) => ({ name: t.name, path: t.path, rows: t.rows })) }) + '\n';
  const lines = result.tables.map((t) => `  ${t.path}  ${t.rows} rows, ${t.columns.length} columns`);
  return `exported ${dataset} to ${result.out} (${format}):\n${lines.join('\n')}\n${format === 'hf' ? '  README.md  dataset card (configs: ' + result.tables.map((t) => t.name).join(', ') + ')\n' : ''}`;
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** Declares `cclupe export`. */
export function register(program: Command): void {
  program
    .command('export')
    .summary('write a dataset as Parquet tables, or as a Hugging Face datasets repository with a dataset card')
    .description(
      'Export a dataset directory as Parquet: logs (one row per transaction, with log_id; money as decimal(18,2), timestamps as ' +
        'timestamp[ms]), labels (one row per log, each signal as flat columns), questions (one row per item) and, with --predictions, ' +
        'predictions. --format hf writes data/*.parquet and a README.md dataset card with YAML configs for each table, the generation ' +
        'parameters and seed, license, intended use and limits. Files are written atomically; the same dataset gives the same bytes.',
    )
    .argument('<dataset>', 'dataset directory (logs/, labels.jsonl, questions.jsonl, manifest.json)')
    .option('--format <format>', `layout: ${EXPORT_FORMATS.join(' or ')}`, 'parquet')
    .option('-o, --out <dir>', 'output directory: new, empty, or an export of ours (one killed half-way is written again); locked while written')
    .option('--predictions <file>', 'a predictions JSONL file or an eval run directory to add to the predictions table (repeatable)', collect, [])
    .option('--license <id>', 'license id for the dataset card (hf)', 'mit')
    .option('--force', 'write into a directory that holds other files (files of the same names are replaced, no other is removed)')
    .option('--json', 'print the written tables as JSON')
    .action((dataset: string, options: ExportCliOptions) => {
      process.stdout.write(runExport(dataset, options));
    });
}
