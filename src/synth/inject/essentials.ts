import type { InjectContext, Injector, SynthEvent } from '../event.js';
import { DEFAULT_THRESHOLDS } from '../../schema/thresholds.js';
import { int, uniform } from '../../random/draw.js';
import { DAY_S, add, atHours, gapLike, roundLike, sample, sized, fromCny } from './util.js';
import { civil, dayStart } from '../calendar.js';

const ESSENTIAL = new Set(['Rent', 'Bill Payment', 'Tax', 'Payroll']);

/** Regular monthly series of essential payments (≥ 4 in the period, day of month typically within a day of its usual one), by type and payee. */
function monthlySeries(ctx: InjectContext): SynthEvent[][] {
  // By type, then payee (no key string per event); `groups` keeps the order in which each pair first appears.
  const byType = new Map<string, Map<string, SynthEvent[]>>();
  const groups: SynthEvent[][] = [];
  for (const e of ctx.events) {
    if (!ESSENTIAL.has(e.type) || e.amountCents >= 0) continue;
    let byPayee = byType.get(e.type);
    if (!byPayee) byType.set(e.type, (byPayee = new Map()));
    const g = byPayee.get(e.counterparty);
    if (g) g.push(e);
    else {
      const fresh = [e];
      byPayee.set(e.counterparty, fresh);
      groups.push(fresh);
    }
  }
  const out: SynthEvent[][] = [];
  for (const g of groups) {
    if (g.length < 4) continue;
    const s = g.slice().sort((a, b) => a.at - b.at);
    const gaps = s.slice(1).map((e, i) => (e.at - s[i].at) / DAY_S).sort((a, b) => a - b);
    const med = gaps[gaps.length >> 1];
    // Only payees that keep to their day: lateness is invisible on a bill that posts anywhere in the month.
    const days = s.map((e) => civil(e.at).day).sort((a, b) => a - b);
    const mid = days[days.length >> 1];
    const spread = days.map((d) => Math.min(Math.abs(d - mid), 30 - Math.abs(d - mid))).sort((a, b) => a - b)[days.length >> 1];
    if (med >= 25 && med <= 35 && spread <= 1) out.push(s);
  }
  return out;
}

/**
 * Essentials (SME): rent, utilities, tax and payroll paid irregularly. 4 (intensity 0) to 5 (intensity 1)
 * monthly essential payments (not the first of their series) are paid 10–16 days after the payee's usual day (the
 * day whose gap to the row before is most like the log's own payments of the type, `gapLike`; missed
 * payments, declined for lack of funds, come from the base itself; an injected decline could land on a well-funded
 * day and give itself away). Without a monthly essential series, a monthly premises rent is added
 * first.
 */
export const injectEssentials: Injector = (ctx: InjectContext, intensity: number): void => {
  const t = DEFAULT_THRESHOLDS.essentials;
  let series = monthlySeries(ctx);
  if (series.length === 0) {
    const landlord = ctx.counterparty('landlord');
    const amount = roundLike(ctx.rng, Math.max(fromCny(ctx, 20_000_00), ctx.monthlyIncomeCents) * uniform(ctx.rng, 0.08, 0.2), 100);
    const dom = int(ctx.rng, 1, 10);
    const first = civil(ctx.period.start);
    for (let m = 0; m < 24; m++) {
      const at = atHours(ctx.rng, dayStart(first.year, first.month + m, dom), 9, 11);
      if (at >= ctx.period.end) break;
      if (at < ctx.period.start) continue;
      add(ctx, { at, type: 'Rent', channel: 'TRANSFER', counterparty: landlord, amountCents: -amount, location: ctx.homeCountry, remark: ctx.remark('commercial_rent'), outcome: 'success' });
    }
    series = monthlySeries(ctx);
  }
  // Late relative to the payee's usual day of month (not to this payment's own jittered day).
  const usual = new Map<SynthEvent, number>();
  for (const s of series) {
    const days = s.map((e) => civil(e.at).day).sort((a, b) => a - b);
    for (const e of s) usual.set(e, days[days.length >> 1]);
  }
  // At most three late payments per payee, so the payee's usual day stays what it was.
  const candidates = series.flatMap((s) => sample(ctx.rng, s.slice(1), 3));
  const k = Math.max(t.minIrregular + 1, sized(3, 5, intensity));
  let done = 0;
  for (const ev of sample(ctx.rng, candidates, candidates.length)) {
    if (done >= k) break;
    const c = civil(ev.at);
    const due = dayStart(c.year, c.month, usual.get(ev)!) + (ev.at % DAY_S);
    // 10–16 days late: of the days in range, the one where the payment's gap to the row before it is like that of
    // the log's own payments of the type (a payment moved into a busy stretch would sit just after another row).
    const days: number[] = [];
    for (let d = 10; d <= 16; d++) if (due + d * DAY_S < ctx.period.end) days.push(due + d * DAY_S);
    if (days.length === 0) continue;
    const late = gapLike(ctx, ev.type)(sample(ctx.rng, days, days.length));
    done++;
    ev.signal = 'essentials';
    ev.at = late;
    ev.outcome = 'success';
  }
};
