import type { ClientKind } from './log-row.js';
import { SUB_DOMAIN_TITLES, type SignalId } from './signal-id.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from './thresholds.js';

/**
 * The sixteen risk signals as one table (SPEC §3, CCLUPE Table A12), in table order. Everything else reads it: the
 * detectors and injectors (kind, thresholds), the score tables (title, A12 abbreviation), the question templates
 * (indicator text, kind) and the tests. A new signal is one row here, its id in `SIGNAL_IDS`, its thresholds in
 * `thresholds.ts`, one detector, one injector and their tests (docs/architecture.md).
 */
export interface SignalInfo<K extends SignalId = SignalId> {
  id: K;
  /** The client kind whose logs can carry the signal. */
  kind: ClientKind;
  /** Column title (Table A12 sub-domain), from `SUB_DOMAIN_TITLES`. */
  title: string;
  /** The paper's short heading of the Table A12 column (Liq.S for the SME liquidity column it lacks). */
  a12: string;
  /** Plain-language description, as the detector defines it (docs/signals.md); an option text of risk-indicator items. */
  indicator: string;
  /** The detector's default thresholds. */
  thresholds: Thresholds[K];
}

type Row = Omit<SignalInfo, 'title' | 'thresholds'>;

const ROWS: readonly Row[] = [
  { id: 'concentration', kind: 'personal', a12: 'Conce.', indicator: 'Purchase money concentrated on one habitual merchant' },
  { id: 'microloans', kind: 'personal', a12: 'Micro.', indicator: 'Several small loans taken from more than one lender (loan stacking)' },
  { id: 'spikes', kind: 'personal', a12: 'Spikes', indicator: 'Isolated outflows many times larger than the usual outflow' },
  { id: 'refunds', kind: 'personal', a12: 'Refun.', indicator: 'An unusually high rate of refunded purchases' },
  { id: 'nighttime', kind: 'personal', a12: 'Night.', indicator: 'Repeated spending between 00:00 and 04:59 at non-routine counterparties' },
  { id: 'overseas', kind: 'personal', a12: 'Overs.', indicator: 'Recurring spending abroad spread over several months' },
  { id: 'seasonality', kind: 'personal', a12: 'Seaso.', indicator: 'A month with purchases far above the usual month' },
  { id: 'liquidity', kind: 'personal', a12: 'Liqud.', indicator: 'Liquidity strain: repeated declines, days ending near zero, or borrowing to repay' },
  { id: 'repayments', kind: 'sme', a12: 'Repay.', indicator: 'Loan installments declined, late or partial' },
  { id: 'essentials', kind: 'sme', a12: 'Essen.', indicator: 'Rent, bills, tax or payroll paid well off their usual day' },
  { id: 'subscription', kind: 'sme', a12: 'Subsc.', indicator: 'Many recurring subscription services' },
  { id: 'risky', kind: 'sme', a12: 'Risky', indicator: 'Money moving to or from gaming, betting or crypto-exchange platforms' },
  { id: 'penalties', kind: 'sme', a12: 'Penal.', indicator: 'Penalty charges for returned or late payments' },
  { id: 'nonessential', kind: 'sme', a12: 'Noness.', indicator: 'Luxury or entertainment spending (jewellery, golf, karaoke, resorts and the like)' },
  { id: 'alignment', kind: 'sme', a12: 'Align.', indicator: 'Purchases that do not fit the declared business' },
  { id: 'liquidity_sme', kind: 'sme', a12: 'Liq.S', indicator: 'A thin cash buffer or declined operating payments' },
];

/** Every signal, in `SIGNAL_IDS` (Table A12) order. */
export const SIGNALS: readonly SignalInfo[] = ROWS.map((r) => ({ id: r.id, kind: r.kind, title: SUB_DOMAIN_TITLES[r.id], a12: r.a12, indicator: r.indicator, thresholds: DEFAULT_THRESHOLDS[r.id] }));

/** A signal's row, by id. */
export const SIGNAL_INFO: { readonly [K in SignalId]: SignalInfo<K> } = Object.fromEntries(SIGNALS.map((s) => [s.id, s])) as never;

/** The signals a client kind's logs can carry, in table order. */
export const SIGNALS_OF_KIND: Readonly<Record<ClientKind, readonly SignalId[]>> = {
  personal: SIGNALS.filter((s) => s.kind === 'personal').map((s) => s.id),
  sme: SIGNALS.filter((s) => s.kind === 'sme').map((s) => s.id),
};
