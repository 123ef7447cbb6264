import { describe, expect, it } from 'vitest';
import type { Profile } from '../../../src/schema/profile.js';
import type { LogRow } from '../../../src/schema/log-row.js';
import type { LogLabels } from '../../../src/schema/labels.js';
import { LEAKAGE_WORDS } from '../../../src/schema/transaction-types.js';
import { SIGNAL_IDS, SUB_DOMAIN_TITLES, type SignalId } from '../../../src/schema/signal-id.js';
import { loadProfile } from '../../../src/io/profiles.js';
import { generateLog } from '../../../src/synth/index.js';
import { DEFAULT_THRESHOLDS, detectAll } from '../../../src/signals/index.js';
import { INJECTORS, SETTLERS } from '../../../src/synth/inject/index.js';
import { SIGNALS_OF_KIND } from '../../../src/schema/signals.js';
import { synthEvent, type InjectContext } from '../../../src/synth/event.js';
import { createRng } from '../../../src/random/rng.js';

const PERSONAL: readonly SignalId[] = SIGNALS_OF_KIND.personal;
const T = DEFAULT_THRESHOLDS;
const re = (patterns: readonly string[]) => new RegExp(patterns.map((p) => `(?:${p})`).join('|'), 'i');
const hourOf = (r: LogRow) => Number(r.timestamp.slice(11, 13));
const medianOf = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** The profile with exactly one signal switched on at the given intensity range. */
function only(base: Profile, id: SignalId, intensity: [number, number]): Profile {
  return { ...base, signals: { [id]: { prevalence: 1, intensity } } };
}

/**
 * Whether evidence row `r` really carries signal `id`, judged from the row's own fields (and, for refunds and
 * repayments, from the pairing and schedule labels), independently of the detector's code.
 */
function carries(id: SignalId, r: LogRow, rows: LogRow[], labels: LogLabels, evidence: Set<string>): boolean {
  const out = r.amountCents < 0;
  switch (id) {
    case 'concentration':
      return r.type === 'Purchase' && out && r.status === 'SUCCESS';
    case 'microloans':
      return (r.type === 'Loan Disbursement' && r.amountCents > 0 && r.amountCents <= T.microloans.maxPrincipalCents) || r.type === 'Loan Repayment';
    case 'spikes': {
      const med = medianOf(rows.filter((x) => x.amountCents < 0 && T.spikes.types.includes(x.type) && x.status === 'SUCCESS').map((x) => -x.amountCents));
      return out && T.spikes.types.includes(r.type) && -r.amountCents >= T.spikes.medianMultiple * med;
    }
    case 'refunds':
      // A refund that the labels pair with an earlier purchase, and whose counterparty has an earlier purchase in the
      // evidence (the detector pairs from the log alone, so it may pick a different purchase of the same merchant).
      if (r.type === 'Refund')
        return r.amountCents > 0 && labels.refund_pairs.some((p) => p.refund_txn_id === r.txn_id) && rows.some((p) => evidence.has(p.txn_id) && p.type === 'Purchase' && p.counterparty === r.counterparty && p.timestamp <= r.timestamp);
      return r.type === 'Purchase' && out && r.status === 'SUCCESS';
    case 'nighttime':
      return out && hourOf(r) < 5;
    case 'overseas':
      return out && r.location !== 'CN';
    case 'seasonality':
      return r.type === 'Purchase' && out && r.status === 'SUCCESS';
    case 'liquidity':
      return (r.status === 'FAILED' && out) || r.balanceCents < T.liquidity.lowBalanceCents || ['Transfer In', 'Card Repayment', 'Loan Repayment'].includes(r.type);
    case 'repayments': {
      const inst = labels.loans.flatMap((l) => l.installments).find((i) => i.txn_id === r.txn_id);
      return r.type === 'Loan Repayment' && inst !== undefined && ['late', 'partial', 'missed'].includes(inst.status);
    }
    case 'essentials': {
      if (!T.essentials.types.includes(r.type) || !out) return false;
      if (r.status === 'FAILED') return true;
      // Paid off its usual day: more than lateDays (circular, ~30-day month) from the payee's median day of month.
      const days = rows.filter((x) => x.type === r.type && x.counterparty === r.counterparty && x.status === 'SUCCESS').map((x) => Number(x.timestamp.slice(8, 10)));
      const usual = medianOf(days);
      const diff = Math.abs(Number(r.timestamp.slice(8, 10)) - usual);
      return Math.min(diff, 30 - diff) > T.essentials.lateDays - 1;
    }
    case 'subscription':
      return r.type === 'Subscription' && out;
    case 'risky':
      return re(T.risky.namePatterns).test(r.counterparty);
    case 'penalties':
      return out && (r.type === 'Late Fee' || (r.type === 'Fee' && re(T.penalties.feeRemarkPatterns).test(r.remark)));
    case 'nonessential':
      return out && re(T.nonessential.namePatterns).test(r.counterparty);
    case 'alignment': {
      const cat = labels.business_category as keyof typeof T.alignment.misfits;
      return out && re(T.alignment.misfits[cat].flatMap((c) => T.alignment.classes[c])).test(r.counterparty);
    }
    case 'liquidity_sme': {
      if (r.status === 'FAILED') return out && T.liquidity_sme.failedTypes.includes(r.type);
      // A thin day: the day's closing balance below bufferShare × the median month's outflow.
      const byMonth = new Map<string, number>();
      for (const x of rows) if (x.status === 'SUCCESS' && x.amountCents < 0) byMonth.set(x.timestamp.slice(0, 7), (byMonth.get(x.timestamp.slice(0, 7)) ?? 0) - x.amountCents);
      return r.balanceCents < T.liquidity_sme.bufferShare * medianOf([...byMonth.values()]);
    }
  }
}

/** Checks that hold for the evidence as a whole, beyond row by row. */
function wholeEvidence(id: SignalId, ev: LogRow[], rows: LogRow[]): void {
  if (id === 'seasonality') {
    // Every evidence month holds at least countRatio × the median month's home purchases (months Jan–Dec 2023).
    const count = new Map<string, number>();
    for (const r of rows) if (r.type === 'Purchase' && r.status === 'SUCCESS' && r.location === 'CN') count.set(r.timestamp.slice(0, 7), (count.get(r.timestamp.slice(0, 7)) ?? 0) + 1);
    const months = Array.from({ length: 12 }, (_, m) => count.get(`2023-${String(m + 1).padStart(2, '0')}`) ?? 0);
    const med = Math.max(1, medianOf(months));
    for (const m of new Set(ev.map((r) => r.timestamp.slice(0, 7)))) expect(count.get(m)!).toBeGreaterThanOrEqual(T.seasonality.countRatio * med);
  }
  if (id === 'concentration') expect(new Set(ev.map((r) => r.counterparty)).size).toBe(1);
  if (id === 'microloans') expect(new Set(ev.filter((r) => r.type === 'Loan Disbursement').map((r) => r.counterparty)).size).toBeGreaterThanOrEqual(2);
  if (id === 'subscription') expect(new Set(ev.map((r) => r.counterparty)).size).toBeGreaterThanOrEqual(T.subscription.minPayees);
}

const personalBase = loadProfile('personal-healthy');
const smeBase = loadProfile('sme-healthy');
const SEEDS = [42, 1337, 1211];

describe('INJECTORS', () => {
  it('has one injector per signal', () => {
    expect(Object.keys(INJECTORS).sort()).toEqual([...SIGNAL_IDS].sort());
  });

  for (const id of SIGNAL_IDS) {
    const base = PERSONAL.includes(id) ? personalBase : smeBase;
    describe(id, () => {
      it(`is detected when injected at high intensity, with evidence rows that carry it`, () => {
        for (const seed of SEEDS)
          for (let index = 0; index < 4; index++) {
            const { log, labels } = generateLog(only(base, id, [0.9, 1]), { masterSeed: `inject-${seed}`, index });
            const s = labels.signals[id];
            expect(s.injected, `${id} seed ${seed} log ${index}`).toBe(true);
            expect(s.present, `${id} seed ${seed} log ${index}`).toBe(true);
            expect(s.strength).toBeGreaterThanOrEqual(0.5);
            const evidence = new Set(s.evidence);
            const rows = log.rows.filter((r) => evidence.has(r.txn_id));
            expect(rows.length).toBe(evidence.size);
            for (const r of rows) expect(carries(id, r, log.rows, labels, evidence), `${id} evidence ${r.txn_id} ${r.type} ${r.counterparty}`).toBe(true);
            wholeEvidence(id, rows, log.rows);
          }
      });
      it('is detected at the lowest intensity too', () => {
        for (let index = 0; index < 6; index++) {
          const { labels } = generateLog(only(base, id, [0, 0.05]), { masterSeed: 'inject-low', index });
          expect(labels.signals[id].present, `${id} log ${index}`).toBe(true);
        }
      });
      it('writes no leakage word in remarks and no label word in counterparty names', () => {
        const label = new RegExp(`${SUB_DOMAIN_TITLES[id].split(' ')[0].slice(0, 6)}|microloan|nighttime|overseas|risky|penalt|nonessential|alignment|liquidity|concentration|spike|seasonal`, 'i');
        for (let index = 0; index < 4; index++) {
          const { log } = generateLog(only(base, id, [0.5, 1]), { masterSeed: 'inject-words', index });
          const leaks = log.rows.filter((r) => LEAKAGE_WORDS.some((w) => r.remark.toLowerCase().includes(w))).map((r) => r.remark);
          const named = log.rows.filter((r) => label.test(r.counterparty)).map((r) => r.counterparty);
          const unsafe = log.rows.filter((r) => /^[=+\-@]|[\t\n\r"]/.test(r.counterparty) || /^[=+\-@]|[\t\n\r"]/.test(r.remark));
          expect(leaks).toEqual([]);
          expect(named).toEqual([]);
          expect(unsafe).toEqual([]);
        }
      });
    });
  }

  it('is a no-op for alignment on a log without a business category', () => {
    const ctx = { rng: { next: () => 0.5 }, period: { start: 0, end: 86_400 * 365 }, clientKind: 'sme' as const, businessCategory: null, homeCountry: 'CN', events: [], loans: [], monthlyIncomeCents: 1_000_000, counterparty: (k: string) => k, remark: (k: string) => k, remarkFor: (_c: string, k: string) => k };
    INJECTORS.alignment(ctx, 1);
    expect(ctx.events).toEqual([]);
  });
});

describe('healthy bases without injection', () => {
  // Signals whose healthy base shows them now and then for real (bounced payments, festival peaks): the detector
  // is right to report them, so these are bounded rather than forbidden.
  const SOMETIMES: Partial<Record<SignalId, number>> = { liquidity: 0.05, seasonality: 0.05, essentials: 0.05, liquidity_sme: 0.06 };
  // The seasonal SME is a look-alike that trips liquidity_sme by design when its pre-season stocking bounces
  // supplier payments (docs/signals.md): a higher bound, still well below the overdue base's ~70%.
  const SEASONAL_SME: Partial<Record<SignalId, number>> = { ...SOMETIMES, liquidity_sme: 0.12 };
  for (const [name, bounds] of [
    ['personal-healthy', SOMETIMES],
    ['personal-night-shift', SOMETIMES],
    ['sme-healthy', SOMETIMES],
    ['sme-seasonal', SEASONAL_SME],
  ] as const) {
    it(`${name}: no signal is detected beyond its rare real occurrences`, () => {
      const profile = { ...loadProfile(name), signals: {} };
      const n = 120;
      const hits: Partial<Record<SignalId, number>> = {};
      for (let index = 0; index < n; index++) {
        const { log, labels } = generateLog(profile, { masterSeed: 'healthy-base', index });
        for (const id of SIGNAL_IDS) {
          expect(labels.signals[id].injected).toBe(false);
          if (labels.signals[id].present) hits[id] = (hits[id] ?? 0) + 1;
        }
        expect(detectAll(log)).toEqual(Object.fromEntries(SIGNAL_IDS.map((id) => [id, { present: labels.signals[id].present, strength: labels.signals[id].strength, evidence: labels.signals[id].evidence }])));
      }
      for (const id of SIGNAL_IDS) expect(hits[id] ?? 0, `${name} ${id}`).toBeLessThanOrEqual(Math.floor((bounds[id] ?? 0) * n));
    });
  }
  it('personal-night-shift: night spending on meals and transport is not the nighttime signal, but injected night spending is', () => {
    const profile = loadProfile('personal-night-shift');
    let nightRows = 0;
    for (let index = 0; index < 40; index++) {
      const { log, labels } = generateLog({ ...profile, signals: {} }, { masterSeed: 'look-alike', index });
      nightRows += log.rows.filter((r) => r.amountCents < 0 && hourOf(r) < 5).length;
      expect(labels.signals.nighttime.present).toBe(false);
    }
    // The look-alike really spends at night: on average more than 10 outflows a year between 00:00 and 05:00.
    expect(nightRows / 40).toBeGreaterThan(10);
    for (let index = 0; index < 6; index++) expect(generateLog(only(profile, 'nighttime', [0.3, 1]), { masterSeed: 'look-alike', index }).labels.signals.nighttime.present).toBe(true);
  });
});

const T2023 = Date.UTC(2023, 0, 1) / 1000;

/** A bare injection context over 2023, with a stream of its own and names equal to their kinds. */
const bareCtx = (seed: string, fields: Partial<InjectContext> = {}): InjectContext => ({
  rng: createRng(seed),
  period: { start: T2023, end: T2023 + 365 * 86_400 },
  clientKind: 'personal',
  businessCategory: null,
  homeCountry: 'CN',
  events: [],
  loans: [],
  monthlyIncomeCents: 800_000,
  counterparty: (k) => k,
  remark: (k) => k,
  remarkFor: (_c, k) => k,
  ...fields,
});

describe('injected sizes in the log\'s currency', () => {
  // An injector's fixed sizes are written in CNY; a koruna log (0.319 CNY a koruna) gets the same money, about 3.1
  // times the number, not a CNY number read as koruna. The same draws in both: only the conversion differs.
  it('the refunds injector\'s online orders, written around 180 CNY, are about 3.1 times the number in a CZK log', () => {
    const ordersOf = (cnyPerUnit: number): number[] => {
      const ctx = bareCtx('currency', { cnyPerUnit });
      INJECTORS.refunds(ctx, 0.5);
      return ctx.events.filter((e) => e.type === 'Purchase').map((e) => -e.amountCents);
    };
    const cny = ordersOf(1);
    const czk = ordersOf(0.319);
    expect(cny.length).toBeGreaterThan(5);
    expect(czk.length).toBe(cny.length);
    czk.forEach((c, k) => expect(c / cny[k]).toBeCloseTo(1 / 0.319, 2));
  });
});

describe('spikes on a log whose everyday rows a balance walk chooses after injection', () => {
  const cash = (day: number, cents: number) => ({ at: T2023 + day * 86_400 + 36_000, type: 'ATM Withdrawal' as const, channel: 'ATM' as const, counterparty: 'Own ATM', amountCents: -cents, location: 'CN', remark: 'cash', outcome: 'declinable' as const });
  const ctxWith = (events: InjectContext['events']): InjectContext => bareCtx('spikes-walk', { events, monthlyIncomeCents: 2_000_000 });

  it('adds everyday rows until the detector has enough, copies of the log\'s own (type, counterparty, about the amount)', () => {
    const events = Array.from({ length: 5 }, (_, d) => synthEvent(cash(d * 60, 500_000)));
    const ctx = ctxWith(events);
    INJECTORS.spikes(ctx, 0);
    const everyday = () => ctx.events.filter((e) => e.amountCents < 0 && T.spikes.types.includes(e.type) && !e.fundedBy);
    expect(everyday().length).toBe(T.spikes.minBaseRows + 4);
    for (const e of everyday()) {
      expect(e.type).toBe('ATM Withdrawal');
      expect(e.counterparty).toBe('Own ATM');
      expect(-e.amountCents).toBeGreaterThanOrEqual(0.8 * 500_000 - 1);
      expect(-e.amountCents).toBeLessThanOrEqual(1.25 * 500_000 + 1);
    }
  });

  it('raises a spike the walk left under the detector\'s bar, and the savings cashed in for it with it', () => {
    const events = Array.from({ length: 30 }, (_, d) => synthEvent(cash(d * 10, 50_000)));
    const ctx = ctxWith(events);
    INJECTORS.spikes(ctx, 0);
    const spikes = ctx.events.filter((e) => e.fundedBy);
    expect(spikes.length).toBeGreaterThanOrEqual(2);
    const before = spikes.map((e) => [-e.amountCents, e.fundedBy!.amountCents]);
    for (const [cents] of before) expect(cents).toBeLessThan(8 * 1_000_000);
    // The walk kept larger everyday rows than the injector saw: the median is now 1,000,000 cents, the bar 8,000,000
    // (the spikes were sized at 1.6–2.6 months of an income of 2,000,000).
    for (const e of ctx.events) if (!e.signal) e.amountCents = -1_000_000;
    SETTLERS.spikes!(ctx);
    spikes.forEach((e, k) => {
      expect(-e.amountCents).toBeGreaterThanOrEqual(1.3 * 8 * 1_000_000);
      // The redemption grows by the same money, so the balance after the spike stays where the walk held it.
      expect(e.fundedBy!.amountCents - before[k][1]).toBe(-e.amountCents - before[k][0]);
    });
    // A spike already above the bar stays as it is.
    const sizes = spikes.map((e) => e.amountCents);
    SETTLERS.spikes!(ctx);
    expect(spikes.map((e) => e.amountCents)).toEqual(sizes);
  });
});
