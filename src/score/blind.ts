import type { Item } from '../schema/item.js';
import type { Prediction } from '../schema/prediction.js';
import { fitLogistic, logit, predictLogistic, type LogisticModel } from './logistic.js';

/**
 * Log-free ("blind") learners: they see a question's template, format and options, never the log. Trained on the
 * items of a calibration dataset, they measure how far answers can be had from option features alone (Balepur et
 * al., ACL 2024, "Artifacts or Abduction": choices-only baselines). A valid benchmark keeps them near chance.
 */
export const BLIND_LEARNERS = ['text-prior', 'rank-prior', 'position-length', 'choices-only'] as const;
export type BlindLearner = (typeof BLIND_LEARNERS)[number];

/** Pseudo-count of the smoothed rates: a rate seen n times is shrunk towards its prior by n / (n + SMOOTHING). */
const SMOOTHING = 4;

interface Rate {
  c: number;
  n: number;
}

/** Features of one option, computed from the item alone. */
interface OptionView {
  template: string;
  format: Item['format'];
  k: number;
  pos: number;
  text: string;
  lenRank: number;
  correct: boolean;
  /** Rank among the numeric option values (0 = smallest), when every option is a number. */
  rank: number | null;
  isMin: boolean;
  isMax: boolean;
  /** Relative gap to the next smaller / next larger value (by the range), 1 at an end. */
  gapLo: number;
  gapHi: number;
  /** log(value / median of the other values), clamped. */
  logRatioMed: number;
  /** The value nearest to the median of the others. */
  nearMedian: boolean;
}

/** The number an option states ("1234.56", "37.5%", "3.5 days"), or null. */
export function optionNumber(text: string): number | null {
  const m = /^-?\d+(?:\.\d+)?/.exec(text.trim().replace(/,/g, ''));
  return m ? Number(m[0]) : null;
}

function viewsOf(item: Item): OptionView[] {
  const k = item.options.length;
  const lens = item.options.map((o) => o.text.length);
  const sortedLens = [...lens].sort((a, b) => a - b);
  const values = item.options.map((o) => (item.format === 'calc' ? optionNumber(o.text) : null));
  const numeric = values.every((v) => v !== null);
  const sorted = numeric ? (values as number[]).slice().sort((a, b) => a - b) : [];
  const range = numeric ? sorted[sorted.length - 1] - sorted[0] || 1 : 1;
  const gold = new Set(item.answer);
  let nearestMedian = -1;
  if (numeric) {
    let best = Infinity;
    values.forEach((v, i) => {
      const others = (values as number[]).filter((_, j) => j !== i).sort((a, b) => a - b);
      const med = others[Math.floor(others.length / 2)];
      const d = Math.abs(v! - med);
      if (d < best) {
        best = d;
        nearestMedian = i;
      }
    });
  }
  return item.options.map((o, i) => {
    const v = values[i];
    const rank = numeric ? sorted.indexOf(v!) : null;
    const others = numeric ? (values as number[]).filter((_, j) => j !== i).sort((a, b) => a - b) : [];
    const med = others.length ? others[Math.floor(others.length / 2)] : 0;
    return {
      template: item.template.id,
      format: item.format,
      k,
      pos: i,
      text: o.text,
      lenRank: sortedLens.indexOf(lens[i]),
      correct: gold.has(o.key),
      rank,
      isMin: rank === 0,
      isMax: rank !== null && rank === k - 1,
      gapLo: rank === null ? 0 : rank === 0 ? 1 : (v! - sorted[rank - 1]) / range,
      gapHi: rank === null ? 0 : rank === k - 1 ? 1 : (sorted[rank + 1] - v!) / range,
      logRatioMed: numeric && v! > 0 && med > 0 ? Math.max(-3, Math.min(3, Math.log(v! / med))) : 0,
      nearMedian: numeric && nearestMedian === i,
    };
  });
}

/** Frequency tables of one training set. */
interface Tables {
  base: Map<string, Rate>;
  text: Map<string, Rate>;
  rank: Map<string, Rate>;
  pos: Map<string, Rate>;
  len: Map<string, Rate>;
  format: Map<string, Rate>;
}

const keyText = (o: OptionView): string => `${o.template}\u241f${o.text}`;
const keyRank = (o: OptionView): string => `${o.template}\u241f${o.k}\u241f${o.rank}`;
const keyPos = (o: OptionView): string => `${o.format}\u241f${o.k}\u241f${o.pos}`;
const keyLen = (o: OptionView): string => `${o.format}\u241f${o.k}\u241f${o.lenRank}`;

function bump(m: Map<string, Rate>, key: string, correct: boolean): void {
  const r = m.get(key);
  if (r) {
    r.n++;
    if (correct) r.c++;
  } else m.set(key, { c: correct ? 1 : 0, n: 1 });
}

function tablesOf(views: readonly OptionView[][]): Tables {
  const t: Tables = { base: new Map(), text: new Map(), rank: new Map(), pos: new Map(), len: new Map(), format: new Map() };
  for (const item of views) {
    for (const o of item) {
      bump(t.format, o.format, o.correct);
      bump(t.base, o.template, o.correct);
      bump(t.text, keyText(o), o.correct);
      if (o.rank !== null) bump(t.rank, keyRank(o), o.correct);
      bump(t.pos, keyPos(o), o.correct);
      bump(t.len, keyLen(o), o.correct);
    }
  }
  return t;
}

function rate(m: Map<string, Rate>, key: string, prior: number): number {
  const r = m.get(key);
  return r ? (r.c + SMOOTHING * prior) / (r.n + SMOOTHING) : prior;
}

/** The prior rates of one option under one set of tables. */
function priors(t: Tables, o: OptionView): { base: number; text: number; rank: number; posLen: number } {
  const fmt = rate(t.format, o.format, 1 / o.k);
  const base = rate(t.base, o.template, fmt);
  const pos = rate(t.pos, keyPos(o), fmt);
  const len = rate(t.len, keyLen(o), fmt);
  return {
    base,
    text: rate(t.text, keyText(o), base),
    rank: o.rank === null ? base : rate(t.rank, keyRank(o), base),
    posLen: sigmoidOf(logit(pos) + logit(len) - logit(fmt)),
  };
}

function sigmoidOf(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

function lrFeatures(t: Tables, o: OptionView): number[] {
  const p = priors(t, o);
  const lb = logit(p.base);
  return [
    lb,
    logit(p.text) - lb,
    logit(p.rank) - lb,
    logit(p.posLen) - lb,
    o.rank === null ? 0 : 1,
    o.isMin ? 1 : 0,
    o.isMax ? 1 : 0,
    o.nearMedian ? 1 : 0,
    o.gapLo,
    o.gapHi,
    Math.min(o.gapLo, o.gapHi),
    o.logRatioMed,
  ];
}

/** A trained set of blind learners. */
export interface BlindModel {
  tables: Tables;
  lr: Map<Item['format'], LogisticModel>;
  /** Items it was trained on. */
  n: number;
}

/** Salt of the inner folds (out-of-fold features), so they cut across the outer folds of `crossFitBlindPredictions`. */
const INNER = 'inner';

/**
 * The fold (0 or 1) of a log id: FNV-1a of the salt and id, then a multiply-xorshift so the bit is well mixed (the
 * low bit of FNV-1a alone is the parity of the characters). Items of one log always share a fold.
 */
export function logFold(logId: string, salt = ''): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < salt.length; i++) h = Math.imul(h ^ salt.charCodeAt(i), 0x01000193);
  for (let i = 0; i < logId.length; i++) h = Math.imul(h ^ logId.charCodeAt(i), 0x01000193);
  return (Math.imul(h ^ (h >>> 16), 0x45d9f3b) >>> 31) & 1;
}

/**
 * Trains every blind learner on calibration items (never the items to be answered). The logistic regression sees
 * out-of-fold prior features (tables built on the other half of the logs), so it learns how far a prior carries to
 * unseen logs rather than trusting rates measured on its own rows.
 */
export function trainBlind(items: readonly Item[]): BlindModel {
  const views = items.map(viewsOf);
  const tables = tablesOf(views);
  const folds = [0, 1].map((f) => tablesOf(views.filter((_, i) => logFold(items[i].log_id, INNER) !== f)));
  const lr = new Map<Item['format'], LogisticModel>();
  for (const format of ['single', 'multi', 'calc'] as const) {
    const xs: number[][] = [];
    const ys: number[] = [];
    views.forEach((item, i) => {
      if (items[i].format !== format) return;
      const t = folds[logFold(items[i].log_id, INNER)];
      for (const o of item) {
        xs.push(lrFeatures(t, o));
        ys.push(o.correct ? 1 : 0);
      }
    });
    if (xs.length) lr.set(format, fitLogistic(xs, ys, { l2: 1 }));
  }
  return { tables, lr, n: items.length };
}

/** Each option's estimated probability of being right under one learner. */
export function blindOptionScores(model: BlindModel, learner: BlindLearner, item: Item): number[] {
  const views = viewsOf(item);
  return views.map((o) => {
    const p = priors(model.tables, o);
    switch (learner) {
      case 'text-prior':
        return p.text;
      case 'rank-prior':
        return p.rank;
      case 'position-length':
        return p.posLen;
      case 'choices-only': {
        const m = model.lr.get(item.format);
        return m ? predictLogistic(m, lrFeatures(model.tables, o)) : p.text;
      }
    }
  });
}

/**
 * One learner's predictions: single and calc items take the best-scored option (the first on a tie); multi-select
 * items take every option scored at least one half, or the best one when none is.
 */
export function blindPredictions(model: BlindModel, learner: BlindLearner, items: readonly Item[]): Prediction[] {
  return items.map((item) => {
    // free-response numeric items have no options: a blind reader gives no value
    if (item.format === 'numeric' || item.options.length === 0) return { item_id: item.id, selected: [], status: 'answered' as const };
    const s = blindOptionScores(model, learner, item);
    let best = 0;
    for (let i = 1; i < s.length; i++) if (s[i] > s[best]) best = i;
    let selected = [item.options[best].key];
    if (item.format === 'multi') {
      const keep = item.options.filter((_, i) => s[i] >= 0.5).map((o) => o.key);
      if (keep.length) selected = keep;
    }
    return { item_id: item.id, selected, status: 'answered' as const };
  });
}

/**
 * Cross-fitted blind predictions on one dataset, for `cclupe score --baseline blind`: the items of each half of the
 * logs are answered by learners trained on the other half only, so no item is ever answered by a model that saw it.
 */
export function crossFitBlindPredictions(items: readonly Item[], learner: BlindLearner = 'choices-only'): Prediction[] {
  const byFold = [0, 1].map((f) => items.filter((it) => logFold(it.log_id) === f));
  const out = new Map<string, Prediction>();
  for (const f of [0, 1]) {
    const train = byFold[1 - f];
    if (train.length === 0 || byFold[f].length === 0) continue;
    for (const p of blindPredictions(trainBlind(train), learner, byFold[f])) out.set(p.item_id, p);
  }
  // a dataset of one log has nothing to learn from: its items get the untrained model (format priors only)
  const untrained = trainBlind([]);
  return items.map((it) => out.get(it.id) ?? blindPredictions(untrained, learner, [it])[0]);
}
