import { int, shuffle } from '../random/draw.js';
import type { Rng } from '../random/rng.js';
import type { LogLabels } from '../schema/labels.js';
import type { LogRow } from '../schema/log-row.js';
import type { PerturbEdit } from '../schema/perturb-manifest.js';
import { formatCents } from '../log/money.js';
import type { LogState } from './types.js';

/** A deep copy of a log state, so that operators never modify their input. */
export function cloneState(s: LogState): LogState {
  return {
    log: { ...s.log, rows: s.log.rows.map((r) => ({ ...r })) },
    labels: s.labels ? (structuredClone(s.labels) as LogLabels) : null,
    donor: s.donor,
  };
}

/** The opening balance of a log: balance[0] − amount[0], or balance[0] when the first row FAILED (SPEC §1). */
export function openingBalance(rows: readonly LogRow[]): number {
  if (rows.length === 0) return 0;
  const r = rows[0];
  return r.status === 'SUCCESS' ? r.balanceCents - r.amountCents : r.balanceCents;
}

/**
 * Recomputes every balance from an opening balance by the balance rule, so that an inserted or moved row
 * breaks only the rule the operator means to break. Returns how many balances changed and the first such row (0-based).
 */
export function rechain(rows: LogRow[], opening: number): { changed: number; first: number } {
  let b = opening;
  let changed = 0;
  let first = -1;
  for (let i = 0; i < rows.length; i++) {
    if (rows[i].status === 'SUCCESS') b += rows[i].amountCents;
    if (rows[i].balanceCents !== b) {
      changed++;
      if (first < 0) first = i;
      rows[i].balanceCents = b;
    }
  }
  return { changed, first };
}

/** The summary edit recorded when balances were re-chained (one entry instead of one per row). */
export function rechainEdit(op: string, rows: readonly LogRow[], r: { changed: number; first: number }): PerturbEdit[] {
  if (r.changed === 0) return [];
  return [
    {
      op,
      action: 'update',
      column: 'balance',
      row: r.first + 1,
      txn_id: rows[r.first].txn_id,
      count: r.changed,
      note: 'balances re-chained from the opening balance so that only the intended rule breaks',
    },
  ];
}

/** Indices of rows that break the balance rule (row 0 excluded), with exact cents. */
export function chainBreaks(rows: readonly LogRow[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < rows.length; i++) {
    const prev = rows[i - 1].balanceCents;
    const want = rows[i].status === 'SUCCESS' ? prev + rows[i].amountCents : prev;
    if (rows[i].balanceCents !== want) out.push(i);
  }
  return out;
}

/** Every txn_id that the labels point at (refund pairs, loan rows, signal evidence): rows best left alone. */
export function labelledTxnIds(labels: LogLabels | null): Set<string> {
  const ids = new Set<string>();
  if (!labels) return ids;
  for (const p of labels.refund_pairs) {
    ids.add(p.refund_txn_id);
    ids.add(p.purchase_txn_id);
  }
  for (const l of labels.loans) {
    ids.add(l.disbursement_txn_id);
    for (const i of l.installments) if (i.txn_id) ids.add(i.txn_id);
  }
  for (const s of Object.values(labels.signals)) for (const e of s.evidence) ids.add(e);
  return ids;
}

/** How many of `eligible` a rate touches: round(rate·n), at least one, at most n. */
export function countFor(rate: number, eligible: number): number {
  if (eligible <= 0) return 0;
  return Math.min(eligible, Math.max(1, Math.round(rate * eligible)));
}

/** `k` distinct elements of `items`, chosen uniformly, returned in ascending order. */
export function sampleSorted(rng: Rng, items: readonly number[], k: number): number[] {
  return shuffle(rng, items)
    .slice(0, k)
    .sort((a, b) => a - b);
}

/** Adds whole days to a `YYYY-MM-DD HH:MM:SS` timestamp (UTC calendar arithmetic, time of day kept). */
export function addDays(ts: string, days: number): string {
  const [d, t] = ts.split(' ');
  const [y, m, dd] = d.split('-').map(Number);
  const x = new Date(Date.UTC(y, m - 1, dd + days));
  const iso = x.toISOString().slice(0, 10);
  return `${iso} ${t}`;
}

/** The index at which a row with timestamp `ts` goes so that rows stay in time order (after equal timestamps). */
export function insertionIndex(rows: readonly LogRow[], ts: string): number {
  let i = 0;
  while (i < rows.length && rows[i].timestamp <= ts) i++;
  return i;
}

/** A txn_id not used in the log: `<base>-<suffix>`, counting up until free. */
export function freshTxnId(rows: readonly LogRow[], base: string): string {
  const used = new Set(rows.map((r) => r.txn_id));
  for (let k = 1; ; k++) {
    const id = `${base}-P${k}`;
    if (!used.has(id)) return id;
  }
}

/** An edit for a changed money cell. */
export function moneyEdit(op: string, rows: readonly LogRow[], i: number, column: 'amount' | 'balance', before: number, note?: string): PerturbEdit {
  const after = column === 'amount' ? rows[i].amountCents : rows[i].balanceCents;
  return { op, action: 'update', row: i + 1, column, txn_id: rows[i].txn_id, before: formatCents(before), after: formatCents(after), ...(note ? { note } : {}) };
}

/** A time strictly inside the day of `ts`, drawn uniformly, as `HH:MM:SS`. */
export function randomTime(rng: Rng): string {
  const s = int(rng, 8 * 3600, 20 * 3600);
  const hh = String(Math.floor(s / 3600)).padStart(2, '0');
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return `${hh}:${mm}:${ss}`;
}
