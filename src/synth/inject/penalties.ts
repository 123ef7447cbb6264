import type { InjectContext, Injector, SynthEvent } from '../event.js';
import { DEFAULT_THRESHOLDS } from '../../schema/thresholds.js';
import { int, lognormal, pick, uniform } from '../../random/draw.js';
import { DAY_S, add, atHours, randomDay, sample, sized, fromCny } from './util.js';
import { PENALTY_FEE_REMARKS } from './words.js';

const CHARGEABLE = new Set(['Loan Repayment', 'Rent', 'Bill Payment', 'Tax', 'Supplier Payment']);

/**
 * Penalties (SME): charges for late or failed obligations. 3 (intensity 0) to 7 (intensity 1) rows: Late Fees of
 * 2–10% of one of the log's own obligations (a loan installment, rent, a utility bill, tax), charged by that payee
 * 1–8 days after it, and bank Fee rows for returned or dishonoured payments. Fees are debited whatever the balance.
 */
export const injectPenalties: Injector = (ctx: InjectContext, intensity: number): void => {
  const t = DEFAULT_THRESHOLDS.penalties;
  const latest = ctx.period.end - 9 * DAY_S;
  const obligations = ctx.events.filter((e) => CHARGEABLE.has(e.type) && e.amountCents < 0 && e.at < latest);
  const rows = Math.max(t.minRows + 1, sized(3, 7, intensity));
  const lateCount = obligations.length ? rows - Math.floor(rows / 3) : 0;
  const bank = ctx.counterparty('bank');
  const late: SynthEvent[] = sample(ctx.rng, obligations, lateCount);
  for (const ob of late) {
    add(ctx, {
      at: atHours(ctx.rng, Math.floor(ob.at / DAY_S) * DAY_S + int(ctx.rng, 1, 8) * DAY_S, 0, 6),
      type: 'Late Fee',
      channel: 'AUTO_DEBIT',
      counterparty: ob.counterparty,
      amountCents: -Math.max(Math.round(fromCny(ctx, 20_00)), Math.round(-ob.amountCents * uniform(ctx.rng, 0.02, 0.1))),
      location: ctx.homeCountry,
      remark: ctx.remark('late_fee'),
      outcome: 'success',
      signal: 'penalties',
    });
  }
  for (let k = late.length; k < rows; k++) {
    add(ctx, {
      at: atHours(ctx.rng, randomDay(ctx, 20, 1), 0, 6),
      type: 'Fee',
      channel: 'AUTO_DEBIT',
      counterparty: bank,
      amountCents: -Math.round(lognormal(ctx.rng, Math.log(80), 0.5) * 100),
      location: ctx.homeCountry,
      remark: pick(ctx.rng, PENALTY_FEE_REMARKS),
      outcome: 'success',
      signal: 'penalties',
    });
  }
};
