#!/usr/bin/env node
// The main job on built-in defaults, end to end, offline:
//   generate → validate → questions → drift (against a second seed) → eval a baseline → score all baselines
//   → the validity audit (log-free learners trained on the second seed's questions).
// Everything lands in ./demo-out (recreated on each run). Usage: npm run demo [-- --count N]
import { readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli', 'main.js');
const out = join(root, 'demo-out');
const countArg = process.argv.indexOf('--count');
const count = countArg > 0 ? process.argv[countArg + 1] : '200';
const mix = 'personal-healthy=1,personal-overdue=1,sme-healthy=1,sme-overdue=1';
const rel = (p) => relative(process.cwd(), p) || '.';

function step(title, args, { okCodes = [0], filter } = {}) {
  process.stdout.write(`\n━━ ${title}\n$ cclupe ${args.map((a) => (a.includes(' ') ? `'${a}'` : a)).join(' ')}\n`);
  const r = spawnSync(process.execPath, [cli, ...args], {
    cwd: process.cwd(),
    stdio: filter ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    encoding: 'utf8',
  });
  if (filter) process.stdout.write(filter(r.stdout ?? ''));
  if (!okCodes.includes(r.status ?? -1)) {
    process.stderr.write(`demo: step "${title}" failed with exit code ${r.status}\n`);
    process.exit(r.status || 1);
  }
  return r.status;
}

rmSync(out, { recursive: true, force: true });
const dataset = join(out, 'dataset');
const second = join(out, 'dataset-seed-43');

step(`Generate ${count} logs (four base profiles, seed 42) with questions`, [
  'generate', '--count', count, '--profile', mix, '--seed', '42', '--out', rel(dataset), '--questions',
]);
step('Validate the dataset (arithmetic, pairing, schedules, alignment, labels, leakage)', ['validate', rel(dataset)]);
step(`Generate a second corpus with another seed (43) to check for drift and to calibrate the validity audit`, [
  'generate', '--count', count, '--profile', mix, '--seed', '43', '--out', rel(second), '--questions',
]);
const driftCode = step(
  'Drift: seed 42 against seed 43, per feature, with an HTML report',
  ['drift', rel(dataset), '--against', rel(second), '--html', rel(join(out, 'drift.html'))],
  { okCodes: [0, 1] },
);
const firstItem = JSON.parse(readFileSync(join(dataset, 'questions.jsonl'), 'utf8').split('\n')[0]);
// The prompt holds the whole log; the demo prints its first rows only.
const shortenLog = (text) =>
  text.replace(/<log>\n((?:.*\n){6})([\s\S]*?)<\/log>/, (_, head, rest) => `<log>\n${head}… ${rest.split('\n').length - 1} more rows …\n</log>`)
    .replace(/(evidence rows \(\d+\):\n(?:.*\n){6})[\s\S]*$/, '$1…\n');
step('Show one computed item as a model sees it', ['show', rel(dataset), firstItem.id], { filter: shortenLog });
step('Run the eval harness offline with a baseline model', [
  'eval', rel(dataset), '--model', 'baseline:first-option', '--out', rel(join(out, 'run-first-option')),
]);
step('Score every built-in baseline (CCLUPE Table 3 rows, ×100)', [
  'score', rel(dataset), '--baseline', 'all', '--format', 'markdown',
]);
const validityCode = step(
  'Validity audit: can answers be had without reading the log? (log-free learners, other-log oracle, gates)',
  ['validity', rel(dataset), '--calibration', rel(second), '--format', 'markdown', '--html', rel(join(out, 'validity.html'))],
  { okCodes: [0, 1] },
);

process.stdout.write(
  `\nDone. Outputs in ${rel(out)}/: dataset/ (logs, labels.jsonl, questions.jsonl, validation.json, manifest.json), ` +
    `drift.html${driftCode === 1 ? ' (some feature passed its threshold)' : ''}, run-first-option/ (results.json, report.html), ` +
    `validity.html${validityCode === 1 ? ' (some validity gate fails)' : ''}.\n`,
);
