import { loadProfile } from '../../../src/io/profiles.js';
import type { SourceLog } from '../../../src/perturb/dataset.js';
import { generateLog } from '../../../src/synth/index.js';

const PROFILES = ['personal-healthy', 'personal-overdue', 'sme-healthy', 'sme-overdue'];

/** `n` generated logs with labels, cycling over four profiles (healthy and overdue, personal and SME). */
export function generatedSources(n: number, masterSeed = 'perturb-tests'): SourceLog[] {
  const profiles = PROFILES.map((p) => loadProfile(p));
  return Array.from({ length: n }, (_, index) => {
    const g = generateLog(profiles[index % profiles.length], { masterSeed, index });
    return { log: g.log, labels: g.labels };
  });
}
