import type { InjectContext, Injector } from '../event.js';
import { DEFAULT_THRESHOLDS } from '../../schema/thresholds.js';
import { int, lognormal, pick } from '../../random/draw.js';
import { DAY_S, add, atHours } from './util.js';
import { SUBSCRIPTION_KINDS } from './words.js';
import { civil, dayStart } from '../calendar.js';

/**
 * Subscription (SME): recurring services piling up. New monthly subscriptions start one after another through
 * the year until the log holds `minPayees` + 1 (intensity 0) to + 3 (intensity 1) services charged at least
 * twice; each is auto-debited every month from its start to the end of the period.
 */
export const injectSubscription: Injector = (ctx: InjectContext, intensity: number): void => {
  const t = DEFAULT_THRESHOLDS.subscription;
  const existing = new Map<string, number>();
  for (const e of ctx.events) if (e.type === 'Subscription' && e.amountCents < 0) existing.set(e.counterparty, (existing.get(e.counterparty) ?? 0) + 1);
  const have = [...existing.values()].filter((c) => c >= t.minCharges).length;
  const want = t.minPayees + 1 + Math.round(2 * Math.min(1, Math.max(0, intensity)));
  const add_ = Math.max(0, want - have);
  const lastStart = ctx.period.end - 70 * DAY_S;
  const span = Math.max(DAY_S, lastStart - ctx.period.start);
  for (let k = 0; k < add_; k++) {
    let name = ctx.counterparty(pick(ctx.rng, SUBSCRIPTION_KINDS));
    for (let tries = 0; existing.has(name) && tries < 5; tries++) name = ctx.counterparty(pick(ctx.rng, SUBSCRIPTION_KINDS));
    existing.set(name, 0);
    // Staggered starts: service k starts in the k-th slice of the year (piling up, not all at once).
    const startAt = ctx.period.start + Math.floor((span * (k + ctx.rng.next() * 0.8)) / add_);
    const s = civil(Math.min(startAt, lastStart));
    const dom = Math.min(s.day, 28);
    const amount = Math.round(lognormal(ctx.rng, Math.log(260), 0.7)) * 100 + int(ctx.rng, 0, 99);
    for (let m = 0; m < 24; m++) {
      const at = atHours(ctx.rng, dayStart(s.year, s.month + m, dom), 0, 6);
      if (at >= ctx.period.end) break;
      add(ctx, {
        at,
        type: 'Subscription',
        channel: 'AUTO_DEBIT',
        counterparty: name,
        amountCents: -amount,
        location: ctx.homeCountry,
        remark: ctx.remark(pick(ctx.rng, ['subscription', 'software'])),
        outcome: 'declinable',
        signal: 'subscription',
      });
    }
  }
};
