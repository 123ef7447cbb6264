import type { Log, LogRow } from '../schema/log-row.js';
import { fitLogistic, predictLogistic, rocAuc } from '../score/logistic.js';
import { logFold } from '../score/blind.js';

/** Injected rows below this count give no AUC (too few to say anything). */
export const MIN_INJECTED_ROWS = 30;

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


/**
 * Per signal: a logistic regression on timing and rounding features (seconds, minutes, cents, gap to the previous
 * row relative to the log's pace there) tries to tell the signal's injected rows from base rows (rows no injected signal claims) of the same
 * transaction types in logs of the same client kind, base rows weighted so that their (kind, type) mix equals the
 * injected rows'. (Per kind, because SME and personal logs differ in density: an SME signal's rows compared with
 * personal base rows would be told apart by the gap to the previous row whatever the injector does.) Cross-fitted over two
 * halves of the logs; the AUC of the held-out scores is reported. Near 0.5 means injection leaves no fingerprint.
 */
export function injectionSeparation(logs: readonly Log[], injected: readonly InjectedRows[]): InjectionSeparation[] {
  const claimed = new Map<string, Map<string, string>>(); // log → txn → signal
  for (const r of injected) {
    let m = claimed.get(r.logId);
    if (!m) claimed.set(r.logId, (m = new Map()));
    for (const id of r.txnIds) if (!m.has(id)) m.set(id, r.signal);
  }
  interface Ex {
    x: number[];
    /** Client kind and transaction type: the stratum base rows are matched on. */
    type: string;
    signal: string | null;
    fold: number;
  }
  const examples: Ex[] = [];
  for (const log of logs) {
    if (!log.hasTimeOfDay) continue;
    const m = claimed.get(log.logId);
    const f = logFold(log.logId);
    const kind = log.clientKind ?? (log.logId.startsWith('s') ? 'sme' : 'personal');
    const times = log.rows.map((r) => secondsOf(r.timestamp));
    for (let i = 0; i < log.rows.length; i++) {
      const row = log.rows[i];
      const a = Math.max(0, i - PACE_ROWS);
      const b = Math.min(log.rows.length - 1, i + PACE_ROWS);
      const pace = Math.max(60, (times[b] - times[a]) / Math.max(1, b - a));
      examples.push({ x: featuresOf(row, log.rows[i - 1], pace), type: `${kind}/${row.type}`, signal: m?.get(row.txn_id) ?? null, fold: f });
    }
  }
  const signals = [...new Set(injected.map((r) => r.signal))].sort();
  return signals.map((signal) => {
    const pos = examples.filter((e) => e.signal === signal);
    const typeCount = new Map<string, number>();
    for (const e of pos) typeCount.set(e.type, (typeCount.get(e.type) ?? 0) + 1);
    const neg = examples.filter((e) => e.signal === null && typeCount.has(e.type));
    const negCount = new Map<string, number>();
    for (const e of neg) negCount.set(e.type, (negCount.get(e.type) ?? 0) + 1);
    const weightOf = (e: Ex): number => (e.signal === null ? typeCount.get(e.type)! / negCount.get(e.type)! : 1);
    const base = { signal, injected_rows: pos.length, base_rows: neg.length };
    if (pos.length < MIN_INJECTED_ROWS || neg.length < MIN_INJECTED_ROWS) return { ...base, auc: null };
    const all = [...pos, ...neg];
    const scores: number[] = [];
    const labels: number[] = [];
    const weights: number[] = [];
    for (const f of [0, 1]) {
      const train = all.filter((e) => e.fold !== f);
      const test = all.filter((e) => e.fold === f);
      if (!test.length) continue;
      const model = fitLogistic(train.map((e) => e.x), train.map((e) => (e.signal === null ? 0 : 1)), { l2: 1, weights: train.map(weightOf) });
      for (const e of test) {
        scores.push(predictLogistic(model, e.x));
        labels.push(e.signal === null ? 0 : 1);
        weights.push(weightOf(e));
      }
    }
    return { ...base, auc: rocAuc(scores, labels, weights) };
  });
}
