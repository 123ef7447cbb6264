import { statSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { InputError, UsageError } from '../../errors.js';
import { openDataset } from '../../io/dataset.js';
import { renderPrompt, type PromptStyle } from '../../questions/render.js';
import { ROWS_HEADER, formatRow } from '../../log/format-tsv.js';
import type { Item } from '../../schema/item.js';
import type { Log } from '../../schema/log-row.js';

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The text `cclupe show` prints: the rendered prompt, then the computed answer, its program and evidence rows. */
export function formatShow(item: Item, log: Log, style: PromptStyle): string {
  const p = renderPrompt(item, log, { style });
  const gold = item.options.filter((o) => item.answer.includes(o.key));
  const evidence = new Set(item.evidence);
  const rows = log.rows.filter((r) => evidence.has(r.txn_id));
  return [
    '=== system ===',
    p.system,
    '',
    '=== user ===',
    p.user,
    '',
    '=== answer ===',
    `Answer: ${item.answer.join(', ')}  (${gold.map((o) => o.text).join(' | ')})`,
    ...(item.numeric_answer !== undefined ? [`exact value: ${item.numeric_answer}`] : []),
    ...item.options.filter((o) => o.misconception).map((o) => `  ${o.key} is the misconception "${o.misconception}"`),
    `tags: ${item.client_kind} · ${item.format} · ${item.domain} · ${item.sub_domain} · ${item.perspective}/${item.logic} · ${item.cognition} · ${item.difficulty} (${item.steps} steps) · template ${item.template.id} v${item.template.version}`,
    'program:',
    ...item.program.map((s, i) => `  ${i + 1}. ${s}`),
    `evidence rows (${rows.length}):`,
    ...(rows.length ? [ROWS_HEADER, ...rows.map(formatRow)] : ['  (none: the answer uses the whole log)']),
  ].join('\n');
}

/** Registers `cclupe show`. */
export function register(program: Command): void {
  program
    .command('show')
    .description('print the exact prompt a model sees for one item, with the computed answer and its evidence rows')
    .usage('[options] <dataset> <item-id>')
    .argument('<dataset>', 'dataset directory holding questions.jsonl and logs/')
    .argument('[item-id]', 'item id, e.g. p000017-q04')
    .addOption(new Option('--dataset <dir>', 'the dataset directory as an option, as in earlier versions (show ID --dataset DIR)').hideHelp())
    .option('--style <style>', 'stem style: third ("this account") or first ("my account")', 'third')
    .option('--json', 'print the item record and rendered prompt as JSON')
    .action((first: string, second: string | undefined, o: { dataset?: string; style: string; json?: boolean }) => {
      // `show DATASET ID`, like every other command; `show ID --dataset DIR` (and `show ID` in a dataset) still work.
      // `show DIR` alone names a dataset and no item: say so, rather than look for an item DIR in the current directory
      if (second === undefined && o.dataset === undefined && isDirectory(first)) {
        throw new UsageError(`missing the item id: cclupe show ${first} <item-id> (e.g. ${first} p000017-q04)`, '<item-id>');
      }
      const [dataset, id] = second !== undefined ? [first, second] : [o.dataset ?? '.', first];
      if (o.style !== 'third' && o.style !== 'first') throw new UsageError(`--style must be third or first, got ${o.style}`, '--style');
      const ds = openDataset(dataset);
      const qfile = ds.files.questions;
      if (!ds.hasQuestions()) throw new InputError('no questions.jsonl (run cclupe questions first)', { file: qfile });
      const item = ds.questions().find((it) => it.id === id);
      if (!item) throw new UsageError(`no item ${id} in ${qfile}`, '<item-id>');
      const log = ds.findLog(item.log_id);
      if (o.json) process.stdout.write(JSON.stringify({ item, prompt: renderPrompt(item, log, { style: o.style }) }, null, 2) + '\n');
      else process.stdout.write(formatShow(item, log, o.style) + '\n');
    });
}
