import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadProfile } from '../../src/io/profiles.js';
import { generateLog } from '../../src/synth/index.js';
import { validateLog } from '../../src/validate/validate-log.js';

const BASES = ['personal-healthy', 'personal-overdue', 'sme-healthy', 'sme-overdue'].map((n) => loadProfile(n));

describe('--rows-min/--rows-max are met exactly, for every range generate accepts (D6)', () => {
  it('gives the reported cases their exact counts (1000..1000 gave 999, 3000..3000 gave 2981–2998)', () => {
    for (const [lo, hi] of [
      [1000, 1000],
      [3000, 3000],
    ]) {
      for (let index = 0; index < 4; index++) {
        const { log } = generateLog(BASES[index % 4], { masterSeed: '42', index, rowsMin: lo, rowsMax: hi });
        expect(log.rows.length, `${lo}..${hi} log ${index}`).toBe(lo);
      }
    }
  });

  it('keeps every log of random ranges, seeds and profiles within its range, and the validator agrees', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 60, max: 1200 })),
        fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 400 })),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 10_000 }),
        (lo, width, base, index) => {
          const hi = lo + width;
          const { log, labels } = generateLog(BASES[base], { masterSeed: 'rows', index, rowsMin: lo, rowsMax: hi });
          expect(log.rows.length).toBeGreaterThanOrEqual(lo);
          expect(log.rows.length).toBeLessThanOrEqual(hi);
          const issues = validateLog(log, { labels, generated: true, rowCount: { min: lo, max: hi }, only: ['row-count', 'balance', 'time-order', 'duplicates', 'period', 'sign', 'refunds'] });
          expect(issues.map((i) => `${i.code} ${i.message}`)).toEqual([]);
        },
      ),
      { numRuns: 40, seed: 15 },
    );
  }, 240_000);
});
