import type { Log, LogRow } from '../../schema/log-row.js';
import type { ValidationIssue } from '../../schema/issue-codes.js';
import type { Check, CheckContext } from '../context.js';
import { money, rowIssue, issueCollector } from '../context.js';

/** How far the balance moves on a row: the amount when SUCCESS, nothing when FAILED (SPEC §1 Balance rule). */
function moveOf(r: LogRow): number {
  return r.status === 'FAILED' ? 0 : r.amountCents;
}

/** For each row, whether a row the reader could not read lies just before it (the chain restarts there). */
function gapsBefore(log: Log): boolean[] {
  const n = log.rows.length;
  const gaps = new Array<boolean>(n).fill(false);
  const bad = log.unreadableLines;
  const lines = log.lines;
  if (!bad || bad.length === 0 || !lines) return gaps;
  const sorted = [...bad].sort((a, b) => a - b);
  let u = 0;
  for (let i = 0; i < n; i++) {
    while (u < sorted.length && sorted[u] < lines[i]) {
      gaps[i] = true;
      u++;
    }
  }
  return gaps;
}

/** What reconciling one day gives: rows no order reconciles (with the balance they should show) and the possible end balances. */
export interface DayReconciliation {
  flagged: Array<{ index: number; expectedCents: number | null }>;
  ends: number[];
  /** The order found (indexes into the day's rows), breaks included. */
  order: number[];
}

/** Search steps allowed for the exact within-day search before falling back to matching. */
const SEARCH_BUDGET = 50_000;

/**
 * Finds an order of one day's rows in which each row's balance follows from the one before
 * (|b_prev + move_i − b_i| ≤ tol), starting from one of `starts` (null: the day may start anywhere).
 * 1. The file order, if it already chains (O(k)).
 * 2. A depth-first search for a chain through all rows: each step may only take a row whose balance-before
 *    (b_i − move_i) equals the current balance within tolerance, so the branching is tiny in practice; bounded by
 *    `SEARCH_BUDGET` steps.
 * 3. Otherwise a maximum bipartite matching (Kuhn's augmenting paths, O(k³)) of "row p can precede row i" links:
 *    every row left without a predecessor, plus one row per closed cycle, is a row no order reconciles.
 *    With one amount altered, exactly that row is left without a predecessor.
 */
export function reconcileDay(rows: readonly LogRow[], starts: readonly number[] | null, tol: number): DayReconciliation {
  const k = rows.length;
  const before = rows.map((r) => r.balanceCents - moveOf(r));
  const after = rows.map((r) => r.balanceCents);
  const canStart = (t: number): boolean => starts === null || starts.some((s) => Math.abs(s - before[t]) <= tol);
  const link = (p: number, t: number): boolean => p !== t && Math.abs(after[p] - before[t]) <= tol;

  // 1. file order
  let ok = k > 0 && canStart(0);
  for (let t = 1; ok && t < k; t++) ok = link(t - 1, t);
  if (ok) return { flagged: [], ends: [after[k - 1]], order: rows.map((_, i) => i) };

  // 2. exact search
  const used = new Uint8Array(k);
  const order: number[] = [];
  let budget = SEARCH_BUDGET;
  const dfs = (cur: number, depth: number): boolean => {
    if (depth === k) return true;
    if (--budget < 0) return false;
    for (let t = 0; t < k; t++) {
      if (used[t] || !(cur < 0 ? canStart(t) : link(cur, t))) continue;
      used[t] = 1;
      order.push(t);
      if (dfs(t, depth + 1)) return true;
      order.pop();
      used[t] = 0;
      if (budget < 0) return false;
    }
    return false;
  };
  if (dfs(-1, 0)) return { flagged: [], ends: [after[order[k - 1]]], order };

  // 3. maximum matching; predecessor node 0 is the day's start, node p+1 is row p
  const preds: number[][] = [];
  for (let t = 0; t < k; t++) {
    const list: number[] = [];
    if (canStart(t)) list.push(0);
    for (let p = 0; p < k; p++) if (link(p, t)) list.push(p + 1);
    preds.push(list);
  }
  const succOf = new Array<number>(k + 1).fill(-1); // pred node → row
  const predOf = new Array<number>(k).fill(-1); // row → pred node
  const augment = (t: number, seen: Uint8Array): boolean => {
    for (const p of preds[t]) {
      if (seen[p]) continue;
      seen[p] = 1;
      if (succOf[p] < 0 || augment(succOf[p], seen)) {
        succOf[p] = t;
        predOf[t] = p;
        return true;
      }
    }
    return false;
  };
  for (let t = 0; t < k; t++) augment(t, new Uint8Array(k + 1));

  const visited = new Uint8Array(k);
  const seq: number[] = [];
  const flagged: DayReconciliation['flagged'] = [];
  const ends: number[] = [];
  const follow = (t: number): void => {
    let cur = t;
    while (cur >= 0 && !visited[cur]) {
      visited[cur] = 1;
      seq.push(cur);
      cur = succOf[cur + 1];
    }
    ends.push(after[seq[seq.length - 1]]);
  };
  const expectedFor = (t: number): number | null => {
    const prev = seq.length > 0 ? after[seq[seq.length - 1]] : starts !== null && starts.length > 0 ? starts[0] : null;
    return prev === null ? null : prev + (after[t] - before[t]);
  };
  if (succOf[0] >= 0) follow(succOf[0]);
  for (let t = 0; t < k; t++) {
    if (visited[t] || predOf[t] >= 0) continue;
    flagged.push({ index: t, expectedCents: expectedFor(t) });
    follow(t);
  }
  for (let t = 0; t < k; t++) {
    if (visited[t]) continue; // a closed cycle of rows that chain only among themselves
    flagged.push({ index: t, expectedCents: expectedFor(t) });
    follow(t);
  }
  return { flagged, ends, order: seq };
}

/**
 * BALANCE_MISMATCH (SPEC §1 Balance rule): SUCCESS rows move the balance by their amount, FAILED rows leave it.
 * Each row is checked against the balance stated on the row before it, so one wrong amount is one issue; a wrong
 * balance whose next row follows from the expected one is also one issue (the chain carries the expected balance on).
 * The first row is checked against the opening balance when it is known (labels or dialect). After a row the reader
 * could not read, the chain restarts. With `reorderWithinDay` (date-only logs such as Berka), rows inside one day
 * may be put in any order, and only rows that no order reconciles are reported (`reconcileDay`).
 */
export const checkBalance: Check = (log, ctx) => {
  const rows = log.rows;
  const n = rows.length;
  if (n === 0) return [];
  const gaps = gapsBefore(log);
  const tol = ctx.toleranceCents;
  const out = issueCollector(ctx);
  if (!ctx.reorderWithinDay) {
    let prev: number | null = ctx.openingBalanceCents;
    for (let i = 0; i < n; i++) {
      if (gaps[i]) prev = null;
      const r = rows[i];
      if (prev !== null) {
        const expected = prev + moveOf(r);
        if (Math.abs(r.balanceCents - expected) > tol) {
          out.raise('BALANCE_MISMATCH', () => mismatch(log, ctx, i, expected, i > 0 && !gaps[i] ? rows[i - 1].txn_id : undefined));
          // When the next row follows from the expected balance, only this row's balance is wrong (not its amount):
          // carry the expected balance on, so that one wrong balance is one issue.
          const next = i + 1 < n && !gaps[i + 1] ? rows[i + 1] : undefined;
          if (next && Math.abs(next.balanceCents - (expected + moveOf(next))) <= tol && Math.abs(next.balanceCents - (r.balanceCents + moveOf(next))) > tol) {
            prev = expected;
            continue;
          }
        }
      }
      prev = r.balanceCents;
    }
    return out.list;
  }
  let starts: number[] | null = ctx.openingBalanceCents === null ? null : [ctx.openingBalanceCents];
  let i = 0;
  while (i < n) {
    const date = rows[i].timestamp.slice(0, 10);
    if (gaps[i]) starts = null;
    let j = i + 1;
    while (j < n && !gaps[j] && rows[j].timestamp.startsWith(date)) j++;
    const day = reconcileDay(rows.slice(i, j), starts, tol);
    for (const f of day.flagged) {
      const idx = i + f.index;
      out.raise('BALANCE_MISMATCH', () => mismatch(log, ctx, idx, f.expectedCents, undefined, '(no order of the day reconciles it)'));
    }
    starts = day.ends;
    i = j;
  }
  return out.list;
};

function mismatch(log: Log, ctx: CheckContext, i: number, expected: number | null, prevId: string | undefined, note?: string): ValidationIssue {
  const r = log.rows[i];
  return rowIssue(log, ctx, i, {
    code: 'BALANCE_MISMATCH',
    column: 'balance',
    expected: expected === null ? undefined : money(expected),
    actual: money(r.balanceCents),
    related: prevId ? [prevId] : undefined,
    note: r.status === 'FAILED' ? '(FAILED row: the balance must not move)' : note,
  });
}
