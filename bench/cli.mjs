#!/usr/bin/env node
// Start-up time of the CLI: `cclupe --version`, `cclupe --help` and `cclupe eval --help`, against `node -e 0` on the
// same machine at the same moment (the floor: Node's own start). Wall time is the minimum and the median of RUNS
// runs; CPU (user + system of the child, from /proc/self/stat's cutime + cstime) is the mean. Milliseconds. Wall
// figures depend heavily on machine load; the CPU ones much less.
// BENCH_CLI_BEFORE=/path/to/other/dist/cli/main.js also measures another build (e.g. main's) for a before/after.
// Prints one JSON object.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';

const cli = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli', 'main.js');
const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 15);
const env = { ...process.env, CI: '1' };

/** CPU milliseconds of this process's waited-for children so far (Linux; USER_HZ = 100). */
function childrenCpuMs() {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

function time(args) {
  const wall = [];
  const cpu0 = childrenCpuMs();
  for (let i = 0; i < RUNS; i++) {
    const t = process.hrtime.bigint();
    const r = spawnSync(process.execPath, args, { encoding: 'utf8', env });
    wall.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  }
  const cpu = (childrenCpuMs() - cpu0) / RUNS;
  wall.sort((a, b) => a - b);
  return { wall_min_ms: Math.round(wall[0]), wall_median_ms: Math.round(wall[Math.floor(RUNS / 2)]), cpu_mean_ms: Math.round(cpu) };
}

const out = { runs: RUNS, load_average_1m: Number(os.loadavg()[0].toFixed(2)), cores: os.availableParallelism() };
out.node_floor = time(['-e', '0']);
out.version = time([cli, '--version']);
out.help = time([cli, '--help']);
out.eval_help = time([cli, 'eval', '--help']);
if (process.env.BENCH_CLI_BEFORE) {
  out.before_version = time([process.env.BENCH_CLI_BEFORE, '--version']);
  out.before_help = time([process.env.BENCH_CLI_BEFORE, '--help']);
}
process.stdout.write(JSON.stringify(out) + '\n');
