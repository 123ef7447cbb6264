import type { Table3Row } from '../schema/results.js';
import { SUB_DOMAINS, type SignalId, type SubDomain } from '../schema/signal-id.js';
import { SIGNALS } from '../schema/signals.js';

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
  ...(Object.fromEntries(SIGNALS.map((s) => [s.id, s.a12])) as Record<SignalId, string>),
  others: 'Others',
};
