import { clusterBootstrap, DEFAULT_BOOTSTRAP } from '../score/bootstrap.js';
import { isExactMatch, scoreItem } from '../score/item-score.js';
import type { Item } from '../schema/item.js';
import type { PerturbRecord } from '../schema/perturb-manifest.js';
import type { Prediction } from '../schema/prediction.js';
import type { ScoreInterval } from '../schema/results.js';
import { INTEGRITY_TEMPLATE_ID } from './integrity.js';

/** Inputs of a robustness analysis: the clean and perturbed runs on their datasets, and the perturbation records. */
export interface RobustnessInput {
  cleanItems: readonly Item[];
  cleanPredictions: readonly Prediction[];
  perturbedItems: readonly Item[];
  perturbedPredictions: readonly Prediction[];
  records: readonly PerturbRecord[];
}

/** Options: the item-score penalty and the bootstrap. */
export interface RobustnessOptions {
  lambda?: number;
  bootstrap?: { seed: string; replicates: number; level: number } | false;
}

/** Robustness of one operator (all severities pooled, or one severity). */
export interface RobustnessRow {
  op: string;
  kind: 'preserving' | 'corrupting';
  /** Severity, or null for all severities pooled. */
  severity: number | null;
  /** Perturbed logs of this group. */
  logs: number;
  /** Paired items: a perturbed item that repeats a clean one, both scored with S_item. */
  pairs: number;
  /** Mean S_item on the clean items and on their perturbed copies. */
  clean: number | null;
  perturbed: number | null;
  /** Mean paired difference perturbed − clean (negative: the model got worse). */
  delta: number | null;
  /** Cluster-bootstrap CI of `delta`, resampling source logs (items of one log travel together). */
  delta_ci: ScoreInterval | null;
  /** Share of paired items whose selected set changed. */
  changed: number | null;
  /** Integrity items: count, exact-match accuracy and mean S_item. */
  integrity: { items: number; accuracy: number; score: number } | null;
  /** Items of this group with no prediction (scored as an empty selection). */
  missing: number;
}

/** The whole analysis: one row per operator (pooled) followed by its per-severity rows, in record order. */
export interface RobustnessReport {
  lambda: number;
  bootstrap: { seed: string; replicates: number; level: number } | null;
  rows: RobustnessRow[];
}

function keyOf(sel: readonly string[] | undefined): string {
  return [...new Set(sel ?? [])].sort().join(',');
}

interface Pair {
  cluster: number;
  clean: number;
  perturbed: number;
  changed: boolean;
}

/**
 * Per operator: the paired score difference on repeated items with a cluster-bootstrap CI over source logs, the
 * share of answers that changed, and integrity-item accuracy (SPEC §9). Works on any predictions: eval runs or the
 * offline baselines. Free-response numeric items are left out (S_item needs option keys).
 */
export function analyzeRobustness(input: RobustnessInput, options: RobustnessOptions = {}): RobustnessReport {
  const lambda = options.lambda ?? 2;
  const boot = options.bootstrap === false ? null : (options.bootstrap ?? DEFAULT_BOOTSTRAP);
  const cleanById = new Map(input.cleanItems.map((i) => [i.id, i]));
  const perturbedById = new Map(input.perturbedItems.map((i) => [i.id, i]));
  const cleanPred = new Map(input.cleanPredictions.map((p) => [p.item_id, p]));
  const pertPred = new Map(input.perturbedPredictions.map((p) => [p.item_id, p]));
  const groups = new Map<string, { op: string; kind: RobustnessRow['kind']; severity: number | null; records: PerturbRecord[] }>();
  for (const r of input.records) {
    if (r.status !== 'applied') continue;
    const step = r.steps[0];
    const op = r.steps.map((s) => s.op).join('+');
    const kind = r.preserving ? 'preserving' : 'corrupting';
    for (const severity of [null, step.severity]) {
      const key = `${op}\u0000${severity ?? 'all'}`;
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { op, kind, severity, records: [] }));
      g.records.push(r);
    }
  }
  const rows: RobustnessRow[] = [];
  for (const g of groups.values()) {
    const pairs: Pair[] = [];
    const clusters = new Map<string, number>();
    let missing = 0;
    const integrity = { items: 0, exact: 0, score: 0 };
    for (const r of g.records) {
      for (const ref of r.items ?? []) {
        const item = perturbedById.get(ref.id);
        if (!item || item.format === 'numeric' || item.answer.length === 0) continue;
        const pp = pertPred.get(ref.id);
        if (!pp) missing++;
        const selP = pp?.selected ?? [];
        if (ref.source_id === null) {
          if (item.template.id !== INTEGRITY_TEMPLATE_ID) continue;
          integrity.items++;
          integrity.score += scoreItem(item.answer, selP, { lambda });
          if (isExactMatch(item.answer, selP)) integrity.exact++;
          continue;
        }
        const src = cleanById.get(ref.source_id);
        if (!src || src.answer.length === 0) continue;
        const cp = cleanPred.get(ref.source_id);
        if (!cp) missing++;
        const selC = cp?.selected ?? [];
        let cluster = clusters.get(r.source_log_id);
        if (cluster === undefined) clusters.set(r.source_log_id, (cluster = clusters.size));
        pairs.push({
          cluster,
          clean: scoreItem(src.answer, selC, { lambda }),
          perturbed: scoreItem(item.answer, selP, { lambda }),
          changed: keyOf(selC) !== keyOf(selP),
        });
      }
    }
    const n = pairs.length;
    const mean = (f: (p: Pair) => number): number | null => (n === 0 ? null : pairs.reduce((s, p) => s + f(p), 0) / n);
    let ci: ScoreInterval | null = null;
    if (n > 0 && boot) {
      const k = clusters.size;
      const sums = new Float64Array(k);
      const counts = new Float64Array(k);
      for (const p of pairs) {
        sums[p.cluster] += p.perturbed - p.clean;
        counts[p.cluster]++;
      }
      const purpose = `robustness\u241f${g.op}\u241f${g.severity ?? 'all'}`;
      ci = clusterBootstrap(k, ['delta'], (w) => {
        let s = 0;
        let c = 0;
        for (let i = 0; i < k; i++) {
          s += w[i] * sums[i];
          c += w[i] * counts[i];
        }
        return Float64Array.of(c === 0 ? NaN : s / c);
      }, { ...boot, purpose }).delta ?? null;
    }
    rows.push({
      op: g.op,
      kind: g.kind,
      severity: g.severity,
      logs: g.records.length,
      pairs: n,
      clean: mean((p) => p.clean),
      perturbed: mean((p) => p.perturbed),
      delta: mean((p) => p.perturbed - p.clean),
      delta_ci: ci,
      changed: mean((p) => (p.changed ? 1 : 0)),
      integrity: integrity.items === 0 ? null : { items: integrity.items, accuracy: integrity.exact / integrity.items, score: integrity.score / integrity.items },
      missing,
    });
  }
  return { lambda, bootstrap: boot ? { seed: boot.seed, replicates: boot.replicates, level: boot.level } : null, rows };
}

function pct(x: number | null): string {
  return x === null ? '–' : (x * 100).toFixed(1);
}

/** The report as a Markdown table: scores ×100, one decimal. */
export function formatRobustnessTable(r: RobustnessReport): string {
  const lines = [
    '| operator | kind | sev | logs | pairs | clean | perturbed | Δ | 95% CI of Δ | changed % | integrity acc % | integrity S |',
    '|---|---|---|---:|---:|---:|---:|---:|---|---:|---:|---:|',
  ];
  for (const row of r.rows) {
    const ci = row.delta_ci ? `[${pct(row.delta_ci.lo)}, ${pct(row.delta_ci.hi)}]` : '–';
    lines.push(
      `| ${row.op} | ${row.kind} | ${row.severity ?? 'all'} | ${row.logs} | ${row.pairs} | ${pct(row.clean)} | ${pct(row.perturbed)} | ${pct(row.delta)} | ${ci} | ${pct(row.changed)} | ${row.integrity ? pct(row.integrity.accuracy) : '–'} | ${row.integrity ? pct(row.integrity.score) : '–'} |`,
    );
  }
  return lines.join('\n');
}
