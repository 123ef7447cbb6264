import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DETECTORS, DEFAULT_THRESHOLDS, detectAll, detectLazily, detectSignal, mergeThresholds } from '../../src/signals/index.js';
import { SIGNAL_IDS, type SignalId } from '../../src/schema/signal-id.js';
import { readDialect, readLogFile } from '../../src/io/index.js';
import { buildLog, healthyPersonalRows, type RowSpec } from './build-log.js';
import { SIGNALS_OF_KIND } from '../../src/schema/signals.js';

const PERSONAL: readonly SignalId[] = SIGNALS_OF_KIND.personal;

/** A personal log that shows every personal signal at once. */
function stressedPersonalRows(): RowSpec[] {
  const rows = healthyPersonalRows(6);
  for (let k = 0; k < 48; k++) rows.push({ at: `2023-${String((k % 12) + 1).padStart(2, '0')}-2${k % 8} 0${k % 5}:10:00`, type: 'Purchase', amount: -150, counterparty: 'Meilin Live Streaming', channel: 'ONLINE' });
  for (const l of ['A Credit', 'B Credit', 'C Credit']) rows.push({ at: `2023-0${l.charCodeAt(0) - 60}-03 12:00:00`, type: 'Loan Disbursement', amount: 2000, counterparty: l, channel: 'ONLINE' });
  for (const m of ['02', '04', '06']) rows.push({ at: `2023-${m}-27 08:00:00`, type: 'Card Repayment', amount: -5000, counterparty: 'Card', status: 'FAILED' });
  return rows;
}

describe('detectLazily', () => {
  it('reads, in any order, exactly what detectAll returns, with the same keys', () => {
    for (const log of [buildLog(stressedPersonalRows()), buildLog(stressedPersonalRows(), { clientKind: 'sme', businessCategory: 'retail' })]) {
      const all = detectAll(log);
      const lazy = detectLazily(log);
      for (const id of [...SIGNAL_IDS].reverse()) expect(lazy[id]).toEqual(all[id]);
      expect(Object.keys(lazy)).toEqual([...SIGNAL_IDS]);
      expect(JSON.stringify(detectLazily(log))).toBe(JSON.stringify(all));
    }
  });
  it('uses the thresholds it is given and runs a detector once', () => {
    const log = buildLog(stressedPersonalRows());
    const strict = detectLazily(log, mergeThresholds({ microloans: { minDisbursements: 4 } }));
    expect(strict.microloans.present).toBe(false);
    expect(strict.microloans).toBe(strict.microloans);
  });
});

describe('detectAll', () => {
  it('returns all sixteen signals in table order', () => {
    expect(Object.keys(detectAll(buildLog(healthyPersonalRows())))).toEqual([...SIGNAL_IDS]);
  });
  it('agrees with detectSignal and DETECTORS for every signal', () => {
    const log = buildLog(stressedPersonalRows());
    const all = detectAll(log);
    for (const id of SIGNAL_IDS) {
      expect(detectSignal(id, log)).toEqual(all[id]);
      expect(DETECTORS[id](log)).toEqual(all[id]);
    }
    expect(all.concentration.present && all.microloans.present && all.nighttime.present && all.liquidity.present).toBe(true);
  });
  it('leaves the SME signals absent on a personal log and the personal ones absent on an SME log', () => {
    const personal = detectAll(buildLog(stressedPersonalRows()));
    for (const id of SIGNAL_IDS) if (!PERSONAL.includes(id)) expect(personal[id].present).toBe(false);
    const sme = detectAll(buildLog(stressedPersonalRows(), { clientKind: 'sme', businessCategory: 'retail' }));
    for (const id of PERSONAL) expect(sme[id]).toEqual({ present: false, strength: 0, evidence: [] });
  });
  it('is deterministic and does not touch its input', () => {
    const log = buildLog(stressedPersonalRows());
    const before = JSON.stringify(log);
    expect(JSON.stringify(detectAll(log))).toBe(JSON.stringify(detectAll(log)));
    expect(JSON.stringify(log)).toBe(before);
  });
  it('uses the thresholds it is given', () => {
    const log = buildLog(stressedPersonalRows());
    expect(detectAll(log).microloans.present).toBe(true);
    expect(detectAll(log, mergeThresholds({ microloans: { minDisbursements: 4 } })).microloans.present).toBe(false);
  });
  it('keeps strength in [0, 1] with present exactly when strength ≥ 0.5', () => {
    for (const log of [buildLog(stressedPersonalRows()), buildLog(healthyPersonalRows())])
      for (const d of Object.values(detectAll(log))) {
        expect(d.strength).toBeGreaterThanOrEqual(0);
        expect(d.strength).toBeLessThanOrEqual(1);
        expect(d.present).toBe(d.strength >= 0.5);
        expect(d.present || d.evidence.length === 0).toBe(true);
      }
  });
  it('handles an empty log', () => {
    for (const d of Object.values(detectAll(buildLog([]), DEFAULT_THRESHOLDS))) expect(d.present).toBe(false);
  });
});

const BERKA = resolve(__dirname, '../../../shared/data/berka/trans_test.csv');
const BERKA_DIALECT = resolve(__dirname, '../../dialects/berka.json');
const haveBerka = existsSync(BERKA) && existsSync(BERKA_DIALECT);
if (!haveBerka) console.warn(`skipping Berka detector test: ${BERKA} not found`);

describe.skipIf(!haveBerka)('detectAll on Berka (real bank data, dates only)', () => {
  it('runs on every account and never reports nighttime without a time of day', () => {
    const { logs } = readLogFile(BERKA, { dialect: readDialect(BERKA_DIALECT) });
    expect(logs.length).toBeGreaterThan(100);
    for (const log of logs) {
      expect(log.hasTimeOfDay).toBe(false);
      const all = detectAll(log);
      expect(all.nighttime.present).toBe(false);
      for (const d of Object.values(all)) for (const id of d.evidence) expect(log.rows.some((r) => r.txn_id === id)).toBe(true);
    }
  });
});
