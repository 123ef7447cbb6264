import type { InjectContext, Injector } from '../event.js';
import { DEFAULT_THRESHOLDS } from '../../signals/thresholds.js';
import { lognormal, pick } from '../../random/draw.js';
import { add, atHours, randomDay, sized } from './util.js';
import { PENALTY_FEE_REMARKS } from './words.js';

/**
 * Penalties (SME): charges for late or failed obligations: 3 (intensity 0) to 7 (intensity 1) Late Fee rows
 * from the log's own payees (lender, landlord, utility, tax bureau, or its bank), and bank Fee rows for
 * returned or dishonoured payments. Fees are debited whatever the balance.
 */
export const injectPenalties: Injector = (ctx: InjectContext, intensity: number): void => {
  const t = DEFAULT_THRESHOLDS.penalties;
  const payees = [...new Set(ctx.events.filter((e) => ['Loan Repayment', 'Rent', 'Bill Payment', 'Tax'].includes(e.type)).map((e) => e.counterparty))].sort();
  const bank = ctx.counterparty('bank');
  const rows = Math.max(t.minRows + 1, sized(3, 7, intensity));
  for (let k = 0; k < rows; k++) {
    const late = k % 3 !== 2;
    add(ctx, {
      at: atHours(ctx.rng, randomDay(ctx, 20, 1), 0, 6),
      type: late ? 'Late Fee' : 'Fee',
      channel: 'AUTO_DEBIT',
      counterparty: late && payees.length ? pick(ctx.rng, payees) : bank,
      amountCents: -Math.round(lognormal(ctx.rng, Math.log(late ? 300 : 80), 0.7) * 100),
      location: ctx.homeCountry,
      remark: late ? ctx.remark('late_fee') : pick(ctx.rng, PENALTY_FEE_REMARKS),
      outcome: 'success',
      signal: 'penalties',
    });
  }
};
