import { formatCents } from '../log/money.js';
import type { TransactionType } from '../schema/transaction-types.js';
import type { Rng } from '../random/rng.js';
import type { LogFacts, RowView } from './facts.js';
import { WEEKDAY_NAMES, filterShared, ids, strictMax, sumAbs } from './facts.js';
import { singleChoices } from './options.js';
import type { Admit, Choice, Draft } from './template.js';

/** Share as a percentage, num/den·100; NaN when den is 0. */
export function pct(num: number, den: number): number {
  return den === 0 ? NaN : (num / den) * 100;
}

/** Money in cents as the log prints it. */
export function money(cents: number): string {
  return formatCents(Math.round(cents));
}

/** A percentage for program lines, two decimals. */
export function pctText(x: number): string {
  return `${x.toFixed(2)}%`;
}

/** Successful outflow rows of the given types (all types when none given). */
export function outflowsOf(f: LogFacts, ...types: TransactionType[]): RowView[] {
  if (!types.length) return f.outflows;
  return rowsByTypes(f, 'outflows-of', types, () => filterShared(f.okOfType(...types), (r) => r.row.amountCents < 0));
}

/** Successful inflow rows of the given types (all types when none given). */
export function inflowsOf(f: LogFacts, ...types: TransactionType[]): RowView[] {
  if (!types.length) return f.inflows;
  return rowsByTypes(f, 'inflows-of', types, () => filterShared(f.okOfType(...types), (r) => r.row.amountCents > 0));
}

/** All rows (any status) with the given sign, of the given types: what a reader who forgets FAILED would count. */
export function anyStatus(f: LogFacts, sign: 1 | -1, ...types: TransactionType[]): RowView[] {
  return rowsByTypes(f, sign > 0 ? 'any-status-in' : 'any-status-out', types, () => {
    const rows = types.length ? f.ofType(...types) : f.rows;
    return filterShared(rows, (r) => Math.sign(r.row.amountCents) === sign);
  });
}

/**
 * A helper's rows of a type set, memoised per log in the helper's own map (`view` names it). One type is looked up
 * by its own name, with no key string built per call: templates ask for these views dozens of times per log.
 */
function rowsByTypes(f: LogFacts, view: string, types: readonly TransactionType[], compute: () => RowView[]): RowView[] {
  const byTypes = f.memo(view, () => new Map<string, RowView[]>());
  const key = types.length === 1 ? types[0] : types.join('|');
  let hit = byTypes.get(key);
  if (hit === undefined) {
    hit = compute();
    byTypes.set(key, hit);
  }
  return hit;
}

/**
 * `ids` of the runs' rows taken together (their txn_ids in log order, deduplicated), without concatenating and
 * sorting them: runs already in log order one after the other give their ids as they come (as `ids` does), any
 * others are marked by row index and read back in one pass over the log.
 */
export function idsOfRuns(f: LogFacts, runs: ReadonlyArray<readonly RowView[]>): string[] {
  let ordered = true;
  let prev = -1;
  for (const run of runs) {
    for (const r of run) {
      if (r.index <= prev) ordered = false;
      prev = r.index;
    }
  }
  const out: string[] = [];
  if (ordered) {
    for (const run of runs) for (const r of run) out.push(r.row.txn_id);
    return out;
  }
  const marked = new Uint8Array(f.rows.length);
  for (const run of runs) for (const r of run) marked[r.index] = 1;
  const seen = new Set<string>();
  for (let i = 0; i < marked.length; i++) {
    if (!marked[i]) continue;
    const id = f.rows[i].row.txn_id;
    if (!seen.has(id)) {
      seen.add(id);
      out.push(id);
    }
  }
  return out;
}

/** Total |amount| in cents of rows. */
export const total = sumAbs;

/** True when x is within `margin` of any edge: such a value makes a banded statement fragile, so skip it. */
export function nearEdge(x: number, edges: readonly number[], margin: number): boolean {
  return edges.some((e) => Math.abs(x - e) < margin);
}

/** Counts rows by a key, returning [key, count] sorted by key. */
export function countBy<K extends string>(rows: readonly RowView[], key: (r: RowView) => K): Array<[K, number]> {
  return tally(rows, key, false);
}

/** Sums |amount| by a key, returning [key, cents] sorted by key. */
export function sumBy<K extends string>(rows: readonly RowView[], key: (r: RowView) => K): Array<[K, number]> {
  return tally(rows, key, true);
}

/**
 * Row counts (or |amount| sums) by key, sorted by key. Each key's entry is created once and updated in place (one
 * map lookup per row, no copy of the map into entries): these tallies run on every row of many templates.
 */
function tally<K extends string>(rows: readonly RowView[], key: (r: RowView) => K, amounts: boolean): Array<[K, number]> {
  const byKey = new Map<K, [K, number]>();
  const out: Array<[K, number]> = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const k = key(r);
    const x = amounts ? Math.abs(r.row.amountCents) : 1;
    const e = byKey.get(k);
    if (e === undefined) {
      const entry: [K, number] = [k, x];
      byKey.set(k, entry);
      out.push(entry);
    } else e[1] += x;
  }
  return out.sort(keyOrder);
}

function keyOrder<K extends string>(a: [K, number], b: [K, number]): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}

/** Successful outflow summed by counterparty, sorted by key (memoised per log; do not mutate). */
export function outflowByCounterparty(f: LogFacts): Array<[string, number]> {
  return f.memo('outflow-by-counterparty', () => sumBy(f.outflows, (r) => r.row.counterparty));
}

/** Successful outflow summed by transaction type, sorted by key (memoised per log; do not mutate). */
export function outflowByType(f: LogFacts): Array<[string, number]> {
  return f.memo('outflow-by-type', () => sumBy(f.outflows, (r) => r.row.type));
}

/** Entries sorted by value descending, then key ascending. */
export function byValueDesc<K extends string>(entries: Array<[K, number]>): Array<[K, number]> {
  return entries.slice().sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** Population least-squares slope of y against x = 0…n−1 (units of y per step). */
export function slope(ys: readonly number[]): number {
  const n = ys.length;
  if (n < 2) return NaN;
  const mx = (n - 1) / 2;
  let my = 0;
  for (const y of ys) my += y;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (i - mx) * (ys[i] - my);
    sxx += (i - mx) * (i - mx);
  }
  return sxy / sxx;
}

/**
 * The weekday with the strictly most successful rows of `type`, as a single-choice draft; null below `minRows`
 * rows, on a tie for the top, or when too few distinct weekdays remain for distractors.
 * Shared by the weekday templates, which differ only in the type, the row floor and the stem.
 */
export function busiestWeekdayDraft(
  f: LogFacts,
  rng: Rng,
  type: TransactionType,
  minRows: number,
  stem: string,
  shares?: Readonly<Record<string, number>>,
  admit?: Admit,
): Draft | null {
  const rows = f.okOfType(type);
  if (rows.length < minRows) return null;
  const perDay = [0, 0, 0, 0, 0, 0, 0];
  for (const r of rows) perDay[r.weekday]++;
  const counts = perDay.map((n, i) => [i, n] as [number, number]);
  const top = strictMax(counts);
  if (!top) return null;
  // the other weekdays, busiest first, listed only when the answer table cannot draw the wrong options
  const wrong = (): string[] => counts.slice().sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(1).map(([i]) => WEEKDAY_NAMES[i]);
  const choices = singleChoices(rng, WEEKDAY_NAMES[top[0]], wrong, { prefer: 1, shares, admit });
  if (!choices) return null;
  return {
    stem,
    choices,
    evidence: ids(rows.filter((r) => r.weekday === top[0])),
    program: [
      `Successful ${type} rows: ${rows.length}`,
      `Per weekday: ${counts.map(([i, n]) => `${WEEKDAY_NAMES[i]} ${n}`).join('; ')}`,
      `Most: ${WEEKDAY_NAMES[top[0]]} (${top[1]})`,
    ],
  };
}

/**
 * Counterparty names that are other logs' answers to a template (`TemplatePrior.answers`) and never appear in this
 * log, in any row: provably not this log's answer, and as plausible as the answer without the log (issue #13). A
 * counterparty template offers them among its wrong options, so that the kind of name (a landlord, a card centre)
 * does not tell the answer.
 */
export function absentAnswers(f: LogFacts, shares: Readonly<Record<string, number>> | undefined): string[] {
  if (!shares) return [];
  let table = SHARE_NAMES.get(shares);
  if (!table) {
    const names = Object.keys(shares);
    table = { names, index: new Map(names.map((name, i) => [name, i])) };
    SHARE_NAMES.set(shares, table);
  }
  const { names, index } = table;
  // the table's names this log has (a log has a few dozen counterparties, a table hundreds of names): the answer is
  // the table without them, copied in runs between them
  const at = f.counterparties().map((name) => index.get(name)).filter((i): i is number => i !== undefined).sort((a, b) => a - b);
  if (at.length === 0) return names.slice();
  const out: string[] = names.slice(0, at[0]);
  for (let k = 0; k < at.length; k++) {
    const end = k + 1 < at.length ? at[k + 1] : names.length;
    for (let i = at[k] + 1; i < end; i++) out.push(names[i]);
  }
  return out;
}

/** The answer texts of each `TemplatePrior.answers` table, in key order, and their positions (listed once per table). */
const SHARE_NAMES = new WeakMap<Readonly<Record<string, number>>, { names: string[]; index: Map<string, number> }>();

/**
 * True when the builder declines the item on its correct option's text (`TemplateContext.admit`): a template whose
 * options come before its answer is decided (a partition of statements) asks here, before its evidence and program.
 */
export function declinedOn(choices: readonly Choice[], admit: Admit | undefined): boolean {
  if (!admit) return false;
  const correct = choices.find((c) => c.correct);
  return correct !== undefined && !admit({ text: correct.text });
}
