import type { Channel, Status, TransactionType } from '../schema/transaction-types.js';
import type { SignalId } from '../schema/signal-id.js';
import type { LoanSchedule } from '../schema/labels.js';
import type { Rng } from '../random/rng.js';

/**
 * A transaction before it becomes a row: the generator and the injectors add events, then `finalize`
 * sorts them, numbers them, decides declines and chains balances. Times are seconds since 1970-01-01 00:00:00
 * of *local* wall time (no time zone), so calendar arithmetic is plain UTC arithmetic.
 */
export interface SynthEvent {
  /** Local wall time, seconds since the epoch (interpreted as UTC). */
  at: number;
  type: TransactionType;
  channel: Channel;
  counterparty: string;
  /** Signed, from the account holder's side. */
  amountCents: number;
  location: string;
  remark: string;
  /**
   * How the event may end: `success` always moves money (salary, disbursements, refunds' purchases, scheduled
   * repayments); `declinable` fails when it would push the balance below the overdraft floor; `failed` is
   * declined on purpose (an injected signal).
   */
  outcome: 'success' | 'declinable' | 'failed';
  /** The signal whose injector wrote this event, if any; never written to the TSV. */
  signal?: SignalId;
  /** For a Refund: the Purchase event it pays back (must be an earlier `success` event at the same counterparty). */
  refundOf?: SynthEvent;
  /** For loan rows: which loan and which installment (0 for the disbursement). */
  loan?: { loanId: string; installment: number };
  /**
   * For money paid out of one inflow: the disbursement a car was bought with (not spending of income), the savings
   * cashed in to pay a spike.
   */
  fundedBy?: SynthEvent;
  /**
   * Texts known safe when the event was made (the generator marks base events, whose texts the vocabulary wrote);
   * `finalize` checks `counterparty` or `remark` again only when it is no longer this text.
   */
  trustedCounterparty?: string;
  trustedRemark?: string;
  /** Filled in by `finalize`. */
  txnId?: string;
  status?: Status;
}

/** The fields an event is created with; the generator and `finalize` fill in the rest. */
export type SynthEventInit = Omit<SynthEvent, 'txnId' | 'status' | 'trustedCounterparty' | 'trustedRemark'>;

/**
 * Creates an event with every field present, in one fixed order. Events built here share one hidden class, so the
 * loops that touch every event (finalize, thinning, injectors) stay monomorphic; object literals with different
 * optional fields would give up to eight shapes and megamorphic property access.
 */
export function synthEvent(init: SynthEventInit): SynthEvent {
  return {
    at: init.at,
    type: init.type,
    channel: init.channel,
    counterparty: init.counterparty,
    amountCents: init.amountCents,
    location: init.location,
    remark: init.remark,
    outcome: init.outcome,
    signal: init.signal,
    refundOf: init.refundOf,
    loan: init.loan,
    fundedBy: init.fundedBy,
    trustedCounterparty: undefined,
    trustedRemark: undefined,
    txnId: undefined,
    status: undefined,
  };
}

/** A loan under construction: its schedule is completed with txn_ids once events are finalized. */
export interface SynthLoan {
  schedule: LoanSchedule;
  disbursement: SynthEvent;
  /** Repayment events by installment number (absent when the installment was missed). */
  repayments: Map<number, SynthEvent>;
  signal?: SignalId;
}

/** The period of a log, as local-time seconds: [start, end). */
export interface Period {
  start: number;
  end: number;
}

/** What an injector receives: the log being built, its stream, and the profile facts it may need. */
export interface InjectContext {
  rng: Rng;
  period: Period;
  clientKind: 'personal' | 'sme';
  businessCategory: string | null;
  homeCountry: string;
  /** Events so far; an injector may add, remove or edit them. */
  events: SynthEvent[];
  loans: SynthLoan[];
  /** Typical monthly income in cents, to scale injected amounts. */
  monthlyIncomeCents: number;
  /**
   * How many CNY one unit of the log's currency is worth (`CNY_PER_UNIT`; absent: 1, a CNY log). The injectors' fixed
   * sizes are written in CNY (a 120 CNY online order, a 3,000 CNY floor under a spike) and are converted with it
   * (`fromCny`), so that a CZK log gets a CZK-sized order instead of a CNY number read as koruna.
   */
  cnyPerUnit?: number;
  /**
   * The log's everyday outflow (its median Purchase, ATM or Transfer Out, cents) when its profile's amounts come from
   * a source (a fitted profile); absent for a written profile, whose amounts are on the scale the injectors' CNY sizes
   * were written for. Injected everyday spending is drawn around it when it is larger (`everydaySized`), so that a
   * cash-era account's night purchases are of its own size, not a Chinese card holder's.
   */
  everydayCents?: number;
  /** Makes a fresh pseudonymous counterparty name for a merchant/lender/partner class. */
  counterparty(kind: string): string;
  /** A short remark that fits the event; never contains a leakage word. */
  remark(kind: string): string;
  /** A remark that fits this counterparty when its kind says what it sells (a pharmacy abroad), else of `kind`. */
  remarkFor(counterparty: string, kind: string): string;
  /**
   * Weights of the 24 hours of day at which the profile posts rows of `type` (its flows' hour ranges and its spending
   * categories' hour tables); undefined when the profile has no row of that type. Lets an injected row keep the
   * profile's clock for its type in a log that happens to hold no base row of it.
   */
  typeHours?(type: string): readonly number[] | undefined;
}

/**
 * Writes one risk signal into the events at an intensity in [0, 1]. Returns false when the log cannot carry the
 * signal at all (a window shorter than the signal's definition needs): it then changed nothing, and the signal is
 * not labelled injected.
 */
export type Injector = (ctx: InjectContext, intensity: number) => void | boolean;

/**
 * Brings an injected signal back up to the detector's bars once the balance walk has chosen a log's everyday rows
 * (a fitted profile's): what the injector measured before the walk (the median everyday outflow, the monthly income)
 * may have moved since. Runs only on logs that carry the signal and have a walk.
 */
export type Settler = (ctx: InjectContext) => void;
