// Validator throughput: logs/s for the structural + arithmetic + pairing checks on generated logs (read from TSV
// text, with their labels), the same with the sixteen detectors re-run (labels consistency), and the Berka file.
// One core, in-process. Rates are logs per second of this process's CPU time (one core, not counting time other
// processes take from it on a shared machine); `*_wall` are wall-clock rates. Prints one JSON line.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { generateLog } from '../dist/synth/index.js';
import { loadProfile } from '../dist/io/profiles.js';
import { formatLogTsv } from '../dist/log/index.js';
import { parseLogText } from '../dist/reader/parse-log.js';
import { readDialect } from '../dist/io/dialect-read.js';
import { validateLog } from '../dist/validate/validate-log.js';
import { validateDataset } from '../dist/io/validate-dataset.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const profiles = ['personal-healthy', 'personal-overdue', 'sme-healthy', 'sme-overdue'].map((p) => loadProfile(p));
const N = 400;
const corpus = [];
for (let i = 0; i < N; i++) {
  const { log, labels } = generateLog(profiles[i % profiles.length], { masterSeed: 'bench-validate', index: i });
  corpus.push({ text: formatLogTsv(log), labels, id: log.logId });
}
const rows = corpus.reduce((s, c) => s + c.labels.rows, 0);

function run(skip) {
  let issues = 0;
  for (const c of corpus) {
    const { logs, issues: read } = parseLogText(c.text, { file: `${c.id}.tsv`, logId: c.id });
    issues += read.length;
    for (const log of logs) issues += validateLog(log, { labels: c.labels, skip }).length;
  }
  return issues;
}
// Warm-up runs first (JIT tiers settle over the first few passes), then the mean of `reps` timed passes. Each pass
// is 400 logs (~0.2 s), so a handful of passes would leave one GC pause or tier-up weighing on the figure.
function time(fn, reps, warm = 3) {
  for (let w = 0; w < warm; w++) fn();
  const t0 = process.hrtime.bigint();
  const c0 = process.cpuUsage();
  for (let r = 0; r < reps; r++) fn();
  const cpu = process.cpuUsage(c0);
  return { wall: Number(process.hrtime.bigint() - t0) / 1e9 / reps, cpu: (cpu.user + cpu.system) / 1e6 / reps };
}
const issuesCore = run(['labels']);
const core = time(() => run(['labels']), 10);
const all = time(() => run([]), 6);
const out = {
  area: 'validate',
  logs: N,
  rows,
  issues_on_generated: issuesCore,
  logs_per_s: Math.round(N / core.cpu),
  logs_per_s_wall: Math.round(N / core.wall),
  rows_per_s: Math.round(rows / core.cpu),
  logs_per_s_with_detectors: Math.round(N / all.cpu),
  logs_per_s_with_detectors_wall: Math.round(N / all.wall),
};
const berka = join(root, '..', 'shared', 'data', 'berka', 'trans_test.csv');
if (existsSync(berka)) {
  const dialect = readDialect(join(root, 'dialects', 'berka.json'));
  let res;
  const t = time(() => (res = validateDataset([berka], { dialect, writeValidationJson: false })), 3);
  out.berka_s = Number(t.cpu.toFixed(3));
  out.berka_s_wall = Number(t.wall.toFixed(3));
  out.berka_logs = res.report.summary.logs;
  out.berka_rows = res.report.summary.rows;
  out.berka_errors = res.report.summary.errors;
  out.berka_text_bytes = readFileSync(berka).length;
} else out.berka_s = null;
// how fast this core is right now: CPU ms for 1e8 integer additions (≈ 35–50 ms on an idle 3 GHz core); on a
// shared, loaded machine this grows and every rate above shrinks with it
{
  const c0 = process.cpuUsage();
  let s = 0;
  for (let i = 0; i < 1e8; i++) s += i & 7;
  const c = process.cpuUsage(c0);
  out.calibration_ms_1e8_adds = Math.round((c.user + c.system) / 1e3 + (s < 0 ? 1 : 0));
}
console.log(JSON.stringify(out));
