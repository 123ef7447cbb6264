// Drift benchmark: prints one JSON object. Wall times depend on machine load; the *_cpu_s figures less so.
// - feature accumulation rows/s (one-pass reference sketch, and binning against frozen edges);
// - a 100k-log pooled drift check against a shipped reference: 100,000 logs streamed through BinnedAccumulator, then
//   compareCorpus (metrics + bootstrap). Generating 100k logs would time the generator (~10 ms/log), not drift, so the
//   stream cycles through 1,000 distinct generated logs; the cost per log is the same;
// - the file path: read + parse + bin of canonical TSV files written to a temp dir (logs/s), extrapolated to 100k.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateLog } from '../dist/synth/index.js';
import { loadProfile } from '../dist/io/profiles.js';
import { BinnedAccumulator, PerLogChecker, ReferenceSketch, compareCorpus } from '../dist/drift/index.js';
import { readReference, streamCorpus } from '../dist/io/reference-file.js';
import { formatLogTsv } from '../dist/log/index.js';

const root = new URL('..', import.meta.url).pathname;
const UNIQUE = 1000;
const CHECK_LOGS = 100_000;
const FILE_LOGS = 1000;

const profile = loadProfile('personal-healthy');
let t = performance.now();
const logs = [];
for (let index = 0; index < UNIQUE; index++) logs.push(generateLog(profile, { masterSeed: 'bench-drift', index }).log);
const genMs = performance.now() - t;
const uniqueRows = logs.reduce((a, l) => a + l.rows.length, 0);

// One-pass reference sketch (fine grid), 5 passes over the 1,000 logs.
t = performance.now();
const sketchCpu0 = process.cpuUsage();
const sketch = new ReferenceSketch();
for (let pass = 0; pass < 5; pass++) for (const log of logs) sketch.add(log);
const sketchS = (performance.now() - t) / 1000;
const sketchCpu = process.cpuUsage(sketchCpu0);
const sketchCpuS = (sketchCpu.user + sketchCpu.system) / 1e6;
t = performance.now();
sketch.fit({ bins: 20, createdBy: 'bench', source: { corpusHash: 'sha256:bench', files: 0, logs: 0, rows: 0 } });
const fitMs = performance.now() - t;

// 100k-log pooled check against the shipped reference.
const reference = readReference(join(root, 'profiles', 'reference', 'personal-healthy.json'));
const rss0 = process.memoryUsage().rss;
const cpu0 = process.cpuUsage();
t = performance.now();
const acc = new BinnedAccumulator(reference);
let checkRows = 0;
for (let i = 0; i < CHECK_LOGS; i++) {
  const log = logs[i % UNIQUE];
  acc.add(log);
  checkRows += log.rows.length;
}
const binS = (performance.now() - t) / 1000;
const t2 = performance.now();
const result = compareCorpus(reference, acc.result());
const compareMs = performance.now() - t2;
const checkS = (performance.now() - t) / 1000;
const cpu = process.cpuUsage(cpu0);
const checkCpuS = (cpu.user + cpu.system) / 1e6;
const rssGrowthMb = (process.memoryUsage().rss - rss0) / 1e6;

// Per-log check of 5,000 logs (no-drift levels are cached per (feature, n), so the first logs pay for the bootstraps).
const perLogCpu0 = process.cpuUsage();
const perLog = new PerLogChecker(reference);
for (let i = 0; i < 5 * UNIQUE; i++) perLog.add(logs[i % UNIQUE]);
const perLogCpu = process.cpuUsage(perLogCpu0);
const perLogCpuS = (perLogCpu.user + perLogCpu.system) / 1e6;

// File path: write canonical TSVs, then stream them back (read, parse, hash, bin).
const dir = mkdtempSync(join(tmpdir(), 'cclupe-bench-drift-'));
for (let i = 0; i < FILE_LOGS; i++) writeFileSync(join(dir, `${logs[i].logId}.tsv`), formatLogTsv(logs[i]));
t = performance.now();
const fileAcc = new BinnedAccumulator(reference);
const summary = streamCorpus([dir], { onLog: (log, info) => fileAcc.add(log, { kind: info.kind }) });
const fileS = (performance.now() - t) / 1000;
rmSync(dir, { recursive: true, force: true });

process.stdout.write(
  JSON.stringify({
    area: 'drift',
    generated_logs: UNIQUE,
    generate_ms_per_log: +(genMs / UNIQUE).toFixed(2),
    sketch_rows_per_s: Math.round((5 * uniqueRows) / sketchS),
    sketch_rows_per_cpu_s: Math.round((5 * uniqueRows) / sketchCpuS),
    fit_ms: +fitMs.toFixed(1),
    bin_rows_per_s: Math.round(checkRows / binS),
    check_100k_logs: CHECK_LOGS,
    check_100k_rows: checkRows,
    check_100k_s: +checkS.toFixed(2),
    check_100k_cpu_s: +checkCpuS.toFixed(2),
    bin_rows_per_cpu_s: Math.round(checkRows / checkCpuS),
    check_compare_ms: +compareMs.toFixed(1),
    check_rss_growth_mb: +rssGrowthMb.toFixed(1),
    check_drifted_features: result.drifted,
    per_log_logs_per_cpu_s: Math.round((5 * UNIQUE) / perLogCpuS),
    file_logs_per_s: Math.round(summary.logs / fileS),
    file_rows_per_s: Math.round(summary.rows / fileS),
    file_100k_logs_estimate_s: +((CHECK_LOGS / summary.logs) * fileS).toFixed(1),
  }) + '\n',
);
