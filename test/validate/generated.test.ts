import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProfile } from '../../src/io/profiles.js';
import { parseLogText } from '../../src/reader/parse-log.js';
import { formatLogTsv } from '../../src/log/format-tsv.js';
import { generateLog } from '../../src/synth/index.js';
import { validateLog } from '../../src/validate/validate-log.js';

const PROFILES = readdirSync(join(import.meta.dirname, '..', '..', 'profiles'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''))
  .sort();
// faker's golden seeds (STYLE: [42, 1337, 1211]); three logs each
const SEEDS = ['42', '1337', '1211'];

describe('validateLog on generated logs', () => {
  it('finds profiles to test', () => expect(PROFILES.length).toBeGreaterThanOrEqual(4));
  for (const name of PROFILES) {
    it(`gives zero issues on ${name} logs read back from TSV, with their labels`, () => {
      const profile = loadProfile(name);
      for (const seed of SEEDS) {
        for (const index of [0, 1, 2]) {
          const { log, labels } = generateLog(profile, { masterSeed: seed, index });
          const { logs, issues } = parseLogText(formatLogTsv(log), { file: `logs/${log.logId}.tsv`, logId: log.logId });
          expect(issues, `${name} seed ${seed} index ${index}`).toEqual([]);
          expect(validateLog(logs[0], { labels }), `${name} seed ${seed} index ${index}`).toEqual([]);
          // without labels the heuristics run instead; they may warn (e.g. a missed installment) but find no error
          expect(validateLog(logs[0], {}).filter((i) => i.severity === 'error'), `${name} seed ${seed} index ${index} without labels`).toEqual([]);
        }
      }
    });
  }
});
