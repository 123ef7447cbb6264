import { describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLDS, Thresholds, mergeThresholds } from '../../src/signals/index.js';
import { SIGNAL_IDS } from '../../src/schema/signal-id.js';
import { BUSINESS_CATEGORIES } from '../../src/schema/profile.js';

describe('DEFAULT_THRESHOLDS', () => {
  it('is data that validates against the Thresholds schema, one block per signal', () => {
    expect(Thresholds.parse(DEFAULT_THRESHOLDS)).toEqual(DEFAULT_THRESHOLDS);
    expect(Object.keys(DEFAULT_THRESHOLDS).sort()).toEqual([...SIGNAL_IDS].sort());
  });
  it('survives a JSON round trip (thresholds can live in a file)', () => {
    expect(Thresholds.parse(JSON.parse(JSON.stringify(DEFAULT_THRESHOLDS)))).toEqual(DEFAULT_THRESHOLDS);
  });
  it('lists misfit supply classes for every business category', () => {
    for (const c of BUSINESS_CATEGORIES) expect(DEFAULT_THRESHOLDS.alignment.misfits[c].length).toBeGreaterThan(0);
  });
  it('keeps the night window inside the day', () => {
    expect(DEFAULT_THRESHOLDS.nighttime.fromHour).toBeLessThan(DEFAULT_THRESHOLDS.nighttime.toHour);
  });
});

describe('mergeThresholds', () => {
  it('overrides one field and keeps the rest', () => {
    const t = mergeThresholds({ microloans: { minDisbursements: 5 } });
    expect(t.microloans.minDisbursements).toBe(5);
    expect(t.microloans.minLenders).toBe(DEFAULT_THRESHOLDS.microloans.minLenders);
    expect(t.spikes).toEqual(DEFAULT_THRESHOLDS.spikes);
  });
  it('rejects a share above 1, naming the field', () => {
    expect(() => mergeThresholds({ concentration: { minCountShare: 1.5 } })).toThrow(/minCountShare/);
  });
  it('rejects a pattern that is not a regular expression', () => {
    expect(() => mergeThresholds({ risky: { namePatterns: ['(unclosed'] } })).toThrow(/regular expression/);
  });
  it('rejects a misfit class that is not defined', () => {
    expect(() => mergeThresholds({ alignment: { misfits: { ...DEFAULT_THRESHOLDS.alignment.misfits, restaurant: ['unobtainium'] } } })).toThrow(/unknown class unobtainium/);
  });
});
