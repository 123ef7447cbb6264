#!/usr/bin/env node
// A local rehearsal of a sharded run on a cluster, as a Kubernetes Indexed Job runs it:
//   1. generate: one single-process run, then N shard processes at once, each with its own JOB_COMPLETION_INDEX;
//      one of them is killed (SIGKILL) half-way and retried, as the Job's backoffLimitPerIndex retries a pod;
//      cclupe merge, then every file compared byte for byte with the single run (manifest: all but created_at).
//   2. eval against the loopback server on 127.0.0.1: one single run, N shard processes (one killed and retried),
//      cclupe merge, then predictions.jsonl byte for byte and the scores of results.json compared.
// Prints one JSON summary; exits 1 on any difference. Usage:
//   npm run rehearse:cluster [-- --logs 2000 --shards 4 --eval-logs 40 --fault-rate 0.1 --keep DIR]
// (--fault-rate: the share of requests the loopback server answers with a 429 or 500 first)
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'cli', 'main.js');
const { startLoopbackServer } = await import(join(root, 'dist', 'testing', 'loopback-server.js'));
const { deterministicResults } = await import(join(root, 'dist', 'eval', 'results.js'));

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const logs = Number(arg('logs', '2000'));
const shards = Number(arg('shards', '4'));
const evalLogs = Number(arg('eval-logs', '40'));
const keep = arg('keep', null);
const faultRate = Number(arg('fault-rate', '0.1'));
const work = keep ?? mkdtempSync(join(os.tmpdir(), 'cclupe-rehearse-'));
const victim = 1; // the index whose first attempt is killed

/** Runs the CLI; `killWhen` is polled every 2 ms and SIGKILLs the process once it returns true. */
function run(args, env = {}, killWhen) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [cli, ...args], { env: { ...process.env, CI: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = killWhen ? setInterval(() => killWhen() && child.kill('SIGKILL'), 2) : null;
    child.on('close', (code, signal) => {
      if (timer) clearInterval(timer);
      done({ code, signal, stdout, stderr });
    });
  });
}

function must(r, what) {
  if (r.code !== 0) throw new Error(`${what} failed (exit ${r.code}${r.signal ? `, ${r.signal}` : ''}): ${r.stderr.trim()}`);
  return r;
}

/** Every file under `dir` by relative path, with `manifest.json`'s created_at blanked. */
function snapshot(dir, skip = () => false) {
  const out = new Map();
  const walk = (rel) => {
    for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (skip(p)) continue;
      if (e.isDirectory()) walk(p);
      else {
        let data = readFileSync(join(dir, p));
        if (p === 'manifest.json') data = Buffer.from(data.toString('utf8').replace(/\n  "created_at": "[^"]*"\n/, '\n  "created_at": ""\n'));
        out.set(p, createHash('sha256').update(data).digest('hex'));
      }
    }
  };
  walk('');
  return out;
}

function compare(a, b) {
  const diff = [];
  for (const [p, h] of a) if (b.get(p) !== h) diff.push(b.has(p) ? `${p} differs` : `${p} missing from the merge`);
  for (const p of b.keys()) if (!a.has(p)) diff.push(`${p} only in the merge`);
  return diff;
}

/**
 * Runs N shard processes at once, each with its own JOB_COMPLETION_INDEX; the victim's first attempt is killed once
 * `started(dir)` says it is under way, then retried. Returns how the kill landed.
 */
async function indexedJob(argsFor, dirFor, started) {
  let killed = null;
  const attempts = [];
  for (let i = 0; i < shards; i++) {
    const env = { JOB_COMPLETION_INDEX: String(i) };
    attempts.push(
      (async () => {
        if (i === victim) {
          const first = await run(argsFor(i), env, () => started(dirFor(i)));
          killed = first.signal === 'SIGKILL' ? 'mid-run' : `after it finished (exit ${first.code})`;
        }
        return must(await run(argsFor(i), env), `shard ${i}`);
      })(),
    );
  }
  const results = await Promise.all(attempts);
  return { killed, retried: results[victim].stdout.trim().split('\n')[0] };
}

const summary = { work, logs, shards, generate: null, eval: null };
let failed = false;
try {
  // ── generate ─────────────────────────────────────────────────────────────────────────────────────
  const gen = ['generate', '--count', String(logs), '--seed', '11', '--profile', 'personal-healthy=2,personal-overdue=1,sme-overdue=1', '--workers', '1', '--questions'];
  let t = Date.now();
  must(await run([...gen, '--out', join(work, 'single')]), 'single generate');
  const singleSeconds = (Date.now() - t) / 1000;
  t = Date.now();
  // Killed half-way: shards of more than one chunk (100 logs) once the first chunk's record has committed it (the
  // retry reuses it and redoes the rest); smaller shards once 30% of their logs are written, inside their one chunk.
  const committed = (dir) => existsSync(join(dir, '.parts')) && readdirSync(join(dir, '.parts')).some((f) => f.startsWith('chunk-'));
  const written = (dir) => existsSync(join(dir, 'logs')) && readdirSync(join(dir, 'logs')).length >= Math.max(1, Math.floor((0.3 * logs) / shards));
  const someLogs = logs / shards > 100 ? committed : written;
  const job = await indexedJob((i) => [...gen, '--shard', `auto/${shards}`, '--out', join(work, 'shards', String(i))], (i) => join(work, 'shards', String(i)), someLogs);
  const shardSeconds = (Date.now() - t) / 1000;
  t = Date.now();
  const dirs = Array.from({ length: shards }, (_, i) => join(work, 'shards', String(i)));
  const merged = must(await run(['merge', ...dirs, '-o', join(work, 'merged'), '--json']), 'merge');
  const mergeSeconds = (Date.now() - t) / 1000;
  const diff = compare(snapshot(join(work, 'single')), snapshot(join(work, 'merged')));
  summary.generate = { killed: job.killed, retried: job.retried, files: snapshot(join(work, 'single')).size, differences: diff, single_s: singleSeconds, shards_s: shardSeconds, merge_s: mergeSeconds, merge: JSON.parse(merged.stdout) };
  if (diff.length) failed = true;

  // ── eval ─────────────────────────────────────────────────────────────────────────────────────────
  const dataset = join(work, 'merged');
  const items = readFileSync(join(dataset, 'questions.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  const server = await startLoopbackServer({ policy: 'first', items, latencyMs: 20, faults: { rate: faultRate, kinds: ['rate_limit', 'server_error'], retryAfterMs: 1 } });
  try {
    const evalArgs = ['eval', dataset, '--base-url', server.url, '--model', 'loopback-model', '--concurrency', '4', '--max-logs', String(evalLogs)];
    must(await run([...evalArgs, '--out', join(work, 'eval-single')]), 'single eval');
    const responses = (dir) => existsSync(join(dir, 'responses.jsonl')) && statSync(join(dir, 'responses.jsonl')).size > 0;
    const ejob = await indexedJob((i) => [...evalArgs, '--shard', `auto/${shards}`, '--out', join(work, 'eval-shards', String(i))], (i) => join(work, 'eval-shards', String(i)), responses);
    const edirs = Array.from({ length: shards }, (_, i) => join(work, 'eval-shards', String(i)));
    const emerged = must(await run(['merge', ...edirs, '-o', join(work, 'eval-merged'), '--json']), 'eval merge');
    const same = (f) => readFileSync(join(work, 'eval-single', f)).equals(readFileSync(join(work, 'eval-merged', f)));
    const results = (d) => deterministicResults(JSON.parse(readFileSync(join(work, d, 'results.json'), 'utf8')));
    const scoresSame = JSON.stringify(results('eval-single').scores) === JSON.stringify(results('eval-merged').scores);
    const recordsSame = JSON.stringify(results('eval-single')) === JSON.stringify(results('eval-merged'));
    summary.eval = { killed: ejob.killed, items: JSON.parse(emerged.stdout).items, predictions_identical: same('predictions.jsonl'), scores_identical: scoresSame, results_identical_but_transport: recordsSame, table3_row: results('eval-merged').table3_row };
    if (!same('predictions.jsonl') || !scoresSame || !recordsSame) failed = true;
  } finally {
    await server.close();
  }
} catch (err) {
  failed = true;
  summary.error = String(err.message ?? err);
} finally {
  if (!keep && !failed) rmSync(work, { recursive: true, force: true });
}
summary.ok = !failed;
process.stdout.write(JSON.stringify(summary, null, 2) + '\n');
if (failed) process.exitCode = 1;
