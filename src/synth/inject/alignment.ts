import type { InjectContext, Injector } from '../event.js';
import { DEFAULT_THRESHOLDS } from '../../schema/thresholds.js';
import { BusinessCategory } from '../../schema/profile.js';
import { pick, uniform } from '../../random/draw.js';
import { add, amountLike, atDayHour, hourLike, randomDay, sized, fromCny } from './util.js';
import { MISFIT_SUPPLIES } from './words.js';

/**
 * Alignment (SME): supplier payments that do not fit the declared business (a restaurant buying steel,
 * a services studio buying fertilizer): 4 (intensity 0) to 9 (intensity 1) Supplier Payments to suppliers of
 * 1–2 supply classes listed as misfits for the category, each 5–40% of a month's revenue, at the hours and with the
 * rounding of the log's own supplier payments. Does nothing for a
 * log without a business category.
 */
export const injectAlignment: Injector = (ctx: InjectContext, intensity: number): void => {
  const t = DEFAULT_THRESHOLDS.alignment;
  const cat = BusinessCategory.safeParse(ctx.businessCategory);
  if (!cat.success) return;
  const classes = t.misfits[cat.data].filter((c) => MISFIT_SUPPLIES[c]);
  if (classes.length === 0) return;
  const chosen = [pick(ctx.rng, classes), pick(ctx.rng, classes)];
  const suppliers = chosen.map((c) => ({ name: ctx.counterparty(pick(ctx.rng, MISFIT_SUPPLIES[c].kinds)), remarks: MISFIT_SUPPLIES[c].remarks }));
  const rows = Math.max(t.minRows + 1, sized(4, 9, intensity));
  const income = Math.max(fromCny(ctx, 10_000_00), ctx.monthlyIncomeCents);
  for (let k = 0; k < rows; k++) {
    const s = suppliers[k % suppliers.length];
    add(ctx, {
      at: atDayHour(ctx, randomDay(ctx), hourLike(ctx, 'Supplier Payment')),
      type: 'Supplier Payment',
      channel: 'TRANSFER',
      counterparty: s.name,
      amountCents: -amountLike(ctx, 'Supplier Payment', income * uniform(ctx.rng, 0.05, 0.4), -1, 10),
      location: ctx.homeCountry,
      remark: pick(ctx.rng, s.remarks),
      outcome: 'declinable',
      signal: 'alignment',
    });
  }
};
