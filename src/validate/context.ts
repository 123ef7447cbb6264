import type { LogLabels } from '../schema/labels.js';
import type { Log, LogRow } from '../schema/log-row.js';
import type { IssueCode, IssueInput, ValidationIssue } from '../schema/issue-codes.js';
import { makeIssue } from '../schema/issue-codes.js';
import { INJECTION_KEY_WORDS, LEAKAGE_KEY_WORDS } from './text-patterns.js';
import { wholeWordTest } from './word-scan.js';
import { DAY_MS } from '../log/time-units.js';

/** Inclusive `YYYY-MM-DD` dates. */
export interface ValidationPeriod {
  start: string;
  end: string;
}

/**
 * Everything a check may use besides the log, resolved from options, the dialect and the dataset (labels, manifest).
 * Checks are pure: `(log, ctx) → issues`.
 */
export interface CheckContext {
  /** The log's labels line when the dataset has one; null for foreign logs. */
  labels: LogLabels | null;
  /** True for datasets made by the generator (labels or manifest present): leakage is an error, missing labels too. */
  generated: boolean;
  /** The period rows must fall in, or null for no period check. */
  period: ValidationPeriod | null;
  /** Row-count limits, or null for none. */
  rowCount: { min: number; max: number } | null;
  /** Reorder rows inside a day to reconcile the balance chain. */
  reorderWithinDay: boolean;
  /** Largest balance difference accepted, in cents. */
  toleranceCents: number;
  /** The balance before the first row, when known (labels or dialect), else null. */
  openingBalanceCents: number | null;
  /** Days after a purchase in which its refunds must come (SPEC §1: 60). */
  refundWindowDays: number;
  /** Days after the due date a `paid` installment may post before it counts as late. */
  installmentGraceDays: number;
  /** File name for issue locations. */
  file: string | undefined;
  /** Set by `validateLogCapped`: row checks hand each issue on at once (see `issueCollector`). */
  emit?: (issue: ValidationIssue) => void;
  /**
   * Set by `validateLogCapped`: once its cap is reached, counts an issue of `code` (at the code's own severity and
   * check) and says true, so the issue itself is never built; false while issues are still kept.
   */
  counted?: (code: IssueCode) => boolean;
}

/** Where a row check puts its issues (`issueCollector`). */
export interface IssueCollector {
  /** Hands one issue on. */
  add: (issue: ValidationIssue) => void;
  /**
   * Hands on the issue `make` builds, an issue of `code` at the code's own severity; past the cap of
   * `validateLogCapped` it is only counted and `make` is not called (no message text, no object, per bad row).
   */
  raise: (code: IssueCode, make: () => ValidationIssue) => void;
  /** The issues collected when there is no `emit` (what the check returns). */
  list: ValidationIssue[];
}

/**
 * Where a row check puts its issues: with a context `emit` (`validateLogCapped`) each issue is handed on as it is
 * raised, kept or only counted there, and `list` stays empty, so a check over a million bad rows holds no list of
 * them (and past the cap builds none of them: `raise`); otherwise `list` collects them (what the check returns).
 */
export function issueCollector(ctx: CheckContext): IssueCollector {
  const list: ValidationIssue[] = [];
  const add = ctx.emit ?? ((issue: ValidationIssue) => void list.push(issue));
  const counted = ctx.counted;
  const raise =
    counted === undefined
      ? (_code: IssueCode, make: () => ValidationIssue): void => add(make())
      : (code: IssueCode, make: () => ValidationIssue): void => {
          if (!counted(code)) add(make());
        };
  return { add, raise, list };
}

/** A check: a pure function from a log and its context to issues (STYLE: validators return issues, they do not throw). */
export type Check = (log: Log, ctx: CheckContext) => ValidationIssue[];

/** One entry of the check registry: its id, the closed set of codes it raises, and what it does. */
export interface CheckEntry {
  id: string;
  codes: readonly IssueCode[];
  description: string;
  /** The check function; absent for checks the reader performs while parsing (header, fields, encoding, file). */
  run?: Check;
}

/** An issue located at row `i` (0-based) of `log`: file, source line, 1-based row and txn_id filled in. */
export function rowIssue(log: Log, ctx: CheckContext, i: number, input: Omit<IssueInput, 'file' | 'line' | 'row' | 'txn_id'>): ValidationIssue {
  const row = log.rows[i];
  return makeIssue({
    ...input,
    file: ctx.file ?? log.file,
    log_id: log.logId,
    line: log.lines?.[i],
    row: i + 1,
    txn_id: row?.txn_id,
  });
}

/** An issue about the log as a whole. */
export function logIssue(log: Log, ctx: CheckContext, input: Omit<IssueInput, 'file'>): ValidationIssue {
  return makeIssue({ ...input, file: ctx.file ?? log.file, log_id: log.logId });
}

/** Day number since 1970-01-01 of a `YYYY-MM-DD…` text (UTC calendar arithmetic on the given value). */
export function dayOf(timestamp: string): number {
  return Math.floor(Date.UTC(Number(timestamp.slice(0, 4)), Number(timestamp.slice(5, 7)) - 1, Number(timestamp.slice(8, 10))) / DAY_MS);
}

/** Cents as a money text for expected/actual values: 12345 → "123.45". */
export function money(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const a = Math.abs(Math.round(cents));
  const frac = a % 100;
  return `${sign}${Math.floor(a / 100)}.${frac < 10 ? '0' : ''}${frac}`;
}

/** Row lookup by txn_id: the index of the first row with an id, and how many distinct ids the log has. */
export interface TxnIndex {
  readonly size: number;
  get(id: string): number | undefined;
  has(id: string): boolean;
}

const indexCache = new WeakMap<readonly LogRow[], TxnIndex>();

/**
 * txn_id → index of its first row, built once per rows array and shared by the checks. When the ids strictly
 * increase down the log (as the generator writes them: T0001, T0002, …) they are unique and a binary search over
 * the rows finds one, so no table is built; otherwise a Map.
 */
export function txnIndex(log: Log): TxnIndex {
  let m = indexCache.get(log.rows);
  if (!m) {
    const rows = log.rows;
    let increasing = true;
    for (let i = 1; i < rows.length; i++) {
      if (!(rows[i - 1].txn_id < rows[i].txn_id)) {
        increasing = false;
        break;
      }
    }
    if (increasing) {
      const get = (id: string): number | undefined => {
        let lo = 0;
        let hi = rows.length - 1;
        while (lo <= hi) {
          const mid = (lo + hi) >> 1;
          const v = rows[mid].txn_id;
          if (v === id) return mid;
          if (v < id) lo = mid + 1;
          else hi = mid - 1;
        }
        return undefined;
      };
      m = { size: rows.length, get, has: (id) => get(id) !== undefined };
    } else {
      const map = new Map<string, number>();
      for (let i = 0; i < rows.length; i++) if (!map.has(rows[i].txn_id)) map.set(rows[i].txn_id, i);
      m = map;
    }
    indexCache.set(log.rows, m);
  }
  return m;
}

const cellsCache = new WeakMap<readonly LogRow[], number[]>();
const mayHoldPattern = wholeWordTest([...new Set([...LEAKAGE_KEY_WORDS, ...INJECTION_KEY_WORDS.flat()])]);

/**
 * The remark and counterparty cells of a log that hold a key word of the leakage or injection patterns
 * (`text-patterns.ts`), as `2 × row + column` (column 0: remark, 1: counterparty), in row order, the remark first.
 * Only these can match, so the text checks run their regular expressions on them alone; in a clean log there are none.
 * Computed once per rows array: one regular-expression test per text, no hashing of the texts (the earlier
 * distinct-text memo hashed ~400 fresh strings per log, which cost more than the tests).
 */
export function textCellsToCheck(log: Log): readonly number[] {
  let cells = cellsCache.get(log.rows);
  if (cells === undefined) {
    cells = [];
    const rows = log.rows;
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      if (mayHoldPattern(r.remark)) cells.push(2 * i);
      if (mayHoldPattern(r.counterparty)) cells.push(2 * i + 1);
    }
    cellsCache.set(log.rows, cells);
  }
  return cells;
}

const orderCache = new WeakMap<readonly LogRow[], boolean>();

/** Whether the rows' timestamps never decrease (text order, as the time-order check compares them); computed once per rows array. */
export function timeOrdered(log: Log): boolean {
  let v = orderCache.get(log.rows);
  if (v === undefined) {
    v = true;
    const rows = log.rows;
    for (let i = 1; i < rows.length; i++) {
      if (rows[i].timestamp < rows[i - 1].timestamp) {
        v = false;
        break;
      }
    }
    orderCache.set(log.rows, v);
  }
  return v;
}

/**
 * Drops what `txnIndex`, `textCellsToCheck` and `timeOrdered` remember about a log's rows. `validateLog` calls it once
 * every check has run: V8's young-generation collector keeps a weak map's values alive (and the txn_id index holds
 * the rows), so without it every log validated since the last collection would be copied and promoted to the old
 * generation, which cost more than all the checks together on a stream of logs.
 */
export function releaseLogFacts(log: Log): void {
  indexCache.delete(log.rows);
  cellsCache.delete(log.rows);
  orderCache.delete(log.rows);
}
