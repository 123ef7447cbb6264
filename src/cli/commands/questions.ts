import type { Command } from 'commander';
import { InputError, UsageError } from '../../errors.js';
import { buildDatasetQuestions } from '../../questions/dataset.js';
import type { Coverage } from '../../questions/coverage.js';
import { readDatasetLogs, writeQuestionFiles } from '../../io/questions-dataset.js';
import { TEMPLATES } from '../../questions/templates/index.js';
import { DOMAIN_TITLES, COGNITION_TITLES } from '../../questions/taxonomy.js';
import { SUB_DOMAIN_TITLES } from '../../schema/signal-id.js';
import type { Item } from '../../schema/item.js';

/** Options of `runQuestions`. */
export interface RunQuestionsOptions {
  /** Dataset directory (with `logs/`, `labels.jsonl`, `manifest.json`) or a folder of TSV logs. */
  dir: string;
  /** Question seed; default the manifest's master seed, else "0". */
  seed?: string;
}

/** What `runQuestions` wrote and found. */
export interface RunQuestionsResult {
  items: Item[];
  problems: string[];
  unreadable: string[];
  coverage: Coverage & { seed: string; templates: number; problems: string[]; unreadable: string[] };
  files: { questions: string; coverage: string };
}

/**
 * Builds the questions of a dataset and writes `questions.jsonl` and `questions-coverage.json` atomically.
 * Logs that cannot support a full balanced set are listed in `problems`, never padded. Used by
 * `cclupe questions` and by `cclupe generate --questions`.
 */
export function runQuestions(options: RunQuestionsOptions): RunQuestionsResult {
  const data = readDatasetLogs(options.dir);
  if (data.logs.length === 0) {
    throw new InputError(`no readable logs${data.unreadable.length ? ` (${data.unreadable.length} unreadable)` : ''}`, { file: options.dir });
  }
  const seed = options.seed ?? data.masterSeed ?? '0';
  const built = buildDatasetQuestions(data.logs, { seed });
  const coverage = { seed, templates: TEMPLATES.length, ...built.coverage, problems: built.problems, unreadable: data.unreadable };
  const files = writeQuestionFiles(options.dir, built.items, coverage);
  return { items: built.items, problems: built.problems, unreadable: data.unreadable, coverage, files };
}

function block(title: string, counts: Record<string, number>, label: (k: string) => string = (k) => k): string[] {
  const total = Object.values(counts).reduce((s, x) => s + x, 0) || 1;
  const width = Math.max(...Object.keys(counts).map((k) => label(k).length), title.length);
  return [
    title,
    ...Object.entries(counts).map(([k, n]) => `  ${label(k).padEnd(width)}  ${String(n).padStart(7)}  ${((100 * n) / total).toFixed(1).padStart(5)}%`),
  ];
}

/** The coverage summary as a plain-text table. */
export function formatCoverageTable(c: Coverage): string {
  const lines = [
    `logs ${c.logs}, with items ${c.logs_with_items}, items ${c.items}`,
    '',
    ...block('domain', c.domain, (k) => DOMAIN_TITLES[k as keyof typeof DOMAIN_TITLES] ?? k),
    '',
    ...block('sub-domain', c.sub_domain, (k) => SUB_DOMAIN_TITLES[k as keyof typeof SUB_DOMAIN_TITLES] ?? k),
    '',
    ...block('cognition', c.cognition, (k) => COGNITION_TITLES[k as keyof typeof COGNITION_TITLES] ?? k),
    '',
    ...block('difficulty', c.difficulty),
    '',
    ...block('format', c.format),
    '',
    ...block('answer position (single, calc)', c.answer_position),
    '',
    ...block('correct keys (multi)', c.multi_answer_keys),
    '',
    ...block('perspective / logic', c.logic),
  ];
  const missing = Object.entries(c.missing).filter(([, v]) => v.length);
  lines.push('', missing.length ? `missing: ${missing.map(([k, v]) => `${k}: ${v.join(', ')}`).join('; ')}` : 'missing: none');
  return lines.join('\n');
}

/** Registers `cclupe questions`. */
export function register(program: Command): void {
  program
    .command('questions')
    .description('build 15 computed questions per log (single, multi-select, calc) and write questions.jsonl plus a coverage summary')
    .argument('<dataset>', 'dataset directory (logs/, labels.jsonl, manifest.json) or a folder of canonical TSV logs')
    .option('--seed <seed>', 'question seed (default: the manifest master seed, else 0)')
    .option('--json', 'print the coverage summary as JSON instead of a table')
    .action((dir: string, o: { seed?: string; json?: boolean }) => {
      if (o.seed !== undefined && o.seed.trim() === '') throw new UsageError('--seed must not be empty', '--seed');
      const r = runQuestions({ dir, seed: o.seed });
      if (o.json) process.stdout.write(JSON.stringify(r.coverage, null, 2) + '\n');
      else {
        process.stdout.write(formatCoverageTable(r.coverage) + '\n');
        process.stdout.write(`\nwrote ${r.files.questions} (${r.items.length} items) and ${r.files.coverage}\n`);
        if (r.problems.length) {
          process.stdout.write(`${r.problems.length} logs could not support a full balanced set:\n`);
          for (const p of r.problems.slice(0, 20)) process.stdout.write(`  ${p}\n`);
          if (r.problems.length > 20) process.stdout.write(`  … and ${r.problems.length - 20} more (see questions-coverage.json)\n`);
        }
        for (const u of r.unreadable) process.stdout.write(`unreadable: ${u}\n`);
      }
    });
}
