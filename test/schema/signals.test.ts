import { describe, expect, it } from 'vitest';
import { SIGNALS, SIGNALS_OF_KIND, SIGNAL_INFO } from '../../src/schema/signals.js';
import { SIGNAL_IDS, SUB_DOMAIN_TITLES } from '../../src/schema/signal-id.js';
import { DEFAULT_THRESHOLDS } from '../../src/schema/thresholds.js';
import { TABLE_A12_TITLES } from '../../src/score/table-columns.js';
import { INDICATOR_TEXT } from '../../src/questions/templates/index.js';

describe('the signal table', () => {
  it('has one row per signal id, in Table A12 order, eight for each client kind', () => {
    expect(SIGNALS.map((s) => s.id)).toEqual([...SIGNAL_IDS]);
    expect([SIGNALS_OF_KIND.personal.length, SIGNALS_OF_KIND.sme.length]).toEqual([8, 8]);
    for (const s of SIGNALS) expect(SIGNAL_INFO[s.id]).toBe(s);
  });

  it('is what the score columns, the question options and the thresholds read', () => {
    for (const s of SIGNALS) {
      expect([s.id, TABLE_A12_TITLES[s.id], SUB_DOMAIN_TITLES[s.id], INDICATOR_TEXT[s.id]]).toEqual([s.id, s.a12, s.title, s.indicator]);
      expect(s.thresholds).toBe(DEFAULT_THRESHOLDS[s.id]);
    }
    expect(new Set(SIGNALS.map((s) => s.a12)).size).toBe(SIGNALS.length);
    expect(new Set(SIGNALS.map((s) => s.indicator)).size).toBe(SIGNALS.length);
  });
});
