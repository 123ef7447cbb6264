#!/usr/bin/env node
// `npm run fuzz` (issue 15): the fuzz and fault suite. Not part of `npm test`; `--smoke` (about 30 s) is, through
// test/fuzz/smoke.test.ts. It runs the real CLI (dist/cli/main.js) and prints a table: tried, crashed (exit 70 or a
// thrown error), hung (over 20 s), lost (a report, resume or answer lost), leaked (a key in a stored file, a read
// outside the dataset, a user file touched). `--json` prints the rows as JSON. Exit 1 when any gate fails.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = process.env.FUZZ_ROOT ?? join(import.meta.dirname, '..'); // FUZZ_ROOT: another build, for a before/after
const CLI = join(ROOT, 'dist', 'cli', 'main.js');
const SMOKE = process.argv.includes('--smoke');
const JSON_OUT = process.argv.includes('--json');
const HANG_MS = 20_000;
const KEY = `sk-fuzz-${randomBytes(8).toString('hex')}`;
const SECRET = `OUTSIDE-SECRET-${randomBytes(6).toString('hex')}`;
const N = SMOKE
  ? { reader: 60, readerFiles: 12, generateKills: 2, evalKills: 1, perturbKills: 1, faultItems: 1, traversal: 1 }
  : { reader: 3000, readerFiles: 150, generateKills: 13, evalKills: 5, perturbKills: 5, faultItems: 3, traversal: 1 };
const work = mkdtempSync(join(tmpdir(), 'cclupe-fuzz-'));
let seed = 0x15f00d;
const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
const pick = (xs) => xs[Math.floor(rnd() * xs.length)];

const rows = [];
let t0 = Date.now();
function row(suite) {
  if (rows.length && process.env.FUZZ_TIMES) process.stderr.write(`${rows[rows.length - 1].suite}: ${Date.now() - t0} ms\n`);
  t0 = Date.now();
  const r = { suite, tried: 0, crashed: 0, hung: 0, lost: 0, leaked: 0, notes: [] };
  rows.push(r);
  return r;
}

/** Runs the CLI; resolves {code, signal, stdout, stderr, ms, hung}. `killAfterMs` sends SIGKILL then. */
function cclupe(args, { cwd = work, env = {}, killAfterMs } = {}) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(process.execPath, [CLI, ...args], { cwd, env: { ...process.env, CI: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    let hung = false;
    const hang = setTimeout(() => {
      hung = true;
      child.kill('SIGKILL');
    }, HANG_MS);
    const killer = killAfterMs === undefined ? null : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('exit', (code, signal) => {
      clearTimeout(hang);
      if (killer) clearTimeout(killer);
      resolve({ code, signal, stdout, stderr, ms: Date.now() - t0, hung });
    });
  });
}

/** Counts a finished CLI run: exit 70 (or a stack trace) is a crash, a kill by the hang timer a hang. */
function judge(r, res, okCodes = [0, 1, 2]) {
  r.tried++;
  if (res.hung) return void r.hung++;
  if (res.signal === 'SIGKILL') return;
  if (!okCodes.includes(res.code) || /\n\s+at /.test(res.stderr) || res.stderr.split('\n').filter(Boolean).length > 3) {
    r.crashed++;
    r.notes.push(`exit ${res.code}: ${res.stderr.trim().split('\n')[0]}`);
  }
}

function treeHash(dir, skip = (n) => n.startsWith('.')) {
  const h = createHash('sha256');
  const walk = (d, rel) => {
    for (const n of readdirSync(d).sort()) {
      if (skip(n)) continue;
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p, `${rel}${n}/`);
      else if (n !== 'manifest.json') h.update(`${rel}${n}\0`).update(readFileSync(p));
    }
  };
  walk(dir, '');
  return h.digest('hex');
}

function filesUnder(dir) {
  const out = [];
  const walk = (d) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(p);
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// A base dataset for everything else.
const base = join(work, 'base');
{
  const r = await cclupe(['generate', '--count', SMOKE ? '8' : '40', '--seed', 'fuzz', '--out', base, '--questions']);
  if (r.code !== 0) throw new Error(`fuzz: could not generate the base dataset: ${r.stderr}`);
}
const baseLogs = readdirSync(join(base, 'logs')).map((n) => readFileSync(join(base, 'logs', n)));

// 1. The reader on random and mutated inputs: in-process (parse + every check) and through `cclupe validate`.
{
  const r = row('reader: random and mutated inputs');
  const { parseLogText } = await import(join(ROOT, 'dist', 'reader', 'parse-log.js'));
  const { validateLog } = await import(join(ROOT, 'dist', 'validate', 'validate-log.js'));
  const mutate = (buf) => {
    const b = Buffer.from(buf);
    const kind = Math.floor(rnd() * 8);
    if (kind === 0) return randomBytes(Math.floor(rnd() * 4000));
    if (kind === 1) for (let i = 0; i < 20; i++) b[Math.floor(rnd() * b.length)] = Math.floor(rnd() * 256);
    if (kind === 2) return Buffer.concat([b.subarray(0, Math.floor(rnd() * b.length)), b.subarray(Math.floor(rnd() * b.length))]);
    if (kind === 3) return Buffer.from(b.toString('utf8').replace(/\t/g, () => pick(['\t', ',', '\t\t', '', '"'])));
    if (kind === 4) return Buffer.from(b.toString('utf8').replace(/\n/g, () => pick(['\n', '\r\n', '\r', '\n\n'])));
    if (kind === 5) return Buffer.from(b.toString('utf8').split('\n').map((l, i) => (i > 0 && rnd() < 0.05 ? `${pick(['=', '+', '＝', '@'])}${l}` : l)).join('\n'));
    if (kind === 6) {
      const lines = b.toString('utf8').split('\n');
      return Buffer.from([lines[0], ...Array.from({ length: 2000 + Math.floor(rnd() * 3000) }, () => lines[1])].join('\n'));
    }
    return Buffer.from('\uFEFF' + b.toString('latin1'));
  };
  const inputs = Array.from({ length: N.reader }, () => mutate(pick(baseLogs)));
  for (const [k, bytes] of inputs.entries()) {
    r.tried++;
    try {
      const parsed = parseLogText(bytes, { file: `m${k}.tsv` });
      for (const log of parsed.logs) validateLog(log, {});
    } catch (err) {
      r.crashed++;
      r.notes.push(`in-process m${k}: ${err.message}`);
    }
  }
  // through the CLI: a directory of mutated files, a FIFO, a device link, a directory named like a log
  const dir = join(work, 'reader');
  mkdirSync(dir);
  inputs.slice(0, N.readerFiles).forEach((b, k) => writeFileSync(join(dir, `m${String(k).padStart(4, '0')}.tsv`), b));
  spawnSync('mkfifo', [join(dir, 'pipe.tsv')]);
  symlinkSync('/dev/zero', join(dir, 'zero.tsv'));
  mkdirSync(join(dir, 'folder.tsv'));
  const res = await cclupe(['validate', dir, '--json', '--no-row-count']);
  judge(r, res);
  let report = null;
  try {
    report = res.code === 1 ? JSON.parse(res.stdout) : null;
  } catch {
    r.notes.push(`validate exit 1 without a JSON report: ${res.stderr.trim().split('\n')[0]}`);
  }
  if (report !== null) {
    if (report.summary.files < N.readerFiles + 2) {
      r.lost++;
      r.notes.push(`validate reported ${report.summary.files} files of ${N.readerFiles + 3}`);
    }
  } else if (!res.hung) r.lost++;
  // one log with ~300k issues next to two good logs: the corpus report must survive, validate RSS under 10x the file
  const big = join(work, 'big');
  mkdirSync(big);
  const lines = baseLogs[0].toString('utf8').split('\n');
  writeFileSync(join(big, 'big.tsv'), [lines[0], ...Array.from({ length: SMOKE ? 20_000 : 150_000 }, () => lines[1])].join('\n') + '\n');
  cpSync(join(base, 'logs', readdirSync(join(base, 'logs'))[0]), join(big, 'good1.tsv'));
  cpSync(join(base, 'logs', readdirSync(join(base, 'logs'))[1]), join(big, 'good2.tsv'));
  const t = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, CLI, 'validate', big, '--json', '--no-row-count'], { encoding: 'utf8', maxBuffer: 1 << 28, timeout: HANG_MS * 3 });
  r.tried++;
  if (t.status !== 1) r.crashed++;
  else if (JSON.parse(t.stdout).summary.files !== 3) r.lost++;
  const rssKb = Number(t.stderr.trim().split('\n').pop());
  r.bigFileBytes = statSync(join(big, 'big.tsv')).size;
  r.validateRssMb = Math.round(rssKb / 1024);
  // the gate: peak RSS of the whole validate process (Node's own baseline included) over the largest input file
  r.rssRatio = Math.round(((rssKb * 1024) / r.bigFileBytes) * 10) / 10;
  // for the record, the same process on one small log: what any file costs before its size counts (Node, the code)
  const small = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, CLI, 'validate', join(big, 'good1.tsv'), '--json', '--no-row-count'], { encoding: 'utf8', maxBuffer: 1 << 28, timeout: HANG_MS });
  r.validateBaselineMb = Math.round(Number(small.stderr.trim().split('\n').pop()) / 1024);
}

// 2. kill -9 and resume: generate, eval, perturb end byte-identical to an uninterrupted run.
{
  const r = row('kill -9 / resume: generate');
  const args = ['generate', '--count', SMOKE ? '200' : '1500', '--seed', 'kill', '--workers', '1'];
  const ref = join(work, 'gen-ref');
  judge(r, await cclupe([...args, '--out', ref]));
  const want = treeHash(ref);
  for (let k = 0; k < N.generateKills; k++) {
    const out = join(work, `gen-${k}`);
    const killed = await cclupe([...args, '--out', out], { killAfterMs: 150 + Math.floor(rnd() * (SMOKE ? 600 : 2500)) });
    if (killed.signal !== 'SIGKILL') judge(r, killed);
    const resumed = await cclupe([...args, '--out', out]);
    judge(r, resumed);
    if (resumed.code === 0 && treeHash(out) !== want) {
      r.lost++;
      r.notes.push(`generate resume ${k} differs`);
    }
  }
}

/** An OpenAI-compatible server that answers every item with its gold option, after `delayMs`. */
async function goldServer(items, { delayMs = 0, fault = null, key = KEY } = {}) {
  const gold = new Map(items.map((it) => [it.id, it]));
  const seen = [];
  const attempts = new Map();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', async () => {
      seen.push(body);
      if (req.url.endsWith('/models')) return res.writeHead(200, { 'content-type': 'application/json' }).end('{"object":"list","data":[{"id":"m"}]}');
      if (req.headers.authorization !== `Bearer ${key}`) return res.writeHead(401).end('{"error":{"message":"bad key"}}');
      const item = gold.get(String(req.headers['x-cclupe-item']));
      const answer = item ? (Array.isArray(item.answer) ? item.answer.join(', ') : String(item.answer)) : 'A';
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      // every other attempt of each item is a fault (the first of each), so a retry policy always recovers
      const tries = (attempts.get(item?.id) ?? 0) + 1;
      attempts.set(item?.id, tries);
      if (fault && item && tries % 2 === 1 && fault(req, res, tries)) return;
      const reply = { id: 'x', object: 'chat.completion', created: 0, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: `Answer: ${answer}` }, finish_reason: 'stop' }], usage: { prompt_tokens: 10, completion_tokens: 3, total_tokens: 13 } };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}/v1`, seen, close: () => new Promise((r) => (server.closeAllConnections(), server.close(r))) };
}

const fastRetry = join(work, 'fast-retry.yaml');
writeFileSync(fastRetry, 'retry:\n  max_attempts: 6\n  base_delay_ms: 20\n  max_delay_ms: 200\n');
const items = readFileSync(join(base, 'questions.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const evalArgs = (url, out, more = []) => ['eval', base, '--base-url', url, '--model', 'm', '--api-key-env', 'FUZZ_KEY', '--out', out, '--config', fastRetry, '--structured-output', 'off', '--json', '--max-logs', SMOKE ? '1' : '3', ...more];
const scoreOf = (res) => {
  try {
    return JSON.stringify(JSON.parse(res.stdout).table3_row);
  } catch {
    return null;
  }
};
const keyIn = (dir) => filesUnder(dir).filter((f) => readFileSync(f, 'utf8').includes(KEY));

{
  const r = row('kill -9 / resume: eval');
  const srv = await goldServer(items, { delayMs: 5 });
  const ref = await cclupe(evalArgs(srv.url, join(work, 'eval-ref')), { env: { FUZZ_KEY: KEY } });
  judge(r, ref);
  const want = scoreOf(ref);
  for (let k = 0; k < N.evalKills; k++) {
    const out = join(work, `eval-${k}`);
    const killed = await cclupe(evalArgs(srv.url, out, ['--concurrency', '2']), { env: { FUZZ_KEY: KEY }, killAfterMs: 300 + Math.floor(rnd() * 1500) });
    if (killed.signal !== 'SIGKILL') judge(r, killed);
    const resumed = await cclupe(evalArgs(srv.url, out), { env: { FUZZ_KEY: KEY } });
    judge(r, resumed);
    if (scoreOf(resumed) !== want) {
      r.lost++;
      r.notes.push(`eval resume ${k}: ${scoreOf(resumed)} vs ${want}`);
    }
    r.leaked += keyIn(out).length;
  }
  await srv.close();
}

{
  const r = row('kill -9 / resume: perturb');
  // 8 logs: a run that fits well inside the hang limit on a loaded machine (the full-size speed is bench/perturb.mjs)
  const small = join(work, 'base8');
  judge(r, await cclupe(['generate', '--count', '8', '--seed', 'fuzz', '--out', small, '--questions']));
  const args = ['perturb', small, '--ops', SMOKE ? 'balance-offset,crlf-bom,date-format' : 'all', '--severity', SMOKE ? '3' : '1,3,5'];
  const ref = join(work, 'pert-ref');
  judge(r, await cclupe([...args, '--out', ref]));
  const want = treeHash(ref);
  for (let k = 0; k < N.perturbKills; k++) {
    const out = join(work, `pert-${k}`);
    const killed = await cclupe([...args, '--out', out], { killAfterMs: 200 + Math.floor(rnd() * 1500) });
    if (killed.signal !== 'SIGKILL') judge(r, killed);
    const again = await cclupe([...args, '--out', out]);
    judge(r, again);
    if (again.code === 0 && treeHash(out) !== want) {
      r.lost++;
      r.notes.push(`perturb rerun ${k} differs`);
    }
  }
}

// 3. The eval fault server: 12 kinds of fault on every other request; answers and scores must be those of a clean run.
{
  const r = row('eval fault server (12 kinds)');
  const FAULTS = {
    rate_limit: (q, s) => s.writeHead(429, { 'retry-after': '0' }).end('{"error":{"message":"slow down"}}'),
    server_error: (q, s) => s.writeHead(500).end('{"error":{"message":"boom"}}'),
    bad_gateway: (q, s) => s.writeHead(502, { 'content-type': 'text/html' }).end('<html>bad gateway</html>'),
    unavailable: (q, s) => s.writeHead(503, { 'retry-after': '0' }).end(''),
    reset: (q, s) => (s.socket?.destroy(), true),
    truncated: (q, s) => (s.writeHead(200, { 'content-type': 'application/json', 'content-length': '400' }), s.write('{"id":"x","choices":[{"mess'), s.socket?.destroy(), true),
    malformed_json: (q, s) => s.writeHead(200, { 'content-type': 'application/json' }).end('{"id": "x", choices: ['),
    empty_body: (q, s) => s.writeHead(200, { 'content-type': 'application/json' }).end(''),
    no_choices: (q, s) => s.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"x","object":"chat.completion","choices":[]}'),
    key_echo_error: (q, s) => s.writeHead(400).end(JSON.stringify({ error: { message: `invalid request for ${q.headers.authorization}` } })),
    stall: (q, s) => (setTimeout(() => s.socket?.destroy(), 2500), true),
    slow: () => false, // handled by the delay: answers late but whole
  };
  const clean = await goldServer(items);
  const cleanRun = await cclupe(evalArgs(clean.url, join(work, 'fault-clean')), { env: { FUZZ_KEY: KEY } });
  const want = scoreOf(cleanRun);
  await clean.close();
  for (const [kind, fault] of Object.entries(FAULTS).filter((_, k) => !SMOKE || k % 3 === 0)) {
    const srv = await goldServer(items, { delayMs: kind === 'slow' ? 300 : 0, fault: kind === 'slow' ? null : fault });
    const out = join(work, `fault-${kind}`);
    const res = await cclupe(evalArgs(srv.url, out, ['--timeout', '1500', '--max-attempts', '6']), { env: { FUZZ_KEY: KEY } });
    judge(r, res);
    if (kind !== 'key_echo_error' && scoreOf(res) !== want) {
      r.lost++;
      r.notes.push(`${kind}: ${scoreOf(res)} (exit ${res.code}: ${res.stderr.trim().split('\n')[0]})`);
    }
    const leaks = keyIn(out).length + (res.stdout.includes(KEY) || res.stderr.includes(KEY) ? 1 : 0);
    if (leaks) r.notes.push(`${kind}: key in ${leaks} places`);
    r.leaked += leaks;
    await srv.close();
  }
}

// 4. Path traversal and user files: ids that climb out, symlinks out, outputs into someone else's directory.
{
  const r = row('path traversal and user files');
  const outside = join(work, 'outside');
  mkdirSync(outside);
  writeFileSync(join(outside, 'secret.tsv'), `${baseLogs[0].toString('utf8').split('\n')[0]}\nT1\t2023-01-02 10:00:00\tSalary\tTRANSFER\t${SECRET}\t1.00\t1.00\tSUCCESS\tCN\tx\n`);
  const srv = await goldServer(items);
  const cases = [
    ['../../outside/secret', (ds) => ds],
    ['../outside/secret', (ds) => ds],
    ['/etc/passwd', (ds) => ds],
    ['logs/../../outside/secret', (ds) => ds],
  ];
  for (const [id] of cases) {
    const ds = join(work, `trav-${r.tried}`);
    cpSync(base, ds, { recursive: true });
    const q = readFileSync(join(ds, 'questions.jsonl'), 'utf8').trim().split('\n');
    q[0] = JSON.stringify({ ...JSON.parse(q[0]), log_id: id });
    writeFileSync(join(ds, 'questions.jsonl'), q.join('\n') + '\n');
    const res = await cclupe(['eval', ds, '--base-url', srv.url, '--model', 'm', '--api-key-env', 'FUZZ_KEY', '--out', join(ds, 'run')], { env: { FUZZ_KEY: KEY } });
    judge(r, res);
    if (res.code === 0) r.notes.push(`traversal id ${id} accepted`);
  }
  // a log file that is a symlink out of the dataset
  {
    const ds = join(work, 'trav-link');
    cpSync(base, ds, { recursive: true });
    const first = JSON.parse(readFileSync(join(ds, 'questions.jsonl'), 'utf8').split('\n')[0]).log_id;
    rmSync(join(ds, 'logs', `${first}.tsv`));
    symlinkSync(join(outside, 'secret.tsv'), join(ds, 'logs', `${first}.tsv`));
    const res = await cclupe(['eval', ds, '--base-url', srv.url, '--model', 'm', '--api-key-env', 'FUZZ_KEY', '--out', join(ds, 'run')], { env: { FUZZ_KEY: KEY } });
    judge(r, res);
  }
  // reads outside the dataset: the secret never reached the model server
  r.leaked += srv.seen.filter((b) => b.includes(SECRET)).length;
  await srv.close();
  // outputs into someone else's directory: refused, and nothing of theirs touched
  for (const [verb, args] of [
    ['generate', ['generate', '--count', '3', '--questions']],
    ['perturb', ['perturb', base, '--ops', 'balance-offset']],
    ['eval', ['eval', base, '--model', 'baseline:first-option']],
    ['validate', ['validate', base, '--no-write', '--filter-out']],
  ]) {
    const dir = join(work, `user-${verb}`);
    mkdirSync(join(dir, '.parts'), { recursive: true });
    writeFileSync(join(dir, 'labels.jsonl'), 'mine\n');
    writeFileSync(join(dir, 'questions.jsonl'), 'mine\n');
    writeFileSync(join(dir, '.parts', 'keep.txt'), 'mine\n');
    const before = treeHash(dir, () => false);
    const res = await cclupe(verb === 'validate' ? [...args, dir] : [...args, '--out', dir]);
    judge(r, res);
    if (treeHash(dir, () => false) !== before) {
      r.leaked++;
      r.notes.push(`${verb} touched user files`);
    }
    // a file where a directory is wanted
    const file = join(work, `file-${verb}`);
    writeFileSync(file, 'mine\n');
    const f = await cclupe(verb === 'validate' ? [...args, file] : [...args, '--out', file]);
    judge(r, f);
    if (f.code !== 2) r.notes.push(`${verb} into a file: exit ${f.code}`);
    if (readFileSync(file, 'utf8') !== 'mine\n') r.leaked++;
  }
}

// 5. No false positives of the injection check on generated logs (10,000; 400 in the smoke run).
{
  const r = row('injection check on generated logs');
  const { loadProfile } = await import(join(ROOT, 'dist', 'io', 'profiles.js'));
  const { generateLog } = await import(join(ROOT, 'dist', 'synth', 'index.js'));
  const { validateLog } = await import(join(ROOT, 'dist', 'validate', 'validate-log.js'));
  const bases = ['personal-healthy', 'personal-overdue', 'sme-healthy', 'sme-overdue'].map((n) => loadProfile(n));
  let hits = 0;
  const count = SMOKE ? 400 : 10_000;
  for (let index = 0; index < count; index++) {
    r.tried++;
    const { log, labels } = generateLog(bases[index % 4], { masterSeed: 'fp', index });
    hits += validateLog(log, { labels, only: ['injection'] }).length;
  }
  r.falsePositives = hits;
  if (hits) r.notes.push(`${hits} INJECTION on generated logs`);
}

rmSync(work, { recursive: true, force: true });
const gates = {
  exits70: rows.reduce((s, r) => s + r.crashed, 0),
  hangs: rows.reduce((s, r) => s + r.hung, 0),
  lost: rows.reduce((s, r) => s + r.lost, 0),
  leaked: rows.reduce((s, r) => s + r.leaked, 0),
  injectionFalsePositives: rows.find((r) => r.falsePositives !== undefined)?.falsePositives ?? null,
  validateRssRatio: rows[0].rssRatio,
};
if (JSON_OUT) process.stdout.write(JSON.stringify({ rows, gates }, null, 2) + '\n');
else {
  const head = ['suite', 'tried', 'crashed', 'hung', 'lost', 'leaked'];
  const table = [head, ...rows.map((r) => [r.suite, r.tried, r.crashed, r.hung, r.lost, r.leaked].map(String))];
  const w = head.map((_, c) => Math.max(...table.map((t) => t[c].length)));
  const line = (t) => `| ${t.map((x, c) => (c === 0 ? x.padEnd(w[c]) : x.padStart(w[c]))).join(' | ')} |`;
  process.stdout.write([line(table[0]), `|${w.map((n, c) => (c === 0 ? ':' : '') + '-'.repeat(n + 1) + (c === 0 ? '' : ':')).join('|')}|`, ...table.slice(1).map(line)].join('\n') + '\n');
  process.stdout.write(`validate RSS ${rows[0].validateRssMb} MB on a ${Math.round(rows[0].bigFileBytes / 1e6)} MB file (${rows[0].rssRatio}x; ${rows[0].validateBaselineMb} MB on one small log); injection false positives ${gates.injectionFalsePositives}\n`);
  for (const r of rows) for (const n of r.notes.slice(0, 5)) process.stdout.write(`  ${r.suite}: ${n}\n`);
}
process.exitCode = gates.exits70 + gates.hangs + gates.lost + gates.leaked + (gates.injectionFalsePositives ?? 0) === 0 && (SMOKE || gates.validateRssRatio < 10) ? 0 : 1;
