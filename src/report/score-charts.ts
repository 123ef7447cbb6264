import type { TopLevelSpec } from 'vega-lite';
import { DOMAIN_TITLES, DIFFICULTY_TITLES } from '../questions/taxonomy.js';
import { DIFFICULTIES, DOMAINS } from '../schema/item.js';
import type { RunScores, ScoreCounts } from '../schema/results.js';
import { SUB_DOMAINS, SUB_DOMAIN_TITLES } from '../schema/signal-id.js';
import { TABLE3_KEYS, TABLE3_TITLES } from '../score/table-columns.js';
import { barChartSpec, type ChartBar } from './bar-chart.js';

/** Colours of the Table 3 column groups (vega's default tableau10 blue, teal, orange). */
const TABLE3_GROUPS = { domain: ['cognition', 'format', 'overall'], range: ['#4c78a8', '#72b7b2', '#f58518'] };
const TABLE3_GROUP_OF: Readonly<Record<(typeof TABLE3_KEYS)[number], string>> = {
  mem: 'cognition',
  com: 'cognition',
  ana: 'cognition',
  eva: 'cognition',
  sin: 'format',
  mul: 'format',
  cal: 'format',
  avg: 'overall',
  logScore: 'overall',
};

/** Statuses drawn in the status chart, in order; `empty` and `missing` only when they occur. */
const STATUS_BARS: ReadonlyArray<{ key: keyof ScoreCounts; always: boolean; color: string }> = [
  { key: 'answered', always: true, color: '#54a24b' },
  { key: 'empty', always: false, color: '#9d9d9d' },
  { key: 'invalid', always: true, color: '#e45756' },
  { key: 'no_answer', always: true, color: '#f58518' },
  { key: 'truncated', always: true, color: '#eeca3b' },
  { key: 'error', always: true, color: '#9e1b1b' },
  { key: 'missing', always: false, color: '#bab0ac' },
];

const pct = (x: number | null | undefined): number | null => (x === null || x === undefined ? null : 100 * x);

/** A score bar ×100 with the bootstrap CI of `ciKey` when the run has one. */
function scoreBar(scores: RunScores, label: string, value: number | null, ciKey: string, group?: string): ChartBar {
  const bar: ChartBar = { label, value: pct(value) };
  if (group !== undefined) bar.group = group;
  const ci = scores.ci[ciKey];
  if (ci && value !== null) {
    bar.lo = 100 * ci.lo;
    bar.hi = 100 * ci.hi;
  }
  return bar;
}

/** One line saying what the error bars are, or that there are none. */
export function ciCaption(scores: RunScores): string {
  const b = scores.bootstrap;
  if (!b) return 'No confidence intervals: the bootstrap was off.';
  return `Error bars: ${Math.round(100 * b.level)}% cluster-bootstrap confidence intervals (${b.replicates} resamples of whole logs, seed "${b.seed}").`;
}

const GROUP_SUBTITLE = 'mean S_item ×100 (items in brackets)';

/** Bar chart of the CCLUPE Table 3 row (Mem. … Cal., Avg., LogScore), ×100, with bootstrap CIs when present. */
export function table3ChartSpec(scores: RunScores): TopLevelSpec {
  const bars = TABLE3_KEYS.map((k) => scoreBar(scores, TABLE3_TITLES[k], scores.table3[k], k, TABLE3_GROUP_OF[k]));
  return barChartSpec(bars, {
    title: 'CCLUPE Table 3 (×100)',
    subtitle: 'Avg. = S_unbiased, LogScore = L (CCLUPE Eqs. 4, 6)',
    orient: 'vertical',
    valueTitle: 'score ×100',
    valueDomain: [0, 100],
    colors: TABLE3_GROUPS,
    step: 52,
  });
}

/** Horizontal bars of the mean score per knowledge domain (n items in brackets), with CIs when present. */
export function domainChartSpec(scores: RunScores): TopLevelSpec {
  const byKey = new Map(scores.byDomain.map((g) => [g.key, g]));
  const bars = DOMAINS.map((d) => {
    const g = byKey.get(d);
    return scoreBar(scores, `${DOMAIN_TITLES[d]} (${g?.n ?? 0})`, g?.mean ?? null, `domain:${d}`);
  });
  return barChartSpec(bars, {
    title: 'By knowledge domain',
    subtitle: GROUP_SUBTITLE,
    orient: 'horizontal',
    valueTitle: 'score ×100',
    valueDomain: [0, 100],
    colors: '#4c78a8',
  });
}

/** Horizontal bars of CCLUPE Table A12: mean score per risk-signal sub-domain (n items in brackets). */
export function subDomainChartSpec(scores: RunScores): TopLevelSpec {
  const n = new Map<string, number>();
  for (const it of scores.items) n.set(it.sub_domain, (n.get(it.sub_domain) ?? 0) + 1);
  const bars = SUB_DOMAINS.map((s) => scoreBar(scores, `${SUB_DOMAIN_TITLES[s]} (${n.get(s) ?? 0})`, scores.tableA12[s] ?? null, `subDomain:${s}`));
  return barChartSpec(bars, {
    title: 'By sub-domain (Table A12)',
    subtitle: GROUP_SUBTITLE,
    orient: 'horizontal',
    valueTitle: 'score ×100',
    valueDomain: [0, 100],
    colors: '#54a24b',
  });
}

/** Bars of the mean score per difficulty (Low, Medium, High; n items in brackets). */
export function difficultyChartSpec(scores: RunScores): TopLevelSpec {
  const byKey = new Map(scores.byDifficulty.map((g) => [g.key, g]));
  const bars = DIFFICULTIES.map((d) => {
    const g = byKey.get(d);
    return scoreBar(scores, `${DIFFICULTY_TITLES[d]} (${g?.n ?? 0})`, g?.mean ?? null, `difficulty:${d}`);
  });
  return barChartSpec(bars, {
    title: 'By difficulty',
    subtitle: GROUP_SUBTITLE,
    orient: 'vertical',
    valueTitle: 'score ×100',
    valueDomain: [0, 100],
    colors: '#b279a2',
    step: 70,
  });
}

/** Bars of how many items ended in each answer status (answered, invalid, no_answer, truncated, error, …). */
export function statusChartSpec(counts: ScoreCounts): TopLevelSpec {
  const shown = STATUS_BARS.filter((s) => s.always || counts[s.key] > 0);
  const bars: ChartBar[] = shown.map((s) => ({ label: s.key, value: counts[s.key], group: s.key }));
  return barChartSpec(bars, {
    title: 'Answer status',
    subtitle: `${counts.items} items, ${counts.unparseable} unparseable (scored as an empty selection)`,
    orient: 'horizontal',
    valueTitle: 'items',
    integer: true,
    colors: { domain: shown.map((s) => s.key), range: shown.map((s) => s.color) },
    labelLimit: 120,
    legend: false,
  });
}
