import type { InjectContext, Injector } from '../event.js';
import { DEFAULT_THRESHOLDS } from '../../signals/thresholds.js';
import { int, pick, uniform } from '../../random/draw.js';
import { DAY, add, atHours, outflowTotal, randomDay, roundCny, sized } from './util.js';

/** Destinations of overseas spending (ISO 3166 alpha-2). */
const COUNTRIES = ['JP', 'TH', 'KR', 'SG', 'MY', 'US', 'FR', 'GB', 'AU', 'IT', 'AE', 'MO'] as const;

/**
 * Overseas: repeated spending abroad — 2 (intensity 0) to 4 (intensity 1) trips in different months, in
 * different countries, with purchases and a cash withdrawal located there, worth 15% to 35% of the log's
 * discretionary outflow money.
 */
export const injectOverseas: Injector = (ctx: InjectContext, intensity: number): void => {
  const t = DEFAULT_THRESHOLDS.overseas;
  const types = ['Purchase', 'ATM Withdrawal', 'Transfer Out'] as const;
  const home = outflowTotal(ctx.events, types).cents;
  const share = 0.15 + 0.2 * Math.min(1, Math.max(0, intensity));
  const budget = Math.max(3_000_00, (share * home) / (1 - share));
  const trips = sized(2, 4, intensity);
  const rows = Math.max(t.minRows + 2, sized(7, 16, intensity));
  const perRow = budget / rows;
  const span = Math.floor((ctx.period.end - ctx.period.start) / DAY);
  let made = 0;
  for (let k = 0; k < trips; k++) {
    const country = COUNTRIES[(int(ctx.rng, 0, COUNTRIES.length - 1) + k) % COUNTRIES.length];
    // One trip per slice of the period, so trips fall in different months.
    const from = Math.floor((span * k) / trips);
    const to = Math.max(from, Math.floor((span * (k + 1)) / trips) - 8);
    const start = randomDay(ctx, from, span - to);
    const n = k === trips - 1 ? rows - made : Math.round(rows / trips);
    for (let j = 0; j < n; j++) {
      const day = start + int(ctx.rng, 0, 5) * DAY;
      const atm = j === 1;
      add(ctx, {
        at: atHours(ctx.rng, day, 9, 22),
        type: atm ? 'ATM Withdrawal' : 'Purchase',
        channel: atm ? 'ATM' : pick(ctx.rng, ['POS', 'POS', 'ONLINE'] as const),
        counterparty: ctx.counterparty('overseas_merchant'),
        amountCents: -(atm ? roundCny(perRow, 100) : Math.max(100, Math.round(perRow * uniform(ctx.rng, 0.5, 1.5)))),
        location: country,
        remark: atm ? ctx.remark('atm_withdrawal') : ctx.remark('overseas_purchase'),
        outcome: 'declinable',
        signal: 'overseas',
      });
      made++;
    }
  }
};
