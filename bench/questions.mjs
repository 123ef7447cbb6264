// Questions benchmark: prints one JSON object.
//
// Every timed pass builds logs that this process has never built before, as `cclupe questions` does (a run sees each
// log once). Building the same logs again is faster than building new ones (per-log caches such as the leakage
// check's names hit, and value-keyed caches hit on the same golds); an earlier version of this bench timed repeated
// builds of one set of logs and read about a fifth too high for that reason, and about a third too low for another
// (its passes came early in the JIT's warm-up). Figures:
// - `cold_with_balancing_logs_per_s`: the first dataset pass of the process (1,000 new logs, a cold JIT): what the
//   builder does in a `cclupe questions` run of 1,000 logs;
// - `with_balancing_logs_per_s` (the #13 gate, >= 800 on one core): steady-state throughput of the whole dataset
//   build (every log's items, then the balancing pass), after WARM passes of warm-up on other new logs; the best of
//   three passes, each on its own 1,000 new logs, since a shared machine stretches single passes by 2x and more;
//   CPU time is reported next to it (the least of the three passes);
// - `logs_per_s`: the same for the per-log builds alone (no balancing pass);
// - `from_tsv_logs_per_s`: canonical TSV text parsed (parseLogText) and then built, per log;
// - `repeat_with_balancing_logs_per_s`: the last timed logs built a second time (for comparison with old figures);
// - `e2e_logs_per_s`: `cclupe questions` spawned on a generated dataset of E2E logs (default 5,000;
//   BENCH_QUESTIONS_E2E=0 skips it): reading the logs and writing questions.jsonl included, JIT warm-up included;
// - template runs per log (machine-independent work figures) and a calibration figure: the CPU time of sorting 1e6
//   doubles, to read the throughput of a slow or shared machine in proportion.
// Logs come from every shipped profile in turn, as read from a dataset (labels.jsonl names the profile, and the
// builder balances answers within it).
// Figures (2026-12-06, calibration 470-560 ms): the builder before the fresh-log speed round read 601-770 the old way
// and 884-899 this way; after it, 912-1,024 this way (the old way cannot tell the two apart), cold ~185-200, end to
// end on 5,000 logs 359-363 logs/s.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { generateLog } from '../dist/synth/index.js';
import { listProfiles, loadProfile } from '../dist/io/profiles.js';
import { buildDatasetQuestions, buildItems, TEMPLATES } from '../dist/questions/index.js';
import { formatLogTsv } from '../dist/log/index.js';
import { parseLogText } from '../dist/reader/parse-log.js';

const N = 1000;
const WARM = Number(process.env.BENCH_QUESTIONS_WARM ?? 6);
const E2E = Number(process.env.BENCH_QUESTIONS_E2E ?? 5000);
const cli = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli', 'main.js');
const profiles = listProfiles().map((n) => loadProfile(n));

/** The `k`-th set of N logs: a master seed of its own, so no two sets share a log. */
let sets = 0;
function newLogs() {
  const seed = `bench-questions-${sets++}`;
  return Array.from({ length: N }, (_, i) => {
    const p = profiles[i % profiles.length];
    return { ...generateLog(p, { masterSeed: seed, index: i }).log, profile: p.name };
  });
}

function timed(fn) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const out = fn();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { out, wall, cpu: (c.user + c.system) / 1000 };
}

/**
 * `fn` on three sets of new logs (each first passed through `prepare`, untimed): the pass with the least wall time,
 * `cpu` the least CPU time of any pass.
 */
function bestOfNew(fn, prepare = (logs) => logs) {
  let best = null;
  let cpu = Infinity;
  let last = null;
  for (let k = 0; k < 3; k++) {
    last = newLogs();
    const input = prepare(last);
    const r = timed(() => fn(input));
    cpu = Math.min(cpu, r.cpu);
    if (!best || r.wall < best.wall) best = r;
  }
  return { ...best, cpu, logs: last };
}

const perS = (ms) => Math.round((N / ms) * 1000);

const cold = timed(() => buildDatasetQuestions(newLogs(), { seed: 'bench' }));
for (let k = 0; k < WARM; k++) buildDatasetQuestions(newLogs(), { seed: 'bench' });

// The whole dataset as `cclupe questions` builds it: every log's items, then the dataset balancing pass (which
// rebuilds the few logs whose items keep a template's answers, ranks or multi texts over their quota).
const dataset = bestOfNew((logs) => buildDatasetQuestions(logs, { seed: 'bench' }));
const repeat = timed(() => buildDatasetQuestions(dataset.logs, { seed: 'bench' }));

const mem = bestOfNew((logs) => {
  let items = 0;
  let problems = 0;
  for (const log of logs) {
    const r = buildItems(log, { seed: 'bench' });
    items += r.items.length;
    if (r.problems.length) problems++;
  }
  return { items, problems };
});

const file = bestOfNew(
  (texts) => {
    let items = 0;
    for (const { l, text } of texts) {
      const parsed = parseLogText(text, { file: `${l.logId}.tsv` });
      const log = { ...parsed.logs[0], clientKind: l.clientKind, businessCategory: l.businessCategory };
      items += buildItems(log, { seed: 'bench' }).items.length;
    }
    return { items };
  },
  (logs) => logs.map((l) => ({ l, text: formatLogTsv(l) })),
);

// Work per log, machine-independent: template programs run (built lazily), how many of them gave no draft, and how
// many of those the answer-aware acceptance stopped before their options and program (`TemplateContext.admit`).
let templateRuns = 0;
let templateNulls = 0;
let templateDeclinedEarly = 0;
const counted = TEMPLATES.map((t) => ({
  ...t,
  build(ctx) {
    templateRuns++;
    const admit = ctx.admit && ((a) => ctx.admit(a) || (templateDeclinedEarly++, false));
    const d = t.build({ ...ctx, admit });
    if (!d) templateNulls++;
    return d;
  },
}));
const countLogs = newLogs();
for (const log of countLogs) buildItems(log, { seed: 'bench', templates: counted });
const rows = countLogs.reduce((a, l) => a + l.rows.length, 0);

/** `cclupe questions` on a generated dataset of E2E logs: logs per second of the whole command, or null. */
function endToEnd() {
  if (!(E2E > 0)) return null;
  const dir = mkdtempSync(join(os.tmpdir(), 'cclupe-bench-questions-'));
  try {
    const env = { ...process.env, CI: '1' };
    const gen = spawnSync(process.execPath, [cli, 'generate', '--count', String(E2E), '--seed', 'bench', '--out', dir, '--json'], { encoding: 'utf8', env });
    if (gen.status !== 0) throw new Error(`generate: ${gen.stderr.trim()}`);
    const t0 = performance.now();
    const q = spawnSync(process.execPath, [cli, 'questions', dir, '--json'], { encoding: 'utf8', env, maxBuffer: 64 << 20 });
    const wall = performance.now() - t0;
    if (q.status !== 0) throw new Error(`questions: ${q.stderr.trim()}`);
    return Math.round((E2E / wall) * 1000);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const e2e = endToEnd();

// Calibration: CPU time of sorting 1e6 doubles with a comparator; compare it with the same figure on another machine
// to read the throughput of a slow or shared machine in proportion.
const calib = timed(() => Float64Array.from({ length: 1e6 }, (_, i) => Math.sin(i)).sort((a, b) => a - b).length);

process.stdout.write(
  JSON.stringify({
    area: 'questions',
    logs: N,
    warm_up_passes: WARM,
    rows_per_log: +(rows / N).toFixed(1),
    items: mem.out.items,
    logs_without_full_set: mem.out.problems,
    cold_with_balancing_logs_per_s: perS(cold.wall),
    with_balancing_logs_per_s: perS(dataset.wall),
    with_balancing_logs_per_cpu_s: perS(dataset.cpu),
    balancing_logs_rebuilt: dataset.out.balancing?.logs_rebuilt ?? 0,
    repeat_with_balancing_logs_per_s: perS(repeat.wall),
    logs_per_s: perS(mem.wall),
    logs_per_cpu_s: perS(mem.cpu),
    items_per_s: Math.round((mem.out.items / mem.wall) * 1000),
    ms_per_log: +(mem.wall / N).toFixed(3),
    from_tsv_logs_per_s: perS(file.wall),
    from_tsv_logs_per_cpu_s: perS(file.cpu),
    e2e_logs: E2E > 0 ? E2E : 0,
    e2e_logs_per_s: e2e,
    template_runs_per_log: +(templateRuns / N).toFixed(1),
    template_nulls_per_log: +(templateNulls / N).toFixed(1),
    template_declined_early_per_log: +(templateDeclinedEarly / N).toFixed(1),
    calibration_sort_1e6_cpu_ms: Math.round(calib.cpu),
  }) + '\n',
);
