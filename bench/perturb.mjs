// Perturbation speed (issue 15 D12). Prints one JSON object.
// 1. The case: `cclupe perturb <2,000 logs> --ops all --severity 1,3,5`, as a user runs it: wall seconds,
//    source logs/s, files written, peak RSS of the process (all threads) and its CPU seconds (user + system: on a
//    loaded machine the wall time grows with the load, the CPU time much less). Target: < 120 s, < 500 MB.
//    BENCH_PERTURB_LOGS (default 2000) sets the size, BENCH_PERTURB_WORKERS passes --workers (default: the CLI's),
//    BENCH_PERTURB_QUESTIONS=1 generates the dataset with questions (every preserving output repeats them).
// 2. In process, on 40 generated logs: perturbLog alone (every operator, severity 3), and the --check path per
//    perturbed log (perturb + read back + validate with labels).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateLog } from '../dist/synth/index.js';
import { loadProfile } from '../dist/io/profiles.js';
import { OPERATORS, perturbLog, perturbDataset } from '../dist/perturb/index.js';

const cliLogs = Number(process.env.BENCH_PERTURB_LOGS ?? 2000);
const workers = process.env.BENCH_PERTURB_WORKERS;
const questions = process.env.BENCH_PERTURB_QUESTIONS === '1';
const work = mkdtempSync(join(tmpdir(), 'cclupe-bench-perturb-'));
const cli = join(import.meta.dirname, '..', 'dist', 'cli', 'main.js');
let cliResult;
try {
  execFileSync(process.execPath, [cli, 'generate', '--count', String(cliLogs), '--seed', 'bench-perturb', '--out', join(work, 'ds'), ...(questions ? ['--questions'] : [])], { stdio: 'ignore' });
  const args = ['perturb', join(work, 'ds'), '--ops', 'all', '--severity', '1,3,5', '--out', join(work, 'out'), '--json', ...(workers ? ['--workers', workers] : [])];
  const t0 = performance.now();
  const timed = spawnSync('/usr/bin/time', ['-f', 'cclupe-bench %M %U %S', process.execPath, cli, ...args], { encoding: 'utf8', maxBuffer: 1 << 24 });
  const seconds = (performance.now() - t0) / 1000;
  const m = /cclupe-bench (\d+) ([\d.]+) ([\d.]+)/.exec(timed.stderr);
  if (timed.status !== 0 || !m) throw new Error(`cclupe perturb failed (exit ${timed.status}): ${timed.stderr.trim().split('\n').slice(-3).join(' | ')}`);
  const summary = JSON.parse(timed.stdout);
  const files = readdirSync(join(work, 'out', 'logs')).length + readdirSync(join(work, 'out', 'dialects')).length;
  cliResult = {
    logs: cliLogs,
    questions,
    workers: workers ? Number(workers) : 'default',
    seconds: Math.round(seconds * 10) / 10,
    cpu_seconds: Math.round((Number(m[2]) + Number(m[3])) * 10) / 10,
    logs_per_s: Math.round((cliLogs / seconds) * 10) / 10,
    perturbed_logs: summary.logs,
    not_applicable: summary.not_applicable,
    items: summary.items,
    files,
    peak_rss_mb: Math.round(Number(m[1]) / 1024),
    target: { seconds: 120, peak_rss_mb: 500 },
  };
} finally {
  rmSync(work, { recursive: true, force: true });
}

const profiles = ['personal-healthy', 'personal-overdue', 'sme-healthy', 'sme-overdue'].map((p) => loadProfile(p));
const sources = Array.from({ length: 40 }, (_, index) => {
  const g = generateLog(profiles[index % 4], { masterSeed: 'bench-perturb', index });
  return { log: g.log, labels: g.labels };
});
const rows = sources.reduce((n, s) => n + s.log.rows.length, 0);
let t = performance.now();
let made = 0;
for (const op of OPERATORS) {
  for (let k = 0; k < sources.length; k++) {
    const p = perturbLog({ ...sources[k], donor: sources[(k + 1) % sources.length].log }, [{ op: op.id, severity: 3 }], { seed: 'bench' });
    if (p) made++;
  }
}
const perturbSec = (performance.now() - t) / 1000;
t = performance.now();
const res = perturbDataset(sources, [], { ops: OPERATORS.map((o) => o.id), severities: [3], seed: 'bench' });
const checkSec = (performance.now() - t) / 1000;

console.log(
  JSON.stringify({
    area: 'perturb',
    cli_all_ops_3_severities: cliResult,
    source_logs: sources.length,
    mean_rows: Math.round(rows / sources.length),
    operators: OPERATORS.length,
    perturbed_logs_per_s: Math.round(made / perturbSec),
    checked_logs_per_s: Math.round(res.outputs.length / checkSec),
    check_includes: 'perturb + guard (detectors, for question-keeping ops) + canonical read + own-dialect read + validateLog with labels',
  }),
);
