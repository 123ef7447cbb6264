import type { InjectContext, Injector } from '../event.js';
import { DEFAULT_THRESHOLDS } from '../../schema/thresholds.js';
import { int, lognormal, pick } from '../../random/draw.js';
import { DAY_S, add, atDayHour, hourLike } from './util.js';
import { SUBSCRIPTION_KINDS } from './words.js';
import { civil, dayStart } from '../calendar.js';

/**
 * Subscription (SME): recurring services piling up. New monthly subscriptions start one after another through
 * the year until the log holds `minPayees` + 1 (intensity 0) to + 3 (intensity 1) services charged at least
 * twice; each is auto-debited every month from its start to the end of the period, on a day of the month no other
 * subscription has, at the hours the log's own subscriptions are charged.
 */
export const injectSubscription: Injector = (ctx: InjectContext, intensity: number): void => {
  const t = DEFAULT_THRESHOLDS.subscription;
  const existing = new Map<string, number>();
  for (const e of ctx.events) if (e.type === 'Subscription' && e.amountCents < 0) existing.set(e.counterparty, (existing.get(e.counterparty) ?? 0) + 1);
  const have = [...existing.values()].filter((c) => c >= t.minCharges).length;
  const want = t.minPayees + 1 + Math.round(2 * Math.min(1, Math.max(0, intensity)));
  const add_ = Math.max(0, want - have);
  const lastStart = ctx.period.end - 70 * DAY_S;
  // Each service on a day of the month of its own (none on the day another subscription is charged): services that
  // all fell due on one night would sit next to each other in the log, a pattern base rows do not have (issue #13).
  const taken = new Set<number>();
  for (const e of ctx.events) if (e.type === 'Subscription') taken.add(civil(e.at).day);
  const span = Math.max(DAY_S, lastStart - ctx.period.start);
  for (let k = 0; k < add_; k++) {
    let name = ctx.counterparty(pick(ctx.rng, SUBSCRIPTION_KINDS));
    for (let tries = 0; existing.has(name) && tries < 5; tries++) name = ctx.counterparty(pick(ctx.rng, SUBSCRIPTION_KINDS));
    existing.set(name, 0);
    // Staggered starts: service k starts in the k-th slice of the year (piling up, not all at once).
    const startAt = ctx.period.start + Math.floor((span * (k + ctx.rng.next() * 0.8)) / add_);
    const s = civil(Math.min(startAt, lastStart));
    let dom = Math.min(s.day, 28);
    for (let step = 1; taken.has(dom) && step < 28; step++) dom = ((Math.min(s.day, 28) - 1 + (step % 2 ? 1 : -1) * Math.ceil(step / 2) + 28) % 28) + 1;
    taken.add(dom);
    const amount = Math.round(lognormal(ctx.rng, Math.log(260), 0.7)) * 100 + int(ctx.rng, 0, 99);
    for (let m = 0; m < 24; m++) {
      const at = atDayHour(ctx, dayStart(s.year, s.month + m, dom), hourLike(ctx, 'Subscription'));
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
