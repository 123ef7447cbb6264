import { z } from 'zod';
import { ClientKind } from './log-row.js';
import { SignalId } from './signal-id.js';
import { SafeId } from './ids.js';

/** What a detector says about one signal on one log (SPEC §3). */
export const Detection = z.object({
  present: z.boolean(),
  /** In [0, 1]; how strongly the log shows the signal, relative to the detector's thresholds. */
  strength: z.number().min(0).max(1),
  /** `txn_id`s of the rows that carry the signal. */
  evidence: z.array(z.string()),
});
export type Detection = z.infer<typeof Detection>;

/** One signal's label: what the generator injected and what the detector found on the final log. */
export const SignalLabel = Detection.extend({
  injected: z.boolean(),
  /** Injector intensity in [0, 1]; 0 when not injected. */
  intensity: z.number().min(0).max(1),
});
export type SignalLabel = z.infer<typeof SignalLabel>;

/** A refund and the earlier purchase it pays back (SPEC §1 Refunds). */
export const RefundPair = z.object({
  refund_txn_id: z.string(),
  purchase_txn_id: z.string(),
  amount_cents: z.number().int().positive(),
});
export type RefundPair = z.infer<typeof RefundPair>;

export const LOAN_METHODS = ['equal_installment', 'equal_principal', 'bullet'] as const;
export const LoanMethod = z.enum(LOAN_METHODS);
export type LoanMethod = z.infer<typeof LoanMethod>;

export const INSTALLMENT_STATUSES = ['paid', 'late', 'partial', 'missed', 'not_due'] as const;

/** One scheduled installment and what actually happened to it. */
export const Installment = z.object({
  n: z.number().int().positive(),
  due_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  payment_cents: z.number().int().nonnegative(),
  principal_cents: z.number().int().nonnegative(),
  interest_cents: z.number().int().nonnegative(),
  status: z.enum(INSTALLMENT_STATUSES),
  /** The repayment row, when one was made (paid, late or partial). */
  txn_id: z.string().nullable(),
  /** Amount actually paid; differs from payment_cents only when partial. */
  paid_cents: z.number().int().nonnegative(),
});
export type Installment = z.infer<typeof Installment>;

/** A loan started by a Loan Disbursement row, with its amortisation schedule (SPEC §1 Loans). */
export const LoanSchedule = z.object({
  loan_id: z.string(),
  disbursement_txn_id: z.string(),
  lender: z.string(),
  principal_cents: z.number().int().positive(),
  annual_rate: z.number().min(0),
  term_months: z.number().int().positive(),
  method: LoanMethod,
  start_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  installments: z.array(Installment),
});
export type LoanSchedule = z.infer<typeof LoanSchedule>;

/** One line of `labels.jsonl`: everything known about a generated log that the TSV does not say. */
export const LogLabels = z.object({
  log_id: SafeId,
  profile: z.string(),
  base: z.string(),
  client_kind: ClientKind,
  business_category: z.string().nullable(),
  seed_key: z.string(),
  period: z.object({ start: z.string(), end: z.string() }),
  rows: z.number().int().nonnegative(),
  opening_balance_cents: z.number().int(),
  signals: z.record(SignalId, SignalLabel),
  refund_pairs: z.array(RefundPair),
  loans: z.array(LoanSchedule),
});
export type LogLabels = z.infer<typeof LogLabels>;

/** Real-valued fields of `labels.jsonl`, always written as floats (`0.0`, not `0`) so that column types stay stable. */
export const LABEL_FLOAT_FIELDS: ReadonlySet<string> = new Set(['strength', 'intensity', 'annual_rate']);
