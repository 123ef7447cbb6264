import type { InjectContext, Injector, SynthEvent } from '../event.js';
import { DEFAULT_THRESHOLDS } from '../../schema/thresholds.js';
import { int, lognormal } from '../../random/draw.js';
import { DAY_S, HOUR_S, add, atDayHour, hourLike, medianOutflow, randomDay, sample, fromCny } from './util.js';

/**
 * Concentration: discretionary spending collapses onto one online merchant. Existing home-country daytime purchases
 * are moved to that merchant (same money, same days) until it holds 55% (intensity 0) to 80% (intensity 1) of
 * the purchases and at least half of their money; if the log has too few purchases, everyday-sized ones (about
 * 120 CNY, or the log's median everyday outflow when more) are added there first. Later signals (spikes, night or seasonal spending) may dilute the share, hence the margin above the
 * detector's 35%.
 */
export const injectConcentration: Injector = (ctx: InjectContext, intensity: number): void => {
  const t = DEFAULT_THRESHOLDS.concentration;
  const x = Math.min(1, Math.max(0, intensity));
  const countTarget = 0.55 + 0.25 * x;
  const amountTarget = 0.5;
  const merchant = ctx.counterparty('online_shop');
  // Night purchases stay where they are: moved to an online shop they would read as night-time online spending
  // (the Nighttime signal), which a night-shift worker's canteen meals are not.
  const purchases = (): SynthEvent[] => ctx.events.filter((e) => e.type === 'Purchase' && e.amountCents < 0 && e.location === ctx.homeCountry && (e.at % DAY_S) / HOUR_S >= 6);
  const need = t.minPurchases + 6 - purchases().length;
  // Everyday-sized for this log: about 120 CNY, or its median everyday outflow when that is more (a base whose
  // everyday money goes in large cash withdrawals and transfers, where 120 would be lost among trips and spikes):
  // spread around the median, they leave it where it was (smaller ones pulled it down, and a large outflow of the
  // log's own that stood under the Spikes detector's 8 × the median rose over it).
  const typical = Math.max(fromCny(ctx, 120_00) / 100, medianOutflow(ctx.events, DEFAULT_THRESHOLDS.spikes.types) / 100);
  for (let k = 0; k < need; k++) {
    add(ctx, {
      at: atDayHour(ctx, randomDay(ctx), hourLike(ctx, 'Purchase', { awake: true })),
      type: 'Purchase',
      channel: 'ONLINE',
      counterparty: merchant,
      amountCents: -Math.round(lognormal(ctx.rng, Math.log(typical), 0.6) * 100),
      location: ctx.homeCountry,
      remark: ctx.remark('online_shopping'),
      outcome: 'success',
      signal: 'concentration',
    });
  }
  const list = purchases();
  let total = 0;
  let mine = 0;
  let rows = 0;
  for (const e of list) {
    total -= e.amountCents;
    if (e.counterparty === merchant) (mine -= e.amountCents), rows++;
  }
  for (const e of sample(ctx.rng, list, list.length)) {
    if (mine >= amountTarget * total && rows >= countTarget * list.length && rows >= t.minRows + 2) break;
    if (e.counterparty === merchant) continue;
    // A refunded purchase may move too: finalize takes a refund's counterparty from its purchase.
    e.counterparty = merchant;
    e.channel = int(ctx.rng, 0, 3) === 0 ? 'QR' : 'ONLINE';
    e.remark = ctx.remark('online_shopping');
    e.outcome = 'success';
    e.signal = 'concentration';
    mine -= e.amountCents;
    rows++;
  }
};
