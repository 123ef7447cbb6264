// Harness overhead of `cclupe eval`: the real openai client, retry layer, semaphore, fsynced response store,
// extraction and scoring against a loopback OpenAI-compatible server that answers instantly (run in its own
// process so that its CPU is not charged to the harness), at concurrency 64. Prints one JSON object.
//
// Figures (all over the same 3,000 items, after a warm-up: a few logs, then one full-size run, timed on its own):
// - harness_only_items_per_s: wall rate with an in-process instant transport (no SDK, no HTTP): our own work alone.
//   harness_only_items_per_cpu_s is the same run per CPU-second of this process (user + system), which other load on
//   the machine does not change; the wall rate falls with the load (and waits on fsync, which takes no CPU).
// - http_*: the real path (openai client over HTTP to the server process).
//   - http_harness_items_per_cpu_s: items per CPU-second of the harness process (user + system). This is the
//     harness overhead the target is about; it does not depend on what else the machine is running.
//   - http_first_run_harness_cpu_ms_per_item: the same for the first full-size run, JIT warm-up included.
//   - http_server_cpu_ms_per_item: CPU of the loopback server process per item (a stand-in for the model server).
//   - http_wall_items_per_s: items per wall-clock second. On a machine with few cores the server and any other load
//     compete with the harness, so this is a property of the machine, not of the harness;
//     http_wall_ceiling_items_per_s is what the two processes' measured CPU allows on `cores` idle cores
//     (the harness is one thread, so the ceiling is also at most its CPU rate).
import { availableParallelism } from 'node:os';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { parseEvalConfig, runEval } from '../dist/eval/index.js';
import { loadEvalDataset } from '../dist/io/eval-dataset.js';
import { formatLogTsv } from '../dist/log/format-tsv.js';
import { COGNITION_LEVELS, DOMAINS } from '../dist/schema/item.js';

const LOGS = Number(process.env.BENCH_EVAL_LOGS ?? 200);
const CONCURRENCY = 64;

function writeDataset(dir) {
  mkdirSync(join(dir, 'logs'), { recursive: true });
  const items = [];
  for (let l = 0; l < LOGS; l++) {
    const logId = `B${String(l).padStart(4, '0')}`;
    let balance = 100_000;
    const rows = [];
    for (let d = 1; d <= 40; d++) {
      const amount = d % 3 === 0 ? 40_000 + d : -(900 + 17 * d);
      balance += amount;
      rows.push({
        txn_id: `${logId}-T${d}`, timestamp: `2024-${String(1 + (d % 12)).padStart(2, '0')}-10 09:00:00`,
        type: amount > 0 ? 'Salary' : 'Transfer Out', channel: 'TRANSFER', counterparty: amount > 0 ? 'Employer' : 'Shop',
        amountCents: amount, balanceCents: balance, status: 'SUCCESS', location: 'CZ', remark: amount > 0 ? 'payroll' : 'purchase',
      });
    }
    writeFileSync(join(dir, 'logs', `${logId}.tsv`), formatLogTsv({ rows }));
    for (let k = 0; k < 15; k++) {
      const multi = k % 5 === 0;
      const keys = (multi ? 'ABCDE' : 'ABCD').split('');
      items.push({
        id: `${logId}-q${k}`, log_id: logId, client_kind: 'personal', format: multi ? 'multi' : 'single',
        stem: `Which statement about the account holds (${'abcdefghijklmno'[k]})?`,
        stem_first_person: `Which statement about my account holds (${'abcdefghijklmno'[k]})?`,
        options: keys.map((key) => ({ key, text: `Option ${key} text` })),
        answer: multi ? ['A', 'C'] : [keys[(l + k) % 4]],
        domain: DOMAINS[k % 7], sub_domain: 'others', perspective: 'p', logic: 'l', cognition: COGNITION_LEVELS[k % 4],
        difficulty: ['L', 'M', 'H'][k % 3], steps: 2, evidence: [], template: { id: 'bench', version: 1 }, program: [],
      });
    }
  }
  writeFileSync(join(dir, 'questions.jsonl'), items.map((i) => JSON.stringify(i)).join('\n') + '\n');
  return items;
}

// The server runs in its own process, so that its CPU is not charged to the harness (process.cpuUsage below).
function startServerProcess(itemsFile) {
  const serverUrl = new URL('../dist/testing/loopback-server.js', import.meta.url).href;
  const code = `
    import { readFileSync } from 'node:fs';
    import { startLoopbackServer } from ${JSON.stringify(serverUrl)};
    const items = readFileSync(process.argv[1], 'utf8').trim().split('\\n').map((l) => JSON.parse(l));
    const s = await startLoopbackServer({ policy: 'gold', items });
    process.stdout.write(s.url + '\\n');
    // Each line on stdin asks for the server's CPU time so far (microseconds, user + system).
    process.stdin.on('data', (d) => {
      for (let i = 0; i < String(d).split('\\n').length - 1; i++) {
        const c = process.cpuUsage();
        process.stdout.write(JSON.stringify({ cpu_us: c.user + c.system }) + '\\n');
      }
    });
    process.stdin.on('end', async () => { await s.close(); process.exit(0); });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code, itemsFile], { stdio: ['pipe', 'pipe', 'inherit'] });
  // Replies arrive one per line: the URL first, then one per CPU query.
  const waiting = [];
  let buf = '';
  child.stdout.on('data', (d) => {
    buf += d;
    let nl;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      waiting.shift()?.(line);
    }
  });
  const next = () => new Promise((resolve) => waiting.push(resolve));
  const serverCpuUs = async () => {
    const reply = next();
    child.stdin.write('cpu\n');
    return JSON.parse(await reply).cpu_us;
  };
  return next().then((url) => ({ url, child, serverCpuUs }));
}

const root = mkdtempSync(join(tmpdir(), 'cclupe-bench-eval-'));
const items = writeDataset(join(root, 'ds'));
const { url, child, serverCpuUs } = await startServerProcess(join(root, 'ds', 'questions.jsonl'));
const dataset = loadEvalDataset(join(root, 'ds'));
const config = parseEvalConfig({ base_url: url, model: 'loopback-model', concurrency: CONCURRENCY, timeout_ms: 30_000 });

// Warm-up through the SDK path (JIT, sockets) on a few logs in a throw-away run directory.
await runEval(dataset, parseEvalConfig({ ...config, filter: { max_logs: 20 } }), { runDir: join(root, 'warm-up'), bootstrap: false });
// Then one full-size run over HTTP, also thrown away but timed: V8 keeps optimising the request path (the SDK,
// node:http, the harness) for the first few thousand requests (`--trace-opt` counts ~200 functions optimised during
// it, and its CPU per item falls several-fold from its first 300 items to its last), so the first full run measures
// JIT warm-up as much as the harness. It is reported as `http_first_run_*`; the figures below come from the next run.
const first0 = process.cpuUsage();
await runEval(dataset, config, { runDir: join(root, 'first-run'), bootstrap: false });
const first1 = process.cpuUsage(first0);

// Harness alone: the same run with an in-process transport that answers instantly (no SDK, no HTTP), so the figure
// is our own per-item cost: rendering, hashing, the fsynced store, extraction, scoring and writing the run files.
const byId = new Map(items.map((it) => [it.id, it]));
const instant = {
  async listModels() { return ['loopback-model']; },
  async complete(body, opts) {
    const item = byId.get(opts?.headers?.['x-cclupe-item']);
    const content = item ? `Answer: ${item.answer.join(', ')}` : 'OK';
    return { content, reasoning: null, finish_reason: 'stop', usage: { prompt_tokens: 100, completion_tokens: 5, total_tokens: 105 }, model: body.model };
  },
};
const hc0 = process.cpuUsage();
const h0 = performance.now();
const harness = await runEval(dataset, config, { runDir: join(root, 'harness-run'), bootstrap: false, transport: instant });
const h1 = performance.now();
const hc1 = process.cpuUsage(hc0);
if (harness.results.scores.summary.logScore !== 1) throw new Error('harness-only run did not score 100');

const srv0 = await serverCpuUs();
const load0 = loadavg()[0];
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const fresh = await runEval(dataset, config, { runDir: join(root, 'run'), bootstrap: false });
const t1 = performance.now();
const cpu1 = process.cpuUsage(cpu0);
const srv1 = await serverCpuUs();
const resumed = await runEval(dataset, config, { runDir: join(root, 'run'), bootstrap: false });
const t2 = performance.now();
const withCi = await runEval(dataset, config, { runDir: join(root, 'run') });
const t3 = performance.now();

child.stdin.end();
await new Promise((r) => child.once('exit', r));
rmSync(root, { recursive: true, force: true });

const n = items.length;
if (fresh.results.scores.summary.logScore !== 1 || resumed.results.transport.cached_items !== n) {
  throw new Error('bench run did not score the gold server at 100 or did not resume from the cache');
}
const cores = availableParallelism();
const harnessMs = (cpu1.user + cpu1.system) / 1000 / n;
const serverMs = (srv1 - srv0) / 1000 / n;
const harnessOnly = (n / (h1 - h0)) * 1000;
const wall = (n / (t1 - t0)) * 1000;
const perCpu = 1000 / harnessMs;
const r = (x, d = 0) => Math.round(x * 10 ** d) / 10 ** d;
process.stdout.write(
  JSON.stringify({
    area: 'eval',
    items: n,
    concurrency: CONCURRENCY,
    cores,
    // 1-minute load average when the HTTP run started: above `cores`, other work shares the CPUs and wall figures drop.
    load_average_1m: r(load0, 1),
    structured_output: fresh.results.structured_output,
    harness_only_items_per_s: Math.round(harnessOnly),
    harness_only_items_per_cpu_s: Math.round(n / ((hc1.user + hc1.system) / 1e6)),
    http_harness_items_per_cpu_s: Math.round(perCpu),
    http_harness_cpu_ms_per_item: r(harnessMs, 3),
    http_harness_user_ms_per_item: r(cpu1.user / 1000 / n, 3),
    http_harness_system_ms_per_item: r(cpu1.system / 1000 / n, 3),
    // The same figure for the first full-size run of the process (JIT warm-up included, see above).
    http_first_run_harness_cpu_ms_per_item: r((first1.user + first1.system) / 1000 / n, 3),
    http_server_cpu_ms_per_item: r(serverMs, 3),
    http_wall_items_per_s: Math.round(wall),
    http_wall_ceiling_items_per_s: Math.round(Math.min(perCpu, (cores * 1000) / (harnessMs + serverMs))),
    http_wall_run_ms: Math.round(t1 - t0),
    resumed_items_per_s: Math.round((n / (t2 - t1)) * 1000),
    resumed_run_ms: Math.round(t2 - t1),
    cached_run_with_bootstrap_ms: Math.round(t3 - t2),
    target_items_per_s: 1000,
    meets_target_harness_only: harnessOnly >= 1000,
    meets_target_harness_cpu: perCpu >= 1000,
    meets_target_wall: wall >= 1000,
  }) + '\n',
);
