// Perturbation throughput: perturbLog alone (every operator, severity 3) and the full --check path per perturbed log
// (perturb + read back + validate with labels), on generated logs. Prints one JSON object.
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

console.log(
  JSON.stringify({
    area: 'perturb',
    source_logs: sources.length,
    mean_rows: Math.round(rows / sources.length),
    operators: OPERATORS.length,
    perturbed_logs_per_s: Math.round(made / perturbSec),
    checked_logs_per_s: Math.round(res.outputs.length / checkSec),
    check_includes: 'perturb + guard (detectors, for question-keeping ops) + canonical read + own-dialect read + validateLog with labels',
  }),
);
