import type { Item } from '../schema/item.js';
import type { Log } from '../schema/log-row.js';
import type { Prediction } from '../schema/prediction.js';
import type { RunScores, Table3Row } from '../schema/results.js';
import { baselinePredictions } from '../score/baselines.js';
import { BLIND_LEARNERS, blindPredictions, optionNumber, trainBlind, type BlindLearner, type BlindModel } from '../score/blind.js';
import { scoreRun } from '../score/score-run.js';
import { TEMPLATES } from '../questions/templates/index.js';
import { resolveFace } from '../questions/template.js';
import { injectionSeparation, type InjectedRows, type InjectionSeparation } from './injection.js';
import { otherLogPredictions, type OracleLog } from './other-log.js';
import { binomialZ, chiSquareUniform } from './stats.js';
import { chanceScores, chanceSizes } from './chance.js';
import { GATES } from './gates.js';

/** Everything the audit reads: the dataset's items and logs, and the calibration items (another seed). */
export interface AuditInput {
  items: readonly Item[];
  calibration: readonly Item[];
  /** The dataset's logs with profile and client kind (for the other-log oracle and the face check). */
  logs: readonly OracleLog[];
  /** Rows each injected signal put into each log (labels' evidence of injected signals). */
  injected: readonly InjectedRows[];
  seed: string;
}

/** One row of the per-template leak table. */
export interface LeakRow {
  template: string;
  format: Item['format'];
  n: number;
  /** Chance accuracy: 1/k for single and calc; for multi, the majority rate of its option decisions. */
  chance: number;
  /** Accuracy per learner (exact match for single and calc; option decisions for multi). */
  accuracy: Record<BlindLearner | 'other-log', number>;
  /** Binomial z of the best learner's accuracy against chance. */
  z: number;
  best: BlindLearner | 'other-log';
  /** calc: items with the gold at each rank of the sorted option values (smallest first), and the chi-square p. */
  gold_rank?: { counts: number[]; p: number };
  /** single: the most frequent answer texts with their shares, and the limit 1/k + 0.10. */
  answer_classes?: { top: Array<{ text: string; share: number }>; limit: number };
  /** multi: option texts right in fewer than 20% or more than 80% of their appearances, and the correct-count spread. */
  option_rates?: { outside: Array<{ text: string; n: number; rate: number }>; correct_counts: number[] };
}

/** One gate: what it measures, its value, the limit and whether it passes. */
export interface GateResult {
  id: string;
  measure: string;
  value: number;
  limit: string;
  pass: boolean;
  detail?: string;
}

/** The audit's result. */
export interface ValidityReport {
  items: number;
  calibration_items: number;
  logs: number;
  /**
   * CCLUPE Table 3 rows (fractions): oracle, random (one seeded draw, as `score --baseline random` gives), chance (the
   * exact expected score of guessing, `chanceScores`: the gates' reference), each learner, the other-log oracle.
   */
  rows: Array<{ method: string; table3: Table3Row }>;
  best_learner: BlindLearner;
  leaks: LeakRow[];
  face_violations: { items: number; examples: string[] };
  injection: InjectionSeparation[];
  gates: GateResult[];
  pass: boolean;
}

const round = (x: number, d = 4): number => Math.round(x * 10 ** d) / 10 ** d;

function monthsCovered(log: Log): number {
  if (!log.rows.length) return 0;
  const a = log.rows[0].timestamp;
  const b = log.rows[log.rows.length - 1].timestamp;
  return (+b.slice(0, 4) - +a.slice(0, 4)) * 12 + (+b.slice(5, 7) - +a.slice(5, 7)) + 1;
}

/** Items with a calc option outside the template's face bounds (a count beyond the months covered, a share above 100%…). */
export function faceViolations(items: readonly Item[], logs: ReadonlyMap<string, Log>): { items: number; examples: string[] } {
  const faces = new Map(TEMPLATES.map((t) => [t.id, t.face]));
  let n = 0;
  const examples: string[] = [];
  for (const it of items) {
    if (it.format !== 'calc') continue;
    const log = logs.get(it.log_id);
    const { min, max } = resolveFace(faces.get(it.template.id), log ? monthsCovered(log) : Infinity);
    const bad = it.options.filter((o) => {
      const v = optionNumber(o.text);
      return v !== null && (v < min || v > max);
    });
    if (bad.length) {
      n++;
      if (examples.length < 10) examples.push(`${it.id} (${it.template.id}): ${bad.map((o) => o.text).join(', ')} outside [${min}, ${max}]`);
    }
  }
  return { items: n, examples };
}

function exact(item: Item, p: Prediction): boolean {
  const s = [...(p.selected ?? [])].sort().join(',');
  return s === [...item.answer].sort().join(',');
}

/** The per-template leak table. */
function leakTable(items: readonly Item[], model: BlindModel, preds: Map<BlindLearner | 'other-log', Prediction[]>): LeakRow[] {
  const byTemplate = new Map<string, number[]>();
  items.forEach((it, i) => {
    const g = byTemplate.get(it.template.id);
    if (g) g.push(i);
    else byTemplate.set(it.template.id, [i]);
  });
  const rows: LeakRow[] = [];
  for (const [template, idx] of [...byTemplate].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const format = items[idx[0]].format;
    const accuracy = {} as LeakRow['accuracy'];
    let chance: number;
    let trials: number;
    if (format === 'multi') {
      // option decisions: a learner selects what it scores ≥ ½ (or its prediction), chance = the majority rate
      let right = 0;
      let total = 0;
      for (const i of idx) {
        const gold = new Set(items[i].answer);
        for (const o of items[i].options) if (gold.has(o.key)) right++;
        total += items[i].options.length;
      }
      chance = Math.max(right / total, 1 - right / total);
      trials = total;
      for (const [name, p] of preds) {
        let ok = 0;
        for (const i of idx) {
          const gold = new Set(items[i].answer);
          const sel = new Set(p[i].selected ?? []);
          for (const o of items[i].options) if (gold.has(o.key) === sel.has(o.key)) ok++;
        }
        accuracy[name] = round(ok / total);
      }
    } else {
      chance = idx.reduce((a, i) => a + 1 / items[i].options.length, 0) / idx.length;
      trials = idx.length;
      for (const [name, p] of preds) accuracy[name] = round(idx.filter((i) => exact(items[i], p[i])).length / idx.length);
    }
    let best: LeakRow['best'] = 'choices-only';
    for (const name of preds.keys()) if (accuracy[name] > accuracy[best]) best = name;
    const row: LeakRow = {
      template,
      format,
      n: idx.length,
      chance: round(chance),
      accuracy,
      z: round(binomialZ(Math.round(accuracy[best] * trials), trials, chance), 2),
      best,
    };
    if (format === 'calc') {
      const counts = [0, 0, 0, 0];
      for (const i of idx) {
        const it = items[i];
        const vals = it.options.map((o) => optionNumber(o.text) ?? NaN);
        const g = vals[it.options.findIndex((o) => o.key === it.answer[0])];
        counts[Math.min(3, vals.filter((v) => v < g).length)]++;
      }
      row.gold_rank = { counts, p: round(chiSquareUniform(counts).p, 6) };
    } else if (format === 'single') {
      const tally = new Map<string, number>();
      for (const i of idx) {
        const it = items[i];
        const text = it.options.find((o) => o.key === it.answer[0])!.text;
        tally.set(text, (tally.get(text) ?? 0) + 1);
      }
      const top = [...tally].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 3);
      row.answer_classes = { top: top.map(([text, c]) => ({ text, share: round(c / idx.length) })), limit: round(chance + 0.1) };
    } else {
      const seen = new Map<string, { n: number; c: number }>();
      const counts = [0, 0, 0, 0, 0];
      for (const i of idx) {
        const it = items[i];
        counts[Math.min(4, it.answer.length)]++;
        const gold = new Set(it.answer);
        for (const o of it.options) {
          const s = seen.get(o.text) ?? { n: 0, c: 0 };
          s.n++;
          if (gold.has(o.key)) s.c++;
          seen.set(o.text, s);
        }
      }
      const outside = [...seen]
        .filter(([, s]) => s.n >= GATES.multiMinAppearances && (s.c / s.n > GATES.multiMaxRate || s.c / s.n < GATES.multiMinRate))
        .map(([text, s]) => ({ text, n: s.n, rate: round(s.c / s.n) }))
        .sort((a, b) => b.n - a.n);
      row.option_rates = { outside, correct_counts: counts.slice(1) };
    }
    rows.push(row);
  }
  void model;
  return rows;
}

/**
 * The validity audit: trains the blind learners on the calibration items, answers the dataset's items with them and
 * with the other-log oracle, scores every row with the project's scorer, and evaluates the gates (`gates.ts`).
 */
export function runValidityAudit(input: AuditInput): ValidityReport {
  const { items, seed } = input;
  const model = trainBlind(input.calibration);
  const score = (label: string, preds: Prediction[]): RunScores => scoreRun(items, preds, {}, { label, bootstrap: false });
  const runs: Array<{ method: string; scores: RunScores }> = [];
  runs.push({ method: 'oracle', scores: score('oracle', baselinePredictions('oracle', items)) });
  runs.push({ method: 'random', scores: score('random', baselinePredictions('random', items, { seed })) });
  // chance is the exact expectation of random guessing (sized on the calibration items), not one noisy draw
  runs.push({ method: 'chance', scores: chanceScores(items, chanceSizes(input.calibration)) });
  const preds = new Map<BlindLearner | 'other-log', Prediction[]>();
  for (const l of BLIND_LEARNERS) {
    const p = blindPredictions(model, l, items);
    preds.set(l, p);
    runs.push({ method: `blind:${l}`, scores: score(`blind:${l}`, p) });
  }
  const other = otherLogPredictions(items, input.logs, seed);
  preds.set('other-log', other);
  runs.push({ method: 'other-log-oracle', scores: score('other-log-oracle', other) });
  const t3 = (m: string): Table3Row => runs.find((r) => r.method === m)!.scores.table3;
  let best: BlindLearner = BLIND_LEARNERS[0];
  for (const l of BLIND_LEARNERS) if (t3(`blind:${l}`).avg! > t3(`blind:${best}`).avg!) best = l;
  const leaks = leakTable(items, model, preds);
  const logMap = new Map(input.logs.map((l) => [l.log.logId, l.log]));
  const face = faceViolations(items, logMap);
  const profileOf = new Map(input.logs.map((l) => [l.log.logId, l.profile]));
  const injection = injectionSeparation(input.logs.map((l) => l.log), input.injected, { profileOf: (id) => profileOf.get(id) });
  const gates = evaluateGates({ t3, best, leaks, face: face.items, injection });
  return {
    items: items.length,
    calibration_items: input.calibration.length,
    logs: input.logs.length,
    rows: runs.map((r) => ({ method: r.method, table3: r.scores.table3 })),
    best_learner: best,
    leaks,
    face_violations: face,
    injection,
    gates,
    pass: gates.every((g) => g.pass),
  };
}

function evaluateGates(a: {
  t3: (m: string) => Table3Row;
  best: BlindLearner;
  leaks: LeakRow[];
  face: number;
  injection: InjectionSeparation[];
}): GateResult[] {
  const pts = (x: number | null | undefined): number => round((x ?? 0) * 100, 2);
  // the reference is chance: the expected score of the best selection that reads neither the log nor the options
  // (`chance.ts`); on single and calc items it is random's expectation, on multi items it beats random's uniform
  // subset by picking as many options as pays. An expectation, not a draw: the margins carry no guessing noise.
  const chance = a.t3('chance');
  const best = a.t3(`blind:${a.best}`);
  const out: GateResult[] = [];
  out.push({
    id: 'blind-avg',
    measure: `best log-free learner (${a.best}) Avg − chance Avg, points`,
    value: round(pts(best.avg) - pts(chance.avg), 2),
    limit: `≤ ${GATES.blindAvgPoints}`,
    pass: pts(best.avg) - pts(chance.avg) <= GATES.blindAvgPoints,
  });
  out.push({ id: 'blind-logscore', measure: `best log-free learner (${a.best}) LogScore ×100`, value: pts(best.logScore), limit: `≤ ${GATES.blindLogScore}`, pass: pts(best.logScore) <= GATES.blindLogScore });
  for (const [col, name] of [['sin', 'single'], ['mul', 'multi'], ['cal', 'calc']] as const) {
    let worst = -Infinity;
    let who = '';
    for (const l of BLIND_LEARNERS) {
      const d = pts(a.t3(`blind:${l}`)[col]) - pts(chance[col]);
      if (d > worst) {
        worst = d;
        who = l;
      }
    }
    out.push({ id: `blind-${name}`, measure: `best log-free learner on ${name} items (${who}) − chance, points`, value: round(worst, 2), limit: `≤ ${GATES.blindAvgPoints}`, pass: worst <= GATES.blindAvgPoints });
  }
  const other = pts(a.t3('other-log-oracle').avg) - pts(chance.avg);
  out.push({ id: 'other-log', measure: 'other-log oracle Avg − chance Avg, points', value: round(other, 2), limit: `≤ ${GATES.otherLogPoints}`, pass: other <= GATES.otherLogPoints });
  const rankFails = a.leaks.filter((r) => r.gold_rank && r.n >= GATES.rankMinItems && r.gold_rank.p <= GATES.rankMinP);
  out.push({
    id: 'calc-rank',
    measure: `calc templates (n ≥ ${GATES.rankMinItems}) whose gold rank fails chi-square p > ${GATES.rankMinP}`,
    value: rankFails.length,
    limit: '0',
    pass: rankFails.length === 0,
    ...(rankFails.length ? { detail: rankFails.map((r) => `${r.template} (p=${r.gold_rank!.p.toExponential(1)})`).join(', ') } : {}),
  });
  const classFails = a.leaks.filter((r) => r.answer_classes && r.n >= GATES.classMinItems && r.answer_classes.top[0].share > r.answer_classes.limit);
  out.push({
    id: 'single-classes',
    measure: `single templates (n ≥ ${GATES.classMinItems}) with an answer text above 1/k + 0.10 of their items`,
    value: classFails.length,
    limit: '0',
    pass: classFails.length === 0,
    ...(classFails.length ? { detail: classFails.map((r) => `${r.template} ("${r.answer_classes!.top[0].text}" ${Math.round(r.answer_classes!.top[0].share * 100)}%)`).join(', ') } : {}),
  });
  const multiFails = a.leaks.filter((r) => r.option_rates && r.option_rates.outside.length > 0);
  out.push({
    id: 'multi-rates',
    measure: `multi templates with an option text right in < ${GATES.multiMinRate * 100}% or > ${GATES.multiMaxRate * 100}% of its appearances (n ≥ ${GATES.multiMinAppearances})`,
    value: multiFails.length,
    limit: '0',
    pass: multiFails.length === 0,
    ...(multiFails.length ? { detail: multiFails.map((r) => `${r.template} (${r.option_rates!.outside.length})`).join(', ') } : {}),
  });
  out.push({ id: 'face', measure: 'items with an option impossible on its face', value: a.face, limit: '0', pass: a.face === 0 });
  const aucs = a.injection.filter((s) => s.auc !== null);
  const worstAuc = aucs.reduce((m, s) => Math.max(m, s.auc!), 0.5);
  const aucFails = aucs.filter((s) => s.auc! > GATES.injectionAuc);
  out.push({
    id: 'injection-auc',
    measure: 'injected vs base rows on timing and rounding, worst signal AUC',
    value: round(worstAuc, 3),
    limit: `≤ ${GATES.injectionAuc}`,
    pass: aucFails.length === 0,
    ...(aucFails.length ? { detail: aucFails.map((s) => `${s.signal} ${s.auc!.toFixed(3)}`).join(', ') } : {}),
  });
  const oracle = a.t3('oracle');
  const oracleOk = oracle.avg === 1 && oracle.logScore === 1;
  out.push({ id: 'oracle', measure: 'oracle Avg and LogScore ×100', value: pts(oracle.avg), limit: '= 100', pass: oracleOk });
  return out;
}
