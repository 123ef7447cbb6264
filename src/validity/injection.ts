import type { Log, LogRow } from '../schema/log-row.js';
import { fitLogistic, predictLogistic, rocAuc } from '../score/logistic.js';
import { logFold } from '../score/blind.js';

/** Injected rows below this count give no AUC (too few to say anything). */
export const MIN_INJECTED_ROWS = 30;

/**
 * Types whose amounts the bank converts from whole foreign notes when the row is abroad (`postEvents`: cash withdrawn
 * abroad, to the cent in the account's currency): such a row abroad is its own stratum, as its rounding says where
 * it was made (which its location says openly), not that it was injected. Other types round alike at home and abroad.
 */
export const CONVERTED_ABROAD: ReadonlySet<string> = new Set(['ATM Withdrawal']);

/** One signal's injected rows in one log (from labels: the evidence of a signal the generator injected). */
export interface InjectedRows {
  logId: string;
  signal: string;
  txnIds: readonly string[];
}

/** How well timing and rounding alone tell a signal's injected rows from base rows of the same types. */
export interface InjectionSeparation {
  signal: string;
  injected_rows: number;
  base_rows: number;
  /**
   * Injected rows of a type that no base row of their profile has (a Late Fee, which base logs never have; cash
   * withdrawn abroad): compared with the base rows of their profile that move money the same way (all outflows, or all
   * inflows) instead.
   */
  direction_rows: number;
  /** Cross-fitted ROC AUC of a logistic regression on the features below; null with too few rows. */
  auc: number | null;
}

/** Rows on each side of a row over which its log's local pace (mean gap between rows) is taken. */
export const PACE_ROWS = 5;

function secondsOf(ts: string): number {
  return Date.UTC(+ts.slice(0, 4), +ts.slice(5, 7) - 1, +ts.slice(8, 10), +ts.slice(11, 13), +ts.slice(14, 16), +ts.slice(17, 19)) / 1000;
}

/**
 * The features a reader could use without understanding the log: seconds, minutes, cents and gap to the previous
 * row. The gap is taken relative to the log's own pace around the row (the mean gap over the `PACE_ROWS` rows on
 * each side): a row set down just after another stands out whatever the density, but a signal that is itself a
 * density (a month of 3× the purchases, services piling up) does not count as a timing fingerprint. In order:
 * seconds, minutes, seconds zero, on the hour, cents, cents zero, whole tens, whole hundreds, same minute and second
 * as the previous row, log of the relative gap.
 */
function featuresOf(row: LogRow, prev: LogRow | undefined, paceSeconds: number): number[] {
  const ts = row.timestamp;
  const sec = +ts.slice(17, 19);
  const min = +ts.slice(14, 16);
  const cents = Math.abs(row.amountCents) % 100;
  const abs = Math.abs(row.amountCents);
  const gap = prev ? Math.max(0, secondsOf(ts) - secondsOf(prev.timestamp)) : 86_400;
  return [
    sec / 60,
    min / 60,
    sec === 0 ? 1 : 0,
    sec === 0 && min === 0 ? 1 : 0,
    cents / 100,
    cents === 0 ? 1 : 0,
    abs % 1000 === 0 ? 1 : 0,
    abs % 10000 === 0 ? 1 : 0,
    prev && prev.timestamp.slice(14) === ts.slice(14) ? 1 : 0,
    Math.log1p(gap / paceSeconds),
  ];
}


/** The location most of a log's rows have (its home country; ties to the first seen). */
function homeOf(rows: readonly LogRow[]): string {
  const count = new Map<string, number>();
  let best = '';
  for (const r of rows) {
    const c = (count.get(r.location) ?? 0) + 1;
    count.set(r.location, c);
    if (c > (count.get(best) ?? 0)) best = r.location;
  }
  return best;
}

/**
 * Per signal: a logistic regression on timing and rounding features (seconds, minutes, cents, gap to the previous
 * row relative to the log's pace there) tries to tell the signal's injected rows from base rows (rows no injected
 * signal claims) of the same stratum: the same transaction type (cash abroad apart), in logs of the same client kind
 * and profile (`profileOf`; the client kind alone without it), base rows weighted so that their strata's mix equals
 * the injected rows'.
 * - Per kind and profile, because profiles differ in density and in how their own rows round: an SME signal's rows
 *   compared with personal base rows would be told apart by the gap to the previous row, and a signal injected
 *   mostly in one profile would be told from base rows of another by that profile's look, whatever the injector does.
 * - Cash abroad apart (`CONVERTED_ABROAD`), because the bank converts it from whole foreign notes to the cent: its rounding
 *   says where it was made, which its location column says openly, not that it was injected.
 * - Injected rows of a type that no base row of their profile has (late fees, which base logs never have; cash
 *   withdrawn abroad) are compared with the profile's base rows that move money the same way (`direction_rows`
 *   counts them); with no such base row either, left out.
 * Cross-fitted over two halves of the logs, each half weighted on its own; the mean of the halves' held-out AUCs is
 * reported. Near 0.5 means injection leaves no fingerprint; below 0.5 is a model that learnt noise in one half.
 */
export function injectionSeparation(logs: readonly Log[], injected: readonly InjectedRows[], opts: { profileOf?: (logId: string) => string | undefined } = {}): InjectionSeparation[] {
  const claimed = new Map<string, Map<string, string>>(); // log → txn → signal
  for (const r of injected) {
    let m = claimed.get(r.logId);
    if (!m) claimed.set(r.logId, (m = new Map()));
    for (const id of r.txnIds) if (!m.has(id)) m.set(id, r.signal);
  }
  interface Ex {
    x: number[];
    /** Profile (else client kind) and transaction type: the stratum base rows are matched on. */
    type: string;
    /** Profile (else client kind) and direction: the stratum of a row whose type no base row of its profile has. */
    side: string;
    signal: string | null;
    fold: number;
  }
  const examples: Ex[] = [];
  for (const log of logs) {
    if (!log.hasTimeOfDay) continue;
    const m = claimed.get(log.logId);
    const f = logFold(log.logId);
    const kind = log.clientKind ?? (log.logId.startsWith('s') ? 'sme' : 'personal');
    const group = `${kind}/${opts.profileOf?.(log.logId) ?? kind}`;
    const home = homeOf(log.rows);
    const times = log.rows.map((r) => secondsOf(r.timestamp));
    for (let i = 0; i < log.rows.length; i++) {
      const row = log.rows[i];
      const a = Math.max(0, i - PACE_ROWS);
      const b = Math.min(log.rows.length - 1, i + PACE_ROWS);
      const pace = Math.max(60, (times[b] - times[a]) / Math.max(1, b - a));
      examples.push({ x: featuresOf(row, log.rows[i - 1], pace), type: `${group}/${row.type}${row.location !== home && CONVERTED_ABROAD.has(row.type) ? ' abroad' : ''}`, side: `${group}/${row.amountCents < 0 ? 'out' : 'in'}`, signal: m?.get(row.txn_id) ?? null, fold: f });
    }
  }
  const signals = [...new Set(injected.map((r) => r.signal))].sort();
  const typeBase = new Map<string, number>();
  for (const e of examples) if (e.signal === null) typeBase.set(e.type, (typeBase.get(e.type) ?? 0) + 1);
  const ownStratum = (e: Ex): boolean => typeBase.has(e.type);
  // The stratum of an example: its type's, or its direction's when no base row of its profile has its type.
  const stratumOf = (e: Ex): string => (ownStratum(e) ? e.type : e.side);
  return signals.map((signal) => {
    const pos = examples.filter((e) => e.signal === signal);
    const posCount = new Map<string, number>();
    for (const e of pos) posCount.set(stratumOf(e), (posCount.get(stratumOf(e)) ?? 0) + 1);
    // A base row counts once, in its type's stratum if injected rows share it, else in its direction's.
    const negStratum = (e: Ex): string | null => (posCount.has(e.type) ? e.type : posCount.has(e.side) ? e.side : null);
    const neg = examples.filter((e) => e.signal === null && negStratum(e) !== null);
    const negCount = new Map<string, number>();
    for (const e of neg) negCount.set(negStratum(e)!, (negCount.get(negStratum(e)!) ?? 0) + 1);
    // Injected rows of a stratum without base rows (no base row of the profile moves money their way) are left out.
    const matched = pos.filter((e) => negCount.has(stratumOf(e)));
    const base = { signal, injected_rows: matched.length, base_rows: neg.length, direction_rows: matched.filter((e) => !ownStratum(e)).length };
    if (matched.length < MIN_INJECTED_ROWS || neg.length < MIN_INJECTED_ROWS) return { ...base, auc: null };
    // Each half of the logs on its own: base rows weighted so that their strata's mix in the half equals the half's
    // injected rows' (injected rows of a stratum with no base row in the half left out). Weights taken over all the
    // logs would not hold within a half: a profile with most of its injected rows in one half would be all but
    // base in the other, so the model trained there learns the profile's look as "base" and ranks the held-out
    // half's injected rows of that profile low — an AUC below 0.5 with no fingerprint at all.
    const halves = [0, 1].map((f) => {
      const p = matched.filter((e) => e.fold === f);
      const n = neg.filter((e) => e.fold === f);
      const pc = new Map<string, number>();
      for (const e of p) pc.set(stratumOf(e), (pc.get(stratumOf(e)) ?? 0) + 1);
      const nc = new Map<string, number>();
      for (const e of n) if (pc.has(negStratum(e)!)) nc.set(negStratum(e)!, (nc.get(negStratum(e)!) ?? 0) + 1);
      const rows = [...p.filter((e) => nc.has(stratumOf(e))), ...n.filter((e) => nc.has(negStratum(e)!))];
      const weights = rows.map((e) => (e.signal === null ? pc.get(negStratum(e)!)! / nc.get(negStratum(e)!)! : 1));
      return { rows, weights, positives: rows.filter((e) => e.signal !== null).length };
    });
    // The AUC is taken within each held-out half and averaged (weighted by the half's injected rows), never over the
    // two halves' scores pooled: the two models differ in intercept (each half holds its own share of injected
    // rows, and the half with fewer is scored by the model trained on more), so pooled scores rank one half above the
    // other and pull the AUC below 0.5 with no fingerprint at all.
    let sum = 0;
    let mass = 0;
    for (const f of [0, 1]) {
      const train = halves[1 - f];
      const test = halves[f];
      if (test.positives === 0 || test.positives === test.rows.length || train.positives === 0 || train.positives === train.rows.length) continue;
      const model = fitLogistic(train.rows.map((e) => e.x), train.rows.map((e) => (e.signal === null ? 0 : 1)), { l2: 1, weights: train.weights });
      const auc = rocAuc(test.rows.map((e) => predictLogistic(model, e.x)), test.rows.map((e) => (e.signal === null ? 0 : 1)), test.weights);
      sum += auc * test.positives;
      mass += test.positives;
    }
    return { ...base, auc: mass ? sum / mass : null };
  });
}
