// Perturbation throughput: perturbLog alone (every operator, severity 3) and the full --check path per perturbed log
// (perturb + read back + validate with labels), on generated logs. Prints one JSON object.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateLog } from '../dist/synth/index.js';
import { loadProfile } from '../dist/io/profiles.js';
import { OPERATORS, perturbLog, perturbDataset } from '../dist/perturb/index.js';

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

// The CLI on a whole dataset (issue 15 D12): BENCH_PERTURB_LOGS logs (default 2,000) × every operator × severities
// 1,3,5, wall time and peak RSS of the `cclupe perturb` process (target: < 120 s, < 500 MB).
const cliLogs = Number(process.env.BENCH_PERTURB_LOGS ?? 2000);
const work = mkdtempSync(join(tmpdir(), 'cclupe-bench-perturb-'));
const cli = join(import.meta.dirname, '..', 'dist', 'cli', 'main.js');
execFileSync(process.execPath, [cli, 'generate', '--count', String(cliLogs), '--seed', 'bench-perturb', '--out', join(work, 'ds')], { stdio: 'ignore' });
const t0 = performance.now();
const timed = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, cli, 'perturb', join(work, 'ds'), '--ops', 'all', '--severity', '1,3,5', '--out', join(work, 'out')], { encoding: 'utf8' });
const cliSec = (performance.now() - t0) / 1000;
const cliRssMb = Math.round(Number(timed.stderr.trim().split('\n').pop()) / 1024);
rmSync(work, { recursive: true, force: true });

console.log(
  JSON.stringify({
    area: 'perturb',
    cli_logs: cliLogs,
    cli_all_ops_3_severities_s: Math.round(cliSec * 10) / 10,
    cli_peak_rss_mb: cliRssMb,
    cli_exit: timed.status,
    source_logs: sources.length,
    mean_rows: Math.round(rows / sources.length),
    operators: OPERATORS.length,
    perturbed_logs_per_s: Math.round(made / perturbSec),
    checked_logs_per_s: Math.round(res.outputs.length / checkSec),
    check_includes: 'perturb + guard (detectors, for question-keeping ops) + canonical read + own-dialect read + validateLog with labels',
  }),
);
