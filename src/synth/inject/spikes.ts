import type { InjectContext, Injector, Settler, SynthEvent } from '../event.js';
import { DEFAULT_THRESHOLDS } from '../../schema/thresholds.js';
import { int, pick, uniform } from '../../random/draw.js';
import { DAY_S, add, atDayHour, atHours, fromCny, hourLike, incomeOfMonthsWithIncome, medianOutflow, randomDay, roundLike, sized } from './util.js';
import { SPIKE_PURCHASES } from './words.js';

/**
 * A spike is at least this many times the log's median everyday outflow before the income multiple (1.6–3.4): at
 * least 12.8 × the median, against the detector's 8 ×, because the median the detector sees on the final log can be
 * a third to a half higher than the one seen here (on a fitted base the balance walk picks the everyday rows after
 * injection; 6 × left a margin of only 1.2 and missed about 2% of injected spikes there).
 */
const SPIKE_MEDIAN_MULTIPLE = 8;

/** Everyday outflows a log keeps beyond the detector's `minBaseRows`, so that declines and thinning leave enough. */
const FILLER_MARGIN = 4;

/**
 * How far above the detector's bar (8 × the median everyday outflow, a month of income) `settleSpikes` brings a
 * spike that the balance walk left under it: rows thinned after the walk move the median a little.
 */
const SETTLE_MARGIN = 1.3;

/**
 * Spikes: 2 (intensity 0) to 4 (intensity 1) sudden outflows of 1.6–3.4 months of income (or of 8 × the median
 * everyday outflow, when that is more) each, to fresh
 * counterparties: a big purchase, a cash withdrawal or a transfer to a person. Each is funded by cashing in
 * savings (an Investment Redeem of 80–100% of it one to seven days before), so the spike drains the buffer without
 * making every later payment bounce. A log with fewer than `minBaseRows` everyday outflows first gets a few more of its
 * own everyday rows, so that "large" has something to be measured against. On a log with a balance walk,
 * `settleSpikes` checks the sizes again once the walk has chosen the everyday rows.
 */
export const injectSpikes: Injector = (ctx: InjectContext, intensity: number): void => {
  const count = sized(2, 4, intensity);
  const t = DEFAULT_THRESHOLDS.spikes;
  // Sized by the log's own scale: a month of income, or 8 × its median everyday outflow when that is larger (a base
  // whose everyday outflows are large against income, such as a fitted cash-era account), so that a spike clears
  // both of the detector's bars.
  const income = Math.max(fromCny(ctx, 3_000_00), ctx.monthlyIncomeCents, SPIKE_MEDIAN_MULTIPLE * medianOutflow(ctx.events, t.types));
  const savings = ctx.counterparty('investment');
  // A spike is measured against everyday spending: a log with too little of it gets some first.
  addEveryday(ctx, t.minBaseRows + FILLER_MARGIN - everydayCount(ctx));
  const used = new Set<string>();
  const fresh = (kind: string): string => {
    let name = ctx.counterparty(kind);
    for (let tries = 0; used.has(name) && tries < 8; tries++) name = ctx.counterparty(kind);
    used.add(name);
    return name;
  };
  for (let k = 0; k < count; k++) {
    const amount = roundLike(ctx.rng, income * uniform(ctx.rng, 1.6 + 0.4 * intensity, 2.6 + 0.8 * intensity), 10);
    const day = randomDay(ctx, 10, 2);
    const form = int(ctx.rng, 0, 5);
    let ev: SynthEvent;
    if (form <= 3) {
      const what = pick(ctx.rng, SPIKE_PURCHASES);
      ev = {
        at: atDayHour(ctx, day, hourLike(ctx, 'Purchase', { awake: true })),
        type: 'Purchase',
        channel: pick(ctx.rng, ['POS', 'ONLINE'] as const),
        counterparty: fresh(what.kind),
        amountCents: -amount,
        location: ctx.homeCountry,
        remark: pick(ctx.rng, what.remarks),
        outcome: 'success',
        signal: 'spikes',
      };
    } else if (form === 4) {
      ev = {
        at: atDayHour(ctx, day, hourLike(ctx, 'ATM Withdrawal', { awake: true })),
        type: 'ATM Withdrawal',
        channel: 'ATM',
        counterparty: fresh('atm'),
        // A day's cash: at most 20,000 (a Chinese bank's daily limit) or two months of the log's income if more.
        amountCents: -roundLike(ctx.rng, Math.min(amount, Math.max(fromCny(ctx, 20_000_00), 2 * income)), 100),
        location: ctx.homeCountry,
        remark: ctx.remark('atm_withdrawal'),
        outcome: 'success',
        signal: 'spikes',
      };
    } else {
      ev = {
        at: atDayHour(ctx, day, hourLike(ctx, 'Transfer Out', { awake: true })),
        type: 'Transfer Out',
        channel: 'TRANSFER',
        counterparty: fresh('person'),
        amountCents: -amount,
        location: ctx.homeCountry,
        remark: ctx.remark('transfer_out'),
        outcome: 'success',
        signal: 'spikes',
      };
    }
    const spike = add(ctx, ev);
    // The savings cashed in for it, which `settleSpikes` resizes with it.
    spike.fundedBy = add(ctx, {
      // Savings cashed in some days before, at any daytime hour: a redemption always a day or two ahead would make
      // the spike the row right after it, a gap the base rows do not show (issue #13).
      at: Math.max(ctx.period.start, Math.floor(ev.at / DAY_S) * DAY_S - int(ctx.rng, 1, 7) * DAY_S + int(ctx.rng, 8, 20) * 3600 + int(ctx.rng, 0, 3599)),
      type: 'Investment Redeem',
      channel: 'ONLINE',
      counterparty: savings,
      amountCents: Math.round(-ev.amountCents * uniform(ctx.rng, 0.8, 1)),
      location: ctx.homeCountry,
      remark: ctx.remark('investment_redeem'),
      outcome: 'success',
      signal: 'spikes',
    });
  }
};

/** The log's everyday outflows (of the spike detector's types). */
function everydayCount(ctx: InjectContext): number {
  const types = DEFAULT_THRESHOLDS.spikes.types as readonly string[];
  let n = 0;
  for (const e of ctx.events) if (e.amountCents < 0 && types.includes(e.type)) n++;
  return n;
}

/**
 * Adds `count` everyday outflows: more of the log's own everyday rows where it has some (type, channel, counterparty
 * and about the amount of one drawn at random, not injected), so that they neither move the median a spike is
 * measured against nor read as another kind of spending; small purchases where it has none.
 */
function addEveryday(ctx: InjectContext, count: number): void {
  if (count <= 0) return;
  const types = DEFAULT_THRESHOLDS.spikes.types as readonly string[];
  const own = ctx.events.filter((e) => e.amountCents < 0 && !e.signal && e.location === ctx.homeCountry && types.includes(e.type));
  for (let k = 0; k < count; k++) {
    if (own.length > 0) {
      const like = own[int(ctx.rng, 0, own.length - 1)];
      add(ctx, {
        at: atDayHour(ctx, randomDay(ctx), hourLike(ctx, like.type, { awake: true })),
        type: like.type,
        channel: like.channel,
        counterparty: like.counterparty,
        amountCents: -Math.max(1, Math.round(-like.amountCents * uniform(ctx.rng, 0.8, 1.25))),
        location: like.location,
        remark: like.remark,
        outcome: 'success',
        signal: 'spikes',
      });
      continue;
    }
    const kind = pick(ctx.rng, ['grocery', 'dining', 'transport'] as const);
    add(ctx, {
      at: atHours(ctx.rng, randomDay(ctx), 8, 21),
      type: 'Purchase',
      channel: pick(ctx.rng, ['QR', 'POS'] as const),
      counterparty: ctx.counterparty(kind),
      amountCents: -Math.round(fromCny(ctx, uniform(ctx.rng, 15, 120) * 100)),
      location: ctx.homeCountry,
      remark: ctx.remark(kind),
      outcome: 'success',
      signal: 'spikes',
    });
  }
}

/**
 * A fitted log's balance walk chooses its everyday rows and its money in after the spikes were sized: the median
 * everyday outflow and the income the detector measures can then stand above what the injector saw (a walk that
 * keeps few outflows, a log whose cash sums come in two sizes, money brought in ahead of the spikes). Each spike still
 * under `SETTLE_MARGIN` × the detector's bar as measured now is raised to it, and the savings cashed in for it by as much.
 */
export const settleSpikes: Settler = (ctx: InjectContext): void => {
  const t = DEFAULT_THRESHOLDS.spikes;
  const bar = Math.max(t.medianMultiple * medianOutflow(ctx.events.filter((e) => e.outcome !== 'failed'), t.types), t.incomeShare * incomeOfMonthsWithIncome(ctx.events));
  for (const ev of ctx.events) {
    if (ev.signal !== 'spikes' || !ev.fundedBy || ev.amountCents >= 0) continue;
    const want = SETTLE_MARGIN * bar;
    if (-ev.amountCents >= want) continue;
    // Whole units as the injector wrote them, with the row's own cents; the savings cashed in grow by the same money,
    // so that the balance the walk held stays where it was after the spike.
    const raised = -(Math.ceil(want / 100) * 100 + (-ev.amountCents % 100));
    ev.fundedBy.amountCents += ev.amountCents - raised;
    ev.amountCents = raised;
  }
};
