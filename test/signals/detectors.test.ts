import { describe, expect, it } from 'vitest';
import {
  DEFAULT_THRESHOLDS,
  detectAlignment,
  detectConcentration,
  detectEssentials,
  detectLiquidity,
  detectLiquiditySme,
  detectMicroloans,
  detectNighttime,
  detectNonessential,
  detectOverseas,
  detectPenalties,
  detectRefunds,
  detectRepayments,
  detectRisky,
  detectSeasonality,
  detectSpikes,
  detectSubscription,
} from '../../src/signals/index.js';
import { buildLog, day2023, healthyPersonalRows, type RowSpec } from './build-log.js';

const rowsOf = (log: ReturnType<typeof buildLog>, ids: string[]) => log.rows.filter((r) => ids.includes(r.txn_id));

describe('detectConcentration', () => {
  it('flags one merchant taking 40% of purchases', () => {
    const base = healthyPersonalRows(6);
    for (let m = 0; m < 12; m++) base.push({ at: `2023-${String(m + 1).padStart(2, '0')}-20 20:00:00`, type: 'Purchase', amount: -90, counterparty: 'Meilin Online Mall', channel: 'ONLINE' }, { at: `2023-${String(m + 1).padStart(2, '0')}-21 20:00:00`, type: 'Purchase', amount: -120, counterparty: 'Meilin Online Mall', channel: 'ONLINE' }, { at: `2023-${String(m + 1).padStart(2, '0')}-22 20:00:00`, type: 'Purchase', amount: -60, counterparty: 'Meilin Online Mall', channel: 'ONLINE' }, { at: `2023-${String(m + 1).padStart(2, '0')}-23 20:00:00`, type: 'Purchase', amount: -70, counterparty: 'Meilin Online Mall', channel: 'ONLINE' });
    const log = buildLog(base);
    const d = detectConcentration(log);
    expect(d.present).toBe(true);
    // 48 of 48 + 72 purchases = 40% ≥ 35%
    expect(d.evidence).toHaveLength(48);
    expect(new Set(rowsOf(log, d.evidence).map((r) => r.counterparty))).toEqual(new Set(['Meilin Online Mall']));
  });
  it('stays absent when spending is spread over many shops', () => {
    const d = detectConcentration(buildLog(healthyPersonalRows(8)));
    expect(d.present).toBe(false);
    expect(d.evidence).toEqual([]);
    expect(d.strength).toBeLessThan(0.5);
  });
  it('is absent on an SME log', () => {
    expect(detectConcentration(buildLog(healthyPersonalRows(8), { clientKind: 'sme' })).present).toBe(false);
  });
});

describe('detectMicroloans', () => {
  const loans = (lenders: string[], amount: number): RowSpec[] =>
    lenders.flatMap((l, k) => [
      { at: day2023(30 + k * 40), type: 'Loan Disbursement' as const, amount, counterparty: l, channel: 'ONLINE' as const },
      { at: day2023(60 + k * 40), type: 'Loan Repayment' as const, amount: -amount / 3, counterparty: l, channel: 'AUTO_DEBIT' as const },
    ]);
  it('flags three small loans from different lenders, with their repayments as evidence', () => {
    const log = buildLog([...healthyPersonalRows(4), ...loans(['Xinyu Credit', 'Jinlong Consumer Finance', 'Anda Pay Later'], 3000)]);
    const d = detectMicroloans(log);
    expect(d.present).toBe(true);
    expect(rowsOf(log, d.evidence).map((r) => r.type).sort()).toEqual([...Array(3).fill('Loan Disbursement'), ...Array(3).fill('Loan Repayment')]);
  });
  it('ignores a single large consumer loan', () => {
    expect(detectMicroloans(buildLog([...healthyPersonalRows(4), ...loans(['Big Bank'], 80_000)])).present).toBe(false);
  });
  it('needs two lenders: three top-ups from one platform are not stacking', () => {
    expect(detectMicroloans(buildLog([...healthyPersonalRows(4), ...loans(['A', 'A', 'A'], 2000)])).present).toBe(false);
  });
  it('caps "small" at 1.5 months of the log\'s own income', () => {
    // income 4,000 → cap 6,000: loans of 7,000 are not micro
    expect(detectMicroloans(buildLog([...healthyPersonalRows(4, 4000), ...loans(['A', 'B', 'C'], 7000)])).present).toBe(false);
  });
});

describe('detectSpikes', () => {
  it('flags two unrepeated outflows above a month of income', () => {
    const log = buildLog([...healthyPersonalRows(8), { at: '2023-04-12 15:00:00', type: 'Purchase', amount: -12_000, counterparty: 'Lixin Jewellery Store' }, { at: '2023-09-02 15:00:00', type: 'ATM Withdrawal', amount: -10_000, counterparty: 'Bank ATM', channel: 'ATM' }]);
    const d = detectSpikes(log);
    expect(d.present).toBe(true);
    expect(rowsOf(log, d.evidence).map((r) => r.amountCents)).toEqual([-1_200_000, -1_000_000]);
  });
  it('does not count a recurring savings transfer of the same size', () => {
    const rows = healthyPersonalRows(8);
    for (let m = 1; m <= 12; m++) rows.push({ at: `2023-${String(m).padStart(2, '0')}-11 09:00:00`, type: 'Transfer Out', amount: -9500, counterparty: 'Own savings', channel: 'TRANSFER' });
    expect(detectSpikes(buildLog(rows)).present).toBe(false);
  });
  it('needs at least two spikes', () => {
    expect(detectSpikes(buildLog([...healthyPersonalRows(8), { at: '2023-04-12', type: 'Purchase', amount: -12_000, counterparty: 'X' }])).present).toBe(false);
  });
});

describe('detectRefunds', () => {
  const withRefunds = (n: number): RowSpec[] => {
    const rows = healthyPersonalRows(4);
    for (let k = 0; k < n; k++) {
      rows.push({ at: day2023(10 + k * 20) + ' 10:00:00', type: 'Purchase', amount: -300, counterparty: `Store ${k}`, channel: 'ONLINE' });
      rows.push({ at: day2023(15 + k * 20) + ' 10:00:00', type: 'Refund', amount: 300, counterparty: `Store ${k}`, channel: 'ONLINE' });
    }
    return rows;
  };
  it('flags frequent refunds paired with earlier purchases at the same counterparty', () => {
    const log = buildLog(withRefunds(10));
    const d = detectRefunds(log);
    // 10 refunds / (48 + 10) purchases = 17% ≥ 12%
    expect(d.present).toBe(true);
    const ev = rowsOf(log, d.evidence);
    expect(ev.filter((r) => r.type === 'Refund')).toHaveLength(10);
    for (const r of ev.filter((x) => x.type === 'Refund')) expect(ev.some((p) => p.type === 'Purchase' && p.counterparty === r.counterparty && p.timestamp < r.timestamp)).toBe(true);
  });
  it('stays absent with a few refunds', () => {
    expect(detectRefunds(buildLog(withRefunds(3))).present).toBe(false);
  });
  it('does not pair a refund larger than the purchase or outside 60 days', () => {
    const rows = healthyPersonalRows(2);
    for (let k = 0; k < 6; k++) {
      rows.push({ at: day2023(k * 50), type: 'Purchase', amount: -100, counterparty: `S${k}` });
      rows.push({ at: day2023(k * 50 + (k % 2 ? 70 : 5)), type: 'Refund', amount: k % 2 ? 100 : 150, counterparty: `S${k}` });
    }
    expect(detectRefunds(buildLog(rows)).present).toBe(false);
  });
});

describe('detectNighttime', () => {
  const nightRows = (counterparty: (k: number) => string, channel: 'ONLINE' | 'QR'): RowSpec[] =>
    Array.from({ length: 12 }, (_, k) => ({ at: `${day2023(5 + k * 25)} 0${k % 5}:20:00`, type: 'Purchase' as const, amount: -150, counterparty: counterparty(k), channel }));
  it('flags discretionary spending between midnight and 5 am', () => {
    const log = buildLog([...healthyPersonalRows(8), ...nightRows((k) => `Xingchen Live Streaming ${k % 3}`, 'ONLINE')]);
    const d = detectNighttime(log);
    expect(d.present).toBe(true);
    for (const r of rowsOf(log, d.evidence)) expect(Number(r.timestamp.slice(11, 13))).toBeLessThan(5);
  });
  it('does not flag a night-shift routine of meals, groceries and transport', () => {
    const names = ['Chunlei Canteen', 'Baoli 24h Convenience Store', 'Taiping Noodle House', 'Shenzhen Bus Card'];
    const rows = [...healthyPersonalRows(4), ...nightRows((k) => names[k % 4], 'QR'), ...nightRows((k) => names[(k + 1) % 4], 'ONLINE')];
    expect(detectNighttime(buildLog(rows)).present).toBe(false);
  });
  it('is absent, not guessed, on logs without time of day', () => {
    const log = buildLog([...healthyPersonalRows(8), ...nightRows((k) => `Platform ${k}`, 'ONLINE')], { hasTimeOfDay: false });
    expect(detectNighttime(log)).toEqual({ present: false, strength: 0, evidence: [] });
  });
});

describe('detectOverseas', () => {
  const trip = (month: number, country: string): RowSpec[] =>
    Array.from({ length: 3 }, (_, k) => ({ at: `2023-${String(month).padStart(2, '0')}-${10 + k} 14:00:00`, type: 'Purchase' as const, amount: -900, counterparty: 'Hotel abroad', location: country }));
  it('flags repeated foreign spending over several months', () => {
    const log = buildLog([...healthyPersonalRows(8), ...trip(3, 'JP'), ...trip(8, 'TH')]);
    const d = detectOverseas(log);
    expect(d.present).toBe(true);
    expect(rowsOf(log, d.evidence).every((r) => r.location !== 'CN')).toBe(true);
  });
  it('does not flag one holiday trip', () => {
    expect(detectOverseas(buildLog([...healthyPersonalRows(8), ...trip(3, 'JP'), ...trip(3, 'JP')])).present).toBe(false);
  });
});

describe('detectSeasonality', () => {
  it('flags a festival month with several times the usual purchases', () => {
    const rows = healthyPersonalRows(6);
    for (let k = 0; k < 20; k++) rows.push({ at: `2023-01-${String(1 + k).padStart(2, '0')} 19:00:00`, type: 'Purchase', amount: -400, counterparty: `Gift shop ${k}` });
    const log = buildLog(rows);
    const d = detectSeasonality(log);
    expect(d.present).toBe(true);
    expect(new Set(rowsOf(log, d.evidence).map((r) => r.timestamp.slice(0, 7)))).toEqual(new Set(['2023-01']));
  });
  it('does not flag an even year', () => {
    expect(detectSeasonality(buildLog(healthyPersonalRows(8))).present).toBe(false);
  });
});

describe('detectLiquidity', () => {
  it('flags three declined payments', () => {
    const rows = healthyPersonalRows(6);
    for (const m of ['03', '06', '09']) rows.push({ at: `2023-${m}-28 08:00:00`, type: 'Card Repayment', amount: -4000, counterparty: 'Card Center', status: 'FAILED', channel: 'AUTO_DEBIT' });
    const log = buildLog(rows);
    const d = detectLiquidity(log);
    expect(d.present).toBe(true);
    expect(rowsOf(log, d.evidence).every((r) => r.status === 'FAILED')).toBe(true);
  });
  it('flags borrowing from friends to pay the card bill when the money was not there', () => {
    const rows: RowSpec[] = [];
    for (const m of ['02', '05', '08']) {
      rows.push({ at: `2023-${m}-20 10:00:00`, type: 'Transfer In', amount: 3000, counterparty: `Friend ${m}`, channel: 'TRANSFER' });
      rows.push({ at: `2023-${m}-21 10:00:00`, type: 'Card Repayment', amount: -2900, counterparty: 'Card Center', channel: 'ONLINE' });
      rows.push({ at: `2023-${m}-25 10:00:00`, type: 'Salary', amount: 3000, counterparty: 'Employer', channel: 'TRANSFER' });
      rows.push({ at: `2023-${m}-26 10:00:00`, type: 'Transfer Out', amount: -3000, counterparty: `Friend ${m}`, channel: 'TRANSFER' });
    }
    const log = buildLog(rows, { opening: 1000 });
    const d = detectLiquidity(log);
    expect(d.present).toBe(true);
    expect(rowsOf(log, d.evidence).map((r) => r.type)).toContain('Card Repayment');
  });
  it('does not call a well-funded card repayment after a gift borrowing', () => {
    const rows = healthyPersonalRows(6);
    for (const m of ['02', '05', '08']) {
      rows.push({ at: `2023-${m}-20 10:00:00`, type: 'Transfer In', amount: 300, counterparty: 'Mum', channel: 'TRANSFER' });
      rows.push({ at: `2023-${m}-21 10:00:00`, type: 'Card Repayment', amount: -290, counterparty: 'Card Center', channel: 'ONLINE' });
    }
    expect(detectLiquidity(buildLog(rows, { opening: 50_000 })).present).toBe(false);
  });
});

describe('detectRepayments', () => {
  const loan = (irregular: Array<'late' | 'partial' | 'failed' | null>): RowSpec[] => {
    const rows: RowSpec[] = [{ at: '2023-01-15 10:00:00', type: 'Loan Disbursement', amount: 200_000, counterparty: 'Jinlong Commercial Bank Co., Ltd.', channel: 'TRANSFER' }];
    irregular.forEach((kind, k) => {
      const m = String(k + 2).padStart(2, '0');
      const day = kind === 'late' ? 27 : 15;
      rows.push({ at: `2023-${m}-${day} 08:00:00`, type: 'Loan Repayment', amount: kind === 'partial' ? -6000 : -17_500, counterparty: 'Jinlong Commercial Bank Co., Ltd.', channel: 'AUTO_DEBIT', status: kind === 'failed' ? 'FAILED' : 'SUCCESS' });
    });
    return rows;
  };
  it('flags late, partial and declined installments against the disbursement day', () => {
    const log = buildLog(loan([null, 'late', null, 'partial', null, 'failed', null, null]), { clientKind: 'sme', opening: 500_000 });
    const d = detectRepayments(log);
    expect(d.present).toBe(true);
    const ev = rowsOf(log, d.evidence);
    expect(ev.map((r) => [r.timestamp.slice(0, 10), r.status])).toEqual([
      ['2023-03-27', 'SUCCESS'],
      ['2023-05-15', 'SUCCESS'],
      ['2023-07-15', 'FAILED'],
    ]);
  });
  it('stays absent on a punctual schedule', () => {
    expect(detectRepayments(buildLog(loan(Array(10).fill(null)), { clientKind: 'sme', opening: 500_000 })).present).toBe(false);
  });
  it('is absent on a personal log', () => {
    expect(detectRepayments(buildLog(loan([null, 'late', 'failed', 'partial']), { clientKind: 'personal' })).present).toBe(false);
  });
});

describe('detectEssentials', () => {
  const series = (shift: Record<number, number>, failed: number[] = []): RowSpec[] =>
    Array.from({ length: 12 }, (_, k) => ({
      at: `2023-${String(k + 1).padStart(2, '0')}-${String(5 + (shift[k] ?? 0) + (k % 3) - 1).padStart(2, '0')} 10:00:00`,
      type: 'Rent' as const,
      amount: -20_000,
      counterparty: 'Lianhua Property Management Co., Ltd.',
      channel: 'TRANSFER' as const,
      status: failed.includes(k) ? ('FAILED' as const) : ('SUCCESS' as const),
    }));
  it('flags rent paid two weeks late and a declined rent', () => {
    const log = buildLog(series({ 3: 14, 7: 12 }, [9]), { clientKind: 'sme', opening: 500_000 });
    const d = detectEssentials(log);
    expect(d.present).toBe(true);
    // day = 5 + shift + (k mod 3) − 1: April (k=3) 5+14+0−1 = 18, August (k=7) 5+12+1−1 = 17, October (k=9) 4.
    expect(rowsOf(log, d.evidence).map((r) => r.timestamp.slice(0, 10))).toEqual(['2023-04-18', '2023-08-17', '2023-10-04']);
  });
  it('tolerates a few days of jitter', () => {
    expect(detectEssentials(buildLog(series({}), { clientKind: 'sme', opening: 500_000 })).present).toBe(false);
  });
});

describe('detectSubscription', () => {
  it('flags six recurring services, not five', () => {
    const subs = (n: number): RowSpec[] =>
      Array.from({ length: n }, (_, s) => Array.from({ length: 4 }, (_, m) => ({ at: `2023-0${m + 2}-0${s + 1} 03:00:00`, type: 'Subscription' as const, amount: -199, counterparty: `Cloud ${s} Co., Ltd.`, channel: 'AUTO_DEBIT' as const }))).flat();
    const six = buildLog(subs(6), { clientKind: 'sme' });
    const d = detectSubscription(six);
    expect(d.present).toBe(true);
    expect(d.evidence).toHaveLength(24);
    expect(detectSubscription(buildLog(subs(5), { clientKind: 'sme' })).present).toBe(false);
  });
});

describe('detectRisky', () => {
  it('flags money moving through crypto and lottery platforms by their trade names', () => {
    const rows: RowSpec[] = [
      { at: '2023-02-01 22:00:00', type: 'Transfer Out', amount: -20_000, counterparty: 'Huaxin Digital Asset Exchange Co., Ltd.', channel: 'ONLINE' },
      { at: '2023-03-01 22:00:00', type: 'Transfer Out', amount: -10_000, counterparty: 'Yida Sports Lottery Service Co., Ltd.', channel: 'ONLINE' },
      { at: '2023-04-01 22:00:00', type: 'Transfer In', amount: 4_000, counterparty: 'Yida Sports Lottery Service Co., Ltd.', channel: 'ONLINE' },
      { at: '2023-04-05 10:00:00', type: 'Supplier Payment', amount: -4_000, counterparty: 'Anda Fresh Produce Trading Store', channel: 'TRANSFER' },
    ];
    const log = buildLog(rows, { clientKind: 'sme', opening: 100_000 });
    expect(detectRisky(log).evidence).toEqual(['T0001', 'T0002', 'T0003']);
  });
  it('ignores ordinary trade partners', () => {
    const log = buildLog([{ at: '2023-02-01', type: 'Supplier Payment', amount: -100, counterparty: 'Huaxin Interactive Design Studio' }], { clientKind: 'sme' });
    expect(detectRisky(log).present).toBe(false);
  });
});

describe('detectPenalties', () => {
  it('counts Late Fee rows and fees for returned payments, not account fees', () => {
    const rows: RowSpec[] = [
      { at: '2023-02-01', type: 'Late Fee', amount: -300, counterparty: 'Bank' },
      { at: '2023-03-01', type: 'Fee', amount: -50, counterparty: 'Bank', remark: 'Returned payment charge' },
      { at: '2023-04-01', type: 'Fee', amount: -10, counterparty: 'Bank', remark: 'Account management fee' },
    ];
    const log = buildLog(rows, { clientKind: 'sme' });
    expect(detectPenalties(log)).toMatchObject({ present: true, evidence: ['T0001', 'T0002'] });
    expect(detectPenalties(buildLog(rows.slice(2), { clientKind: 'sme' })).present).toBe(false);
  });
});

describe('detectNonessential', () => {
  it('flags luxury and entertainment spending out of the business account', () => {
    const rows: RowSpec[] = ['Huamei Jewellery Co., Ltd.', 'Boya Golf Club Co., Ltd.', 'Tianyi Karaoke Club Co., Ltd.'].map((c, k) => ({ at: day2023(40 + k * 30), type: 'Purchase', amount: -8000, counterparty: c }));
    const d = detectNonessential(buildLog(rows, { clientKind: 'sme', opening: 100_000 }));
    expect(d.present).toBe(true);
    expect(d.evidence).toHaveLength(3);
  });
});

describe('detectAlignment', () => {
  const steel: RowSpec[] = [0, 1, 2].map((k) => ({ at: day2023(20 + k * 50), type: 'Supplier Payment', amount: -30_000, counterparty: 'Jinlong Steel Trading Co., Ltd.', channel: 'TRANSFER' }));
  it('flags a restaurant buying steel', () => {
    expect(detectAlignment(buildLog(steel, { clientKind: 'sme', businessCategory: 'restaurant', opening: 200_000 })).present).toBe(true);
  });
  it('lets a factory buy steel', () => {
    expect(detectAlignment(buildLog(steel, { clientKind: 'sme', businessCategory: 'factory', opening: 200_000 })).present).toBe(false);
  });
  it('is absent without a declared business category', () => {
    expect(detectAlignment(buildLog(steel, { clientKind: 'sme', opening: 200_000 })).present).toBe(false);
  });
});

describe('detectLiquiditySme', () => {
  it('flags three bounced supplier payments', () => {
    const rows: RowSpec[] = [
      { at: '2023-01-02', type: 'Sales Receipt', amount: 50_000, counterparty: 'Client' },
      ...[1, 2, 3].map((k) => ({ at: day2023(k * 40), type: 'Supplier Payment' as const, amount: -80_000, counterparty: 'Supplier', status: 'FAILED' as const })),
    ];
    const log = buildLog(rows, { clientKind: 'sme', opening: 20_000 });
    const d = detectLiquiditySme(log);
    expect(d.present).toBe(true);
    expect(rowsOf(log, d.evidence).filter((r) => r.status === 'FAILED')).toHaveLength(3);
  });
});

describe('DEFAULT_THRESHOLDS defaults in detectors', () => {
  it('are what each detector uses when none are given', () => {
    const log = buildLog(healthyPersonalRows(8));
    expect(detectSpikes(log)).toEqual(detectSpikes(log, DEFAULT_THRESHOLDS.spikes));
  });
});
