#!/usr/bin/env node
// Merge benchmark (issue 18). Prints ONE JSON object. Generates BENCH_MERGE_LOGS logs (default 100,000) as
// BENCH_MERGE_SHARDS shards (default 8, `cclupe generate --shard k/N`, one after another), then times
// `cclupe merge <shards> -o DIR` (copies), `--link` (hard links) and `--check` (writes nothing), each in a child that
// reports its own peak RSS and CPU time (wall time on a shared machine depends on its load; CPU time much less).
// Gate: the merge of 100,000 logs from 8 shards under 30 s with a peak RSS under 300 MB. Also reports what the
// deployment arithmetic needs: the shards' generation logs/s and CPU seconds per log, and output bytes per log.
// BENCH_MERGE_DIR sets where the runs write (default: the system temp directory).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';

const here = dirname(fileURLToPath(import.meta.url));
const cli = join(here, '..', 'dist', 'cli', 'main.js');
const LOGS = Number(process.env.BENCH_MERGE_LOGS ?? 100000);
const SHARDS = Number(process.env.BENCH_MERGE_SHARDS ?? 8);
const DIR = process.env.BENCH_MERGE_DIR ?? os.tmpdir();
const root = mkdtempSync(join(DIR, 'cclupe-bench-merge-'));
process.on('exit', () => rmSync(root, { recursive: true, force: true }));

/** Runs the CLI in a child that reports its peak RSS and CPU time; returns wall seconds, RSS MB, CPU s, stdout. */
function cclupe(args) {
  const code = `process.on('exit',()=>{const u=process.resourceUsage();process.stderr.write('MAXRSS '+u.maxRSS+' CPU '+u.userCPUTime+' '+u.systemCPUTime+'\\n')});process.argv.splice(1,0,${JSON.stringify(cli)});import(${JSON.stringify(cli)});`;
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['-e', code, ...args], { encoding: 'utf8', env: { ...process.env, CI: '1' }, maxBuffer: 1 << 24 });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0) throw new Error(`cclupe ${args[0]} failed: ${r.stderr.trim().split('\n').slice(-2).join(' | ')}`);
  const m = /MAXRSS (\d+) CPU (\d+) (\d+)/.exec(r.stderr);
  return { wall, rss_mb: Math.round(Number(m?.[1] ?? 0) / 1024), cpu_s: (Number(m?.[2] ?? 0) + Number(m?.[3] ?? 0)) / 1e6, stdout: r.stdout };
}

function bytesUnder(dir) {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) n += e.isDirectory() ? bytesUnder(join(dir, e.name)) : statSync(join(dir, e.name)).size;
  return n;
}

const r2 = (x) => Math.round(x * 100) / 100;
const dirs = [];
let genWall = 0;
let genCpu = 0;
for (let k = 1; k <= SHARDS; k++) {
  const d = join(root, 'shards', String(k));
  const g = cclupe(['generate', '--count', String(LOGS), '--seed', 'bench', '--shard', `${k}/${SHARDS}`, '--out', d, '--json']);
  genWall += g.wall;
  genCpu += g.cpu_s;
  dirs.push(d);
}
const check = cclupe(['merge', ...dirs, '--check', '--json']);
const merge = cclupe(['merge', ...dirs, '-o', join(root, 'merged'), '--json']);
const summary = JSON.parse(merge.stdout.trim().split('\n').pop());
const bytes = bytesUnder(join(root, 'merged'));
rmSync(join(root, 'merged'), { recursive: true, force: true });
const linked = cclupe(['merge', ...dirs, '-o', join(root, 'linked'), '--link', '--json']);
process.stdout.write(
  JSON.stringify({
    logs: LOGS,
    shards: SHARDS,
    cpus: os.availableParallelism(),
    merge_s: r2(merge.wall),
    merge_logs_per_s: Math.round(LOGS / merge.wall),
    merge_mb_per_s: r2(bytes / 1e6 / merge.wall),
    merge_peak_rss_mb: merge.rss_mb,
    merge_cpu_s: r2(merge.cpu_s),
    link_s: r2(linked.wall),
    link_cpu_s: r2(linked.cpu_s),
    link_peak_rss_mb: linked.rss_mb,
    check_s: r2(check.wall),
    check_cpu_s: r2(check.cpu_s),
    check_peak_rss_mb: check.rss_mb,
    load_average: os.loadavg().map(r2),
    gate_under_30_s: merge.wall < 30,
    gate_under_300_mb: merge.rss_mb < 300,
    merged_logs: summary.logs,
    output_bytes: bytes,
    output_bytes_per_log: Math.round(bytes / LOGS),
    generate_s: r2(genWall),
    generate_logs_per_s: Math.round(LOGS / genWall),
    generate_cpu_ms_per_log: r2((genCpu * 1000) / LOGS),
  }) + '\n',
);
