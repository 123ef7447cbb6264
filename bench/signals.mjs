// Benchmark of the 16 signal detectors (detectAll) on generated logs; prints one JSON object.
// Logs are generated first (not timed), then detectAll runs over them several times after a warm-up.
import { loadProfile } from '../dist/io/profiles.js';
import { generateLog } from '../dist/synth/index.js';
import { detectAll } from '../dist/signals/index.js';

const PROFILES = ['personal-healthy', 'personal-overdue', 'sme-healthy', 'sme-overdue'];
const PER_PROFILE = 250;
const REPEAT = 8;

const logs = [];
for (const name of PROFILES) {
  const profile = loadProfile(name);
  for (let index = 0; index < PER_PROFILE; index++) logs.push(generateLog(profile, { masterSeed: 'bench-signals', index }).log);
}
const rows = logs.reduce((a, l) => a + l.rows.length, 0);
for (let w = 0; w < 3; w++) for (const log of logs) detectAll(log);

const cpu0 = process.cpuUsage();
const t0 = process.hrtime.bigint();
let present = 0;
for (let r = 0; r < REPEAT; r++) for (const log of logs) for (const d of Object.values(detectAll(log))) if (d.present) present++;
const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
const cpu = process.cpuUsage(cpu0);
const cpuMs = (cpu.user + cpu.system) / 1000;
const n = logs.length * REPEAT;
console.log(
  JSON.stringify({
    area: 'signals',
    logs: n,
    mean_rows_per_log: Math.round((rows / logs.length) * 10) / 10,
    logs_per_s: Math.round(n / (wallMs / 1000)),
    rows_per_s: Math.round((rows * REPEAT) / (wallMs / 1000)),
    ms_per_log_wall: Math.round((wallMs / n) * 10_000) / 10_000,
    ms_per_log_cpu: Math.round((cpuMs / n) * 10_000) / 10_000,
    ms_per_200_rows_cpu: Math.round(((cpuMs / (rows * REPEAT)) * 200) * 10_000) / 10_000,
    detections_per_log: Math.round((present / n) * 100) / 100,
  }),
);
