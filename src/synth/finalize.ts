import type { LogRow } from '../schema/log-row.js';
import type { Installment, LoanSchedule, RefundPair } from '../schema/labels.js';
import { TYPE_DIRECTION } from '../schema/transaction-types.js';
import { DAY_S, TimestampFormatter, formatDate, parseDate } from './calendar.js';
import type { Period, SynthEvent, SynthLoan } from './event.js';
import { safeText } from './text.js';
import { sortedBySecond } from './time-order.js';

/** Refunds must come within this many days of their purchase (SPEC §1). */
export const REFUND_WINDOW_DAYS = 60;

/**
 * Events sorted by time, ties in input order: by whole second (`sortedBySecond`), or by exact time for more than 4096
 * events (as it always was).
 */
function stableSortByTime(events: readonly SynthEvent[]): SynthEvent[] {
  if (events.length > 4096) return events.slice().sort((a, b) => a.at - b.at);
  return sortedBySecond(events);
}

const TXN_IDS: string[] = [];

/** `T0001`-style id: `T` and the 1-based row number, zero-padded to `width` (memoised for the usual width 4). */
function txnIdFor(n: number, width: number): string {
  if (width !== 4) return `T${String(n).padStart(width, '0')}`;
  let id = TXN_IDS[n];
  if (id === undefined) {
    id = `T${String(n).padStart(4, '0')}`;
    TXN_IDS[n] = id;
  }
  return id;
}

/** The rows and the facts the labels need, after finalization. */
export interface Finalized {
  rows: LogRow[];
  /** Each row's timestamp as whole local seconds (what `timestamp` spells), for `detectAll` to skip re-parsing it. */
  rowTimes: Float64Array;
  refundPairs: RefundPair[];
  loans: LoanSchedule[];
}

const COUNTRY_RE = /^[A-Z]{2}$/;

/**
 * Turns events into canonical rows with every SPEC §1 invariant true by construction:
 * 1. drops events outside the period, zero amounts, and loans whose disbursement is outside it (with their rows);
 * 2. sorts by time, stably (ties keep insertion order);
 * 3. walks the rows in order: txn ids `T0001`…, status (`failed` → FAILED; `declinable` outflows FAIL when
 *    balance + amount < floor; otherwise SUCCESS), balances chained in integer cents (FAILED rows do not move it);
 *    a refund is kept only against an earlier SUCCESS purchase, within the window, at the same counterparty, and
 *    clipped to the purchase's unrefunded remainder;
 * 4. fills each loan's schedule: txn ids and paid/late/partial/missed/not_due from the rows as they ended up.
 * Text fields are made safe (`safeText`; a text equal to the event's `trustedCounterparty`/`trustedRemark` is taken as
 * is); amounts get the sign their type requires.
 * Sets `txnId` and `status` on the kept events, and clears them on the events that a refund or a loan still points to
 * but that are not in `events` (kept events, and only they, have a `txnId`).
 */
export function finalize(
  events: SynthEvent[],
  loans: readonly SynthLoan[],
  opts: {
    period: Period;
    openingBalanceCents: number;
    overdraftFloorCents: number;
    homeCountry: string;
  },
): Finalized {
  const { period } = opts;
  // An event has a row in this run exactly when it has a txnId: clear the ids an earlier run left, on the events and on
  // whatever they and the loans point to (an event dropped since then must not count as kept).
  const deadLoans = new Set<string>();
  for (const loan of loans) {
    const d = loan.disbursement;
    if (d.at < period.start || d.at >= period.end || d.amountCents <= 0) deadLoans.add(loan.schedule.loan_id);
    clearRow(d);
    for (const ev of loan.repayments.values()) clearRow(ev);
  }
  for (const ev of events) if (ev.refundOf) clearRow(ev.refundOf);
  const kept: SynthEvent[] = [];
  for (const ev of events) {
    clearRow(ev);
    if (!(ev.at >= period.start && ev.at < period.end)) continue;
    if (!Number.isFinite(ev.amountCents) || Math.round(ev.amountCents) === 0) continue;
    if (ev.loan && deadLoans.has(ev.loan.loanId)) continue;
    kept.push(ev);
  }
  const sorted = stableSortByTime(kept);

  const fmt = new TimestampFormatter();
  const rows: LogRow[] = [];
  const rowTimes = new Float64Array(sorted.length);
  const refundPairs: RefundPair[] = [];
  const refunded = new Map<SynthEvent, number>();
  const idWidth = Math.max(4, String(kept.length).length);
  let balance = opts.openingBalanceCents;
  for (const ev of sorted) {
    let amount = Math.round(ev.amountCents);
    const dir = TYPE_DIRECTION[ev.type];
    if (dir !== 0 && Math.sign(amount) !== dir) amount = -amount;
    let counterparty = ev.counterparty;
    if (ev.type === 'Refund') {
      const p = ev.refundOf;
      if (!p || p.txnId === undefined || p.type !== 'Purchase' || p.status !== 'SUCCESS' || p.at >= ev.at || ev.at - p.at > REFUND_WINDOW_DAYS * DAY_S) continue;
      const remaining = -p.amountCents - (refunded.get(p) ?? 0);
      if (remaining <= 0) continue;
      if (amount > remaining) amount = remaining;
      counterparty = p.counterparty;
    }
    let status: 'SUCCESS' | 'FAILED';
    if (ev.outcome === 'failed') status = 'FAILED';
    else if (ev.outcome === 'declinable' && amount < 0 && balance + amount < opts.overdraftFloorCents) status = 'FAILED';
    else status = 'SUCCESS';
    if (ev.type === 'Refund' && status === 'FAILED') continue;
    if (status === 'SUCCESS') balance += amount;
    const txnId = txnIdFor(rows.length + 1, idWidth);
    ev.txnId = txnId;
    ev.status = status;
    ev.amountCents = amount;
    if (ev.type === 'Refund' && ev.refundOf) {
      refunded.set(ev.refundOf, (refunded.get(ev.refundOf) ?? 0) + amount);
      refundPairs.push({ refund_txn_id: txnId, purchase_txn_id: ev.refundOf.txnId as string, amount_cents: amount });
    }
    const at = Math.floor(ev.at);
    rowTimes[rows.length] = at;
    rows.push({
      txn_id: txnId,
      timestamp: fmt.format(at),
      type: ev.type,
      channel: ev.channel,
      counterparty: counterparty === ev.trustedCounterparty ? counterparty : safeText(counterparty, 'Counterparty'),
      amountCents: amount,
      balanceCents: balance,
      status,
      location: ev.location === opts.homeCountry || COUNTRY_RE.test(ev.location) ? ev.location : opts.homeCountry,
      remark: ev.remark === ev.trustedRemark ? ev.remark : safeText(ev.remark, ev.type),
    });
  }

  const schedules: LoanSchedule[] = [];
  const periodEndDate = formatDate(period.end);
  for (const loan of loans) {
    if (deadLoans.has(loan.schedule.loan_id) || loan.disbursement.txnId === undefined) continue;
    const s = loan.schedule;
    const installments = s.installments.map((inst) => {
      const ev = loan.repayments.get(inst.n);
      if (ev && ev.txnId !== undefined) {
        const paid = ev.status === 'SUCCESS' ? -ev.amountCents : 0;
        const late = parseDate(inst.due_date) + DAY_S <= ev.at;
        const status = paid === 0 ? 'missed' : paid < inst.payment_cents ? 'partial' : late ? 'late' : 'paid';
        return settled(inst, status, ev.txnId as string, paid);
      }
      const due = inst.due_date < periodEndDate;
      const status = !due ? 'not_due' : inst.payment_cents === 0 ? 'paid' : 'missed';
      return settled(inst, status, null, 0);
    });
    schedules.push({ ...s, disbursement_txn_id: loan.disbursement.txnId as string, installments });
  }
  return { rows, rowTimes: rowTimes.subarray(0, rows.length), refundPairs, loans: schedules };
}

function clearRow(ev: SynthEvent): void {
  ev.txnId = undefined;
  ev.status = undefined;
}

/**
 * An installment with its outcome: `{ ...inst, status, txn_id, paid_cents }` with the keys of schedules built by
 * `withDueDates`, in the same order, written out because it runs for every installment of every loan.
 */
function settled(inst: Installment, status: Installment['status'], txnId: string | null, paid: number): Installment {
  return { n: inst.n, payment_cents: inst.payment_cents, principal_cents: inst.principal_cents, interest_cents: inst.interest_cents, status, txn_id: txnId, paid_cents: paid, due_date: inst.due_date };
}
