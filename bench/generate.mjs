#!/usr/bin/env node
// Generation benchmark (issue 2). Prints ONE JSON object:
// - in-process, one core: generateLog (base events + injectors + finalize + detectAll labels) + TSV formatting,
//   logs/s, rows/s, MB/s of TSV, over a mix of the four base profiles;
// - end to end (`cclupe generate` spawned, files written, default 20,000 logs, BENCH_GENERATE_E2E to change): logs/s
//   with 1 and 2 workers and the speed-up, from BENCH_GENERATE_PAIRS (default 3) pairs of runs;
// - a large run (default 100,000 logs, BENCH_GENERATE_LARGE to change, 0 to skip) with one worker per core and its
//   peak RSS, and the same with one worker (BENCH_GENERATE_LARGE_PAIRS pairs, default 1): the speed-up once start-up
//   and each thread's JIT warm-up are amortised.
// Speed-ups are the median over pairs of (1-worker time / n-worker time), the two runs of a pair back to back and
// their order alternating from pair to pair: a shared machine's speed drifts by tens of percent within minutes
// (the calibration loop is timed at the start and at the end), and a pair's ratio cancels most of it.
// BENCH_GENERATE_E2E=0 BENCH_GENERATE_LARGE=0 times the in-process core alone.
// BENCH_GENERATE_DIR sets where the CLI runs write (default: the system temp directory); the output names its file
// system, because file creation costs differ by an order of magnitude between file systems and with their state
// (ext4 without a journal skips recently freed inodes: deleting a dataset makes the next minutes' creates slower).
// Figures are wall-clock and CPU-time based; CPU time is reported too because shared machines skew wall time.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', 'dist');
const { generateLog } = await import(join(dist, 'synth', 'index.js'));
const { loadProfile } = await import(join(dist, 'io', 'profiles.js'));
const { formatLogTsv } = await import(join(dist, 'log', 'index.js'));

const PROFILES = ['personal-healthy', 'personal-overdue', 'sme-healthy', 'sme-overdue'].map((n) => loadProfile(n));
const N = Number(process.env.BENCH_GENERATE_N ?? 3000);
const E2E = Number(process.env.BENCH_GENERATE_E2E ?? 20000);
const LARGE = Number(process.env.BENCH_GENERATE_LARGE ?? 100000);
const DIR = process.env.BENCH_GENERATE_DIR ?? os.tmpdir();

/** The type of the file system holding `dir` (the longest mount point of /proc/mounts above it), or null. */
function fileSystemOf(dir) {
  try {
    const path = realpathSync(dir);
    let best = null;
    for (const line of readFileSync('/proc/mounts', 'utf8').split('\n')) {
      const [, mount, type] = line.split(' ');
      if (!mount) continue;
      const under = mount === '/' || path === mount || path.startsWith(mount + '/');
      if (under && (best === null || mount.length > best.mount.length)) best = { mount, type };
    }
    return best ? `${best.type} (${best.mount})` : null;
  } catch {
    return null;
  }
}

function inProcess(n, offset) {
  let rows = 0;
  let bytes = 0;
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const { log, labels } = generateLog(PROFILES[i % 4], { masterSeed: 'bench', index: offset + i });
    rows += log.rows.length;
    bytes += Buffer.byteLength(formatLogTsv(log)) + Buffer.byteLength(JSON.stringify(labels));
  }
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const c = process.cpuUsage(c0);
  const cpu = (c.user + c.system) / 1e6;
  return { wall, cpu, rows, bytes };
}

// A fixed CPU loop (3e8 modulo-adds; about 0.3–0.5 s of CPU on a current desktop core), so that figures from a
// slow or shared machine can be read against a known yardstick.
function calibrate() {
  const c0 = process.cpuUsage();
  let s = 0;
  for (let i = 0; i < 3e8; i++) s += i % 7;
  const c = process.cpuUsage(c0);
  return { ms: Math.round((c.user + c.system) / 1000), s };
}
const calibration = calibrate();

inProcess(300, 1_000_000); // warm-up (JIT)
const one = inProcess(N, 0);

const cli = join(dist, 'cli', 'main.js');
// The runs' output directories, removed only after the last run. On ext4 without a journal, creating a file scans
// past every inode freed in the last ~30 s (`recently_deleted` in the inode allocator): deleting one run's 20,000 files
// just before the next run made that run's file creation cost up to 0.6 ms of system CPU per file instead of ~0.07
// (seen with `perf record`: 15% of all samples in recently_deleted), which swung the 1-worker figure by ±25%.
const outputs = [];
process.on('exit', () => {
  for (const out of outputs) rmSync(out, { recursive: true, force: true });
});
// Runs the CLI in a child that reports its own peak RSS (workers are threads, so it covers them).
function runCli(count, workers) {
  const out = mkdtempSync(join(DIR, 'cclupe-bench-gen-'));
  outputs.push(out);
  const code = `process.on('exit',()=>{const u=process.resourceUsage();process.stderr.write('MAXRSS '+u.maxRSS+' CPU '+u.userCPUTime+' '+u.systemCPUTime+'\\n')});process.argv.splice(1,0,${JSON.stringify(cli)});import(${JSON.stringify(cli)});`;
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['-e', code, 'generate', '--count', String(count), '--seed', 'bench', '--workers', String(workers), '--out', join(out, 'd'), '--json'], {
    encoding: 'utf8',
    env: { ...process.env, CI: '1' },
    maxBuffer: 1 << 24,
  });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0) throw new Error(`cclupe generate failed: ${r.stderr.trim().split('\n').slice(-2).join(' | ')}`);
  const summary = JSON.parse(r.stdout.trim().split('\n').pop());
  const m = /MAXRSS (\d+) CPU (\d+) (\d+)/.exec(r.stderr);
  const rssKb = Number(m?.[1] ?? 0);
  // Process CPU (all threads: generating threads plus V8's compiler and GC helpers), in ms per log.
  const cpu = { user: Number(m?.[2] ?? 0) / 1000 / count, sys: Number(m?.[3] ?? 0) / 1000 / count };
  return { wall, rows: summary.rows, peak_rss_mb: Math.round(rssKb / 1024), cpu };
}

const median = (xs) => {
  const v = [...xs].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
};
const r2 = (x) => Math.round(x * 100) / 100;

/**
 * `pairs` pairs of CLI runs of `count` logs, one with 1 worker and one with `workers`, back to back (1 first in even
 * pairs, `workers` first in odd ones). Gives, per worker count, the run of median time and every time, and the median
 * of the pairs' speed-ups.
 */
function pairedRuns(count, workers, pairs) {
  const one = [];
  const many = [];
  for (let i = 0; i < pairs; i++) {
    if (i % 2 === 0) {
      one.push(runCli(count, 1));
      many.push(runCli(count, workers));
    } else {
      many.push(runCli(count, workers));
      one.push(runCli(count, 1));
    }
  }
  const pick = (runs) => {
    const m = median(runs.map((r) => r.wall));
    const at = runs.reduce((b, r) => (Math.abs(r.wall - m) < Math.abs(b.wall - m) ? r : b));
    return { ...at, wall: m, peak_rss_mb: Math.max(...runs.map((r) => r.peak_rss_mb)), runs_s: runs.map((r) => r2(r.wall)) };
  };
  const ratios = one.map((r, i) => r.wall / many[i].wall);
  return { one: pick(one), many: pick(many), speedup: r2(median(ratios)), pairs: ratios.map(r2) };
}

// BENCH_GENERATE_E2E=0 skips the CLI runs (e.g. to time only the in-process core).
const PAIRS = Math.max(1, Number(process.env.BENCH_GENERATE_PAIRS ?? 3));
const LARGE_PAIRS = Math.max(1, Number(process.env.BENCH_GENERATE_LARGE_PAIRS ?? 1));
const e2e = E2E > 0 ? pairedRuns(E2E, 2, PAIRS) : null;
const largeWorkers = Math.max(1, os.availableParallelism());
const large = LARGE > 0 && largeWorkers > 1 ? pairedRuns(LARGE, largeWorkers, LARGE_PAIRS) : null;
const calibrationEnd = E2E > 0 || LARGE > 0 ? calibrate() : null;

const round = (x) => Math.round(x);
const ms3 = (x) => Math.round(x * 1000) / 1000;
// CPU per log of a whole CLI run: with 2 workers it shows what the second thread costs on top of the first (V8
// compiles and warms up each thread's code separately), which a shared machine's wall time cannot.
const cpuFigures = (r) => ({ cpu_ms_per_log: ms3(r.cpu.user + r.cpu.sys), sys_ms_per_log: ms3(r.cpu.sys) });
const cliFigures = (logs, r) => ({ logs, logs_per_s: round(logs / r.wall), rows_per_s: round(r.rows / r.wall), peak_rss_mb: r.peak_rss_mb, ...cpuFigures(r), runs_s: r.runs_s });
process.stdout.write(
  JSON.stringify({
    area: 'generate',
    cores: os.availableParallelism(),
    load_avg_1m: Math.round(os.loadavg()[0] * 10) / 10,
    cpu_calibration_ms: calibration.ms,
    cpu_calibration_ms_end: calibrationEnd ? calibrationEnd.ms : null,
    output_file_system: E2E > 0 || LARGE > 0 ? fileSystemOf(DIR) : null,
    in_process: {
      logs: N,
      logs_per_s: round(N / one.wall),
      rows_per_s: round(one.rows / one.wall),
      mb_per_s: Math.round((one.bytes / 1e6 / one.wall) * 10) / 10,
      logs_per_cpu_s: round(N / one.cpu),
      rows_per_log: round(one.rows / N),
    },
    cli_1_worker: e2e ? cliFigures(E2E, e2e.one) : null,
    cli_2_workers: e2e ? cliFigures(E2E, e2e.many) : null,
    speedup_2_vs_1: e2e ? e2e.speedup : null,
    speedup_pairs: e2e ? e2e.pairs : null,
    large: large
      ? {
          logs: LARGE,
          workers: largeWorkers,
          seconds: round(large.many.wall),
          logs_per_s: round(LARGE / large.many.wall),
          peak_rss_mb: large.many.peak_rss_mb,
          runs_s: large.many.runs_s,
          one_worker_logs_per_s: round(LARGE / large.one.wall),
          one_worker_runs_s: large.one.runs_s,
          speedup_vs_1_worker: large.speedup,
          speedup_pairs: large.pairs,
        }
      : null,
  }) + '\n',
);
