import { CclupeError } from '../errors.js';
import type { ItemScore, McNemarResult, PairedComparison, RunScores } from '../schema/results.js';
import { accumulateByLog, aggregatesFrom, METRIC_NAMES, metricsOf, metricVector, sumVectors } from './accumulate.js';

/** Summary (5) + Table 3 columns other than LogScore (8): the metrics whose differences get CIs. */
const PAIRED_METRICS = 13;
import { clusterBootstrap, DEFAULT_BOOTSTRAP, type BootstrapOptions } from './bootstrap.js';
import { mcnemarExact } from './mcnemar.js';

/** Options of `comparePaired`: bootstrap settings, or `false` for no CIs. */
export interface CompareOptions {
  bootstrap?: Partial<BootstrapOptions> | false;
}

function sameParams(a: RunScores, b: RunScores): boolean {
  return (
    a.params.lambda === b.params.lambda &&
    a.params.eta === b.params.eta &&
    a.params.delta === b.params.delta &&
    a.params.numericTolerance === b.params.numericTolerance
  );
}

/** 2×2 correctness table of paired items and its exact McNemar p-value. */
export function mcnemarFromPairs(
  pairs: ReadonlyArray<readonly [boolean, boolean]>,
  scope: McNemarResult['scope'],
): McNemarResult {
  let bothCorrect = 0;
  let onlyA = 0;
  let onlyB = 0;
  let bothWrong = 0;
  for (const [a, b] of pairs) {
    if (a && b) bothCorrect++;
    else if (a) onlyA++;
    else if (b) onlyB++;
    else bothWrong++;
  }
  return { scope, n: pairs.length, bothCorrect, onlyA, onlyB, bothWrong, pValue: mcnemarExact(onlyA, onlyB) };
}

/**
 * Compares run B against run A on the items both scored (matched by item id): B − A for every summary and Table 3
 * metric, a paired cluster bootstrap CI of each difference (one draw of logs applied to both runs, clustered by A's
 * log ids), and exact McNemar tests on single-choice correctness and on exact-match correctness of all shared items.
 * Both runs must have been scored with the same parameters.
 */
export function comparePaired(a: RunScores, b: RunScores, options: CompareOptions = {}): PairedComparison {
  if (!sameParams(a, b)) {
    throw new CclupeError('comparePaired requires both runs scored with the same lambda, eta, delta and numericTolerance');
  }
  const bById = new Map(b.items.map((i) => [i.item_id, i]));
  const aIds = new Set(a.items.map((i) => i.item_id));
  const sharedA: ItemScore[] = [];
  const sharedB: ItemScore[] = [];
  for (const ia of a.items) {
    const ib = bById.get(ia.item_id);
    if (!ib) continue;
    sharedA.push(ia);
    // Cluster by A's log id so that both runs are resampled by the same logs even if B renamed them.
    sharedB.push({ ...ib, log_id: ia.log_id });
  }
  if (sharedA.length === 0) throw new CclupeError('comparePaired requires the two runs to share at least one item');
  const params = a.params;
  const accA = accumulateByLog(sharedA);
  const accB = accumulateByLog(sharedB);
  const aggA = aggregatesFrom(sumVectors(accA.vectors), params);
  const aggB = aggregatesFrom(sumVectors(accB.vectors), params);
  const diff = (x: Record<string, number | null>, y: Record<string, number | null>): Record<string, number | null> => {
    const out: Record<string, number | null> = {};
    for (const key of Object.keys(x)) out[key] = x[key] === null || y[key] === null ? null : y[key]! - x[key]!;
    return out;
  };
  const boot = options.bootstrap === false ? null : { ...DEFAULT_BOOTSTRAP, ...options.bootstrap };
  let ci: PairedComparison['ci'] = {};
  if (boot && boot.replicates > 0) {
    // Only the summary and Table 3 metrics (the first names of METRIC_NAMES) are compared.
    const names = METRIC_NAMES.slice(0, PAIRED_METRICS);
    ci = clusterBootstrap(
      accA.vectors.length,
      names,
      (w) => {
        const x = metricVector(sumVectors(accA.vectors, w), params);
        const y = metricVector(sumVectors(accB.vectors, w), params);
        const d = new Float64Array(names.length);
        for (let i = 0; i < names.length; i++) d[i] = y[i] - x[i];
        return d;
      },
      { ...boot, purpose: 'paired' },
    );
  }
  const pairs = sharedA.map((ia, i) => [ia, sharedB[i]] as const);
  return {
    schema: 'cclupe-compare/1',
    labelA: a.label,
    labelB: b.label,
    params: { ...params },
    items: sharedA.length,
    logs: accA.logIds.length,
    onlyInA: a.items.length - sharedA.length,
    onlyInB: b.items.filter((i) => !aIds.has(i.item_id)).length,
    a: aggA.summary,
    b: aggB.summary,
    tableA: aggA.table3,
    tableB: aggB.table3,
    delta: diff(metricsOf(aggA), metricsOf(aggB)),
    ci,
    bootstrap:
      boot && boot.replicates > 0
        ? { method: 'cluster-percentile', unit: 'log', seed: boot.seed, replicates: boot.replicates, level: boot.level }
        : null,
    mcnemar: mcnemarFromPairs(
      pairs.filter(([x]) => x.format === 'single').map(([x, y]) => [x.correct, y.correct] as const),
      'single',
    ),
    mcnemarAll: mcnemarFromPairs(pairs.map(([x, y]) => [x.correct, y.correct] as const), 'all'),
  };
}
