import type { Table3Row } from '../schema/results.js';
import { SUB_DOMAINS, type SubDomain } from '../schema/signal-id.js';

/** Table 3 column keys in the paper's order. */
export const TABLE3_KEYS = ['mem', 'com', 'ana', 'eva', 'sin', 'mul', 'cal', 'avg', 'logScore'] as const satisfies ReadonlyArray<keyof Table3Row>;

/** Table 3 column headings as printed in CCLUPE. */
export const TABLE3_TITLES: Readonly<Record<(typeof TABLE3_KEYS)[number], string>> = {
  mem: 'Mem.',
  com: 'Com.',
  ana: 'Ana.',
  eva: 'Eva.',
  sin: 'Sin.',
  mul: 'Mul.',
  cal: 'Cal.',
  avg: 'Avg.',
  logScore: 'LogScore',
};

/** Table A12 column keys: the sixteen signals in SPEC §3 order, then Others. */
export const TABLE_A12_KEYS: readonly SubDomain[] = SUB_DOMAINS;

/** Table A12 short headings, following the paper's abbreviations (Liq.S for the SME liquidity column it lacks). */
export const TABLE_A12_TITLES: Readonly<Record<SubDomain, string>> = {
  concentration: 'Conce.',
  microloans: 'Micro.',
  spikes: 'Spikes',
  refunds: 'Refun.',
  nighttime: 'Night.',
  overseas: 'Overs.',
  seasonality: 'Seaso.',
  liquidity: 'Liqud.',
  repayments: 'Repay.',
  essentials: 'Essen.',
  subscription: 'Subsc.',
  risky: 'Risky',
  penalties: 'Penal.',
  nonessential: 'Noness.',
  alignment: 'Align.',
  liquidity_sme: 'Liq.S',
  others: 'Others',
};
