import { describe, expect, it } from 'vitest';
import { FitAccumulator } from '../../src/fit/accumulator.js';
import { estimateLogEffects } from '../../src/fit/log-effects.js';
import { choleskyFactor, LogEffects } from '../../src/schema/profile.js';
import { TAIL_CUT } from '../../src/schema/profile.js';
import { drawAmountAtLevel, normalCdf, tailNoise } from '../../src/synth/amounts.js';
import { createRng } from '../../src/random/rng.js';
import type { LogRow } from '../../src/schema/log-row.js';

function row(i: number, day: number, type: LogRow['type'], amount: number, balance: number): LogRow {
  const d = String(1 + (day % 28)).padStart(2, '0');
  const m = String(1 + (Math.floor(day / 28) % 12)).padStart(2, '0');
  return { txn_id: `T${i}`, timestamp: `2022-${m}-${d} 10:00:00`, type, channel: 'TRANSFER', counterparty: 'Someone', amountCents: amount, balanceCents: balance, status: 'SUCCESS', location: 'CN', remark: 'r' };
}

/** 60 logs; log l withdraws about 10^(2 + l/30) and receives ten times that; its balance follows its scale; its cash deposits
 * spread the same way in every log. */
function corpus(): FitAccumulator {
  const acc = new FitAccumulator();
  const rng = createRng('log-effects-corpus');
  for (let l = 0; l < 60; l++) {
    const scale = Math.pow(10, 2 + l / 30);
    const rows: LogRow[] = [];
    let balance = 50 * scale * 100;
    for (let i = 0; i < 30; i++) {
      const kind = i % 3;
      const wiggle = Math.pow(10, 0.1 * (rng.next() - 0.5));
      const amount = kind === 0 ? Math.round(10 * scale * wiggle * 100) : kind === 1 ? -Math.round(scale * wiggle * 100) : Math.round(Math.pow(10, 2 + ((i * 7) % 10) / 10) * 100);
      balance += amount;
      rows.push(row(i, i * 3, kind === 0 ? 'Transfer In' : kind === 1 ? 'ATM Withdrawal' : 'Cash Deposit', amount, balance));
    }
    acc.add({ rows }, { timeOfDay: false, channel: true }, 'personal');
  }
  return acc;
}

describe('per-log amount levels', () => {
  // Correlations over 60 logs are shrunk by 60 / 80 towards 0 (noisy pairs count less).
  it('load a type whose spread is between logs, not one whose spread is within them, and tie the scales together', () => {
    const e = estimateLogEffects(corpus().sketch, [
      { key: 'Transfer In|in', name: 'in' },
      { key: 'ATM Withdrawal|out', name: 'atm' },
      { key: 'Cash Deposit|in', name: 'cash' },
    ])!;
    expect(e.names).toEqual(['in', 'atm', 'cash', 'balance']);
    expect(e.loadings[0]).toBeGreaterThan(0.95);
    expect(e.loadings[1]).toBeGreaterThan(0.95);
    expect(e.loadings[2]).toBeLessThan(0.3);
    expect(e.correlation[0][1]).toBeGreaterThan(0.7);
    expect(e.correlation[1][3]).toBeGreaterThan(0.7);
    expect(Math.abs(e.correlation[2][1])).toBeLessThan(0.3);
    // What is written is a valid profile field.
    expect(LogEffects.safeParse(e).success).toBe(true);
    expect(choleskyFactor(e.correlation)).not.toBeNull();
  });

  it('keep a distribution over logs while narrowing it within a log', () => {
    const dist = { dist: 'empirical' as const, quantiles: Array.from({ length: 41 }, (_, i) => Math.pow(10, 1 + i / 20)) };
    const rng = createRng('levels');
    const all: number[] = [];
    let within = 0;
    for (let l = 0; l < 400; l++) {
      const u = (l + 0.5) / 400;
      // A standard normal level at the log's rank (inverse CDF by bisection).
      let lo = -8;
      let hi = 8;
      for (let k = 0; k < 60; k++) ((normalCdf((lo + hi) / 2) < u ? (lo = (lo + hi) / 2) : (hi = (lo + hi) / 2)));
      const xs = Array.from({ length: 20 }, () => Math.log10(drawAmountAtLevel(rng, dist, lo, 0.9)));
      const m = xs.reduce((a, b) => a + b, 0) / xs.length;
      within += xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1);
      for (const x of xs) all.push(x);
    }
    const mean = all.reduce((a, b) => a + b, 0) / all.length;
    const total = all.reduce((a, b) => a + (b - mean) ** 2, 0) / (all.length - 1);
    // log10 amounts are uniform on [1, 3]: mean 2, variance 1/3; the within-log share is 1 − 0.9² = 0.19 or so.
    expect(mean).toBeCloseTo(2, 1);
    expect(total).toBeCloseTo(1 / 3, 1);
    expect(within / 400 / total).toBeLessThan(0.3);
  });

  it('measure how often a log repeats its own amounts of a kind: a standing order always, fresh amounts never', () => {
    const acc = new FitAccumulator();
    for (let l = 0; l < 30; l++) {
      const rows: LogRow[] = [];
      let balance = 1_000_000;
      for (let i = 0; i < 24; i++) {
        // A standing order of the log's own sum every other row; cash sums, each new, in between.
        const order = i % 2 === 0;
        const amount = order ? -(5_000 + l * 100) : -(20_000 + l * 1_000 + i * 10);
        balance += amount;
        rows.push(row(i, i * 3, order ? 'Transfer Out' : 'ATM Withdrawal', amount, balance));
      }
      acc.add({ rows }, { timeOfDay: false, channel: true }, 'personal');
    }
    const e = estimateLogEffects(acc.sketch, [
      { key: 'Transfer Out|out', name: 'order' },
      { key: 'ATM Withdrawal|out', name: 'cash' },
    ])!;
    // 11 of a log's 12 orders repeat its first; capped below 1 so that a little variety remains.
    expect(e.repeats).toEqual([0.99, 0, 0]);
    expect(LogEffects.safeParse(e).success).toBe(true);
    expect(LogEffects.safeParse({ ...e, repeats: [0.5] }).success).toBe(false);
  });

  it('refuse a correlation matrix that is not positive definite', () => {
    const bad = { names: ['a', 'b', 'c'], loadings: [1, 1, 1], correlation: [[1, 0.9, -0.9], [0.9, 1, 0.9], [-0.9, 0.9, 1]] };
    expect(LogEffects.safeParse(bad).success).toBe(false);
  });
});

describe('large amounts of about one size per log (tails)', () => {
  const normals = (rng: ReturnType<typeof createRng>, n: number) =>
    Array.from({ length: n }, () => {
      // Box–Muller on the test's own stream.
      const u = Math.max(1e-12, rng.next());
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
    });

  it('keep the within-log noise standard normal over logs while a log\'s large draws gather around its anchor', () => {
    const rng = createRng('tails');
    const all: number[] = [];
    let withinTail = 0;
    let tailLogs = 0;
    for (let l = 0; l < 400; l++) {
      const [anchor] = normals(rng, 1);
      const eps = normals(rng, 40).map((e) => tailNoise(e, 0.9, anchor));
      all.push(...eps);
      const large = eps.filter((e) => e > TAIL_CUT);
      if (large.length >= 2) {
        const m = large.reduce((a, b) => a + b, 0) / large.length;
        withinTail += large.reduce((a, b) => a + (b - m) ** 2, 0) / (large.length - 1);
        tailLogs++;
      }
    }
    const mean = all.reduce((a, b) => a + b, 0) / all.length;
    const variance = all.reduce((a, b) => a + (b - mean) ** 2, 0) / (all.length - 1);
    expect(mean).toBeCloseTo(0, 1);
    expect(variance).toBeCloseTo(1, 1);
    expect(all.filter((e) => e > TAIL_CUT).length / all.length).toBeCloseTo(0.25, 1);
    // Independent draws above the cut vary about 0.33 (variance of a standard normal's upper quartile); tied ones far less.
    expect(withinTail / tailLogs).toBeLessThan(0.15);
    // Below the cut, and with no tail loading, the noise is left as it is.
    expect(tailNoise(0.5, 0.9, 2)).toBe(0.5);
    expect(tailNoise(1.5, 0, 2)).toBe(1.5);
  });

  it('measure a corpus whose logs make their large withdrawals at one size above one whose large withdrawals fall anywhere', () => {
    const measure = (tied: boolean): number => {
      const acc = new FitAccumulator();
      const rng = createRng(`tails-corpus-${tied}`);
      for (let l = 0; l < 80; l++) {
        const [anchor] = normals(rng, 1);
        const rows: LogRow[] = [];
        let balance = 10_000_000;
        normals(rng, 30).forEach((e, i) => {
          const amount = -Math.round(Math.pow(10, 3 + 0.3 * tailNoise(e, tied ? 0.9 : 0, anchor)) * 100);
          balance += amount;
          rows.push(row(i, i * 3, 'ATM Withdrawal', amount, balance));
        });
        acc.add({ rows }, { timeOfDay: false, channel: true }, 'personal');
      }
      return estimateLogEffects(acc.sketch, [{ key: 'ATM Withdrawal|out', name: 'atm' }])!.tails[0];
    };
    expect(measure(true)).toBeGreaterThan(measure(false) + 0.1);
  });
});
