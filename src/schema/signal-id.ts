import { z } from 'zod';

/** The sixteen risk-signal sub-domains of CCLUPE Table A12, in table order (SPEC §3). */
export const SIGNAL_IDS = [
  'concentration',
  'microloans',
  'spikes',
  'refunds',
  'nighttime',
  'overseas',
  'seasonality',
  'liquidity',
  'repayments',
  'essentials',
  'subscription',
  'risky',
  'penalties',
  'nonessential',
  'alignment',
  'liquidity_sme',
] as const;
export const SignalId = z.enum(SIGNAL_IDS);
export type SignalId = z.infer<typeof SignalId>;

/** Sub-domain tag of a question: one of the sixteen signals, or `others`. */
export const SUB_DOMAINS = [...SIGNAL_IDS, 'others'] as const;
export const SubDomain = z.enum(SUB_DOMAINS);
export type SubDomain = z.infer<typeof SubDomain>;

/** Column titles of CCLUPE Table A12, keyed by sub-domain. */
export const SUB_DOMAIN_TITLES: Readonly<Record<SubDomain, string>> = {
  concentration: 'Concentration',
  microloans: 'Microloans',
  spikes: 'Spikes',
  refunds: 'Refunds',
  nighttime: 'Nighttime',
  overseas: 'Overseas',
  seasonality: 'Seasonality',
  liquidity: 'Liquidity',
  repayments: 'Repayments',
  essentials: 'Essentials',
  subscription: 'Subscription',
  risky: 'Risky',
  penalties: 'Penalties',
  nonessential: 'Nonessential',
  alignment: 'Alignment',
  liquidity_sme: 'Liquidity (SME)',
  others: 'Others',
};
