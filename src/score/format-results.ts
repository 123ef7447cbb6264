import type { GroupScore, ScoreCoverage, ScoreInterval, PairedComparison, RunScores, StabilityReport, Table3Row } from '../schema/results.js';
import { EMPTY_CELL, renderScoreTable, type ScoreTable, type ScoreTableFormat } from './render-table.js';
import { runCoverage } from './score-run.js';
import { STABILITY_KEYS } from './stability.js';
import { TABLE3_KEYS, TABLE3_TITLES, TABLE_A12_KEYS, TABLE_A12_TITLES } from './table-columns.js';
import { otherQuestions } from './scored-dataset.js';

/** Display form of a score: ×100 with one decimal, half away from zero; "–" for a column with no items. */
export function formatScorePercent(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return EMPTY_CELL;
  const v = x * 100;
  // The tiny nudge makes 12.35 (stored as 0.12349999…) round up, as a reader of the exact value would expect.
  const r = Math.round((v + Math.sign(v) * 1e-9) * 10) / 10;
  return (Object.is(r, -0) ? 0 : r).toFixed(1);
}

/** A signed difference ×100 with one decimal, e.g. "+3.1" or "-0.4". */
export function formatScoreDelta(x: number | null | undefined): string {
  const s = formatScorePercent(x);
  return s === EMPTY_CELL || s.startsWith('-') ? s : s === '0.0' ? s : `+${s}`;
}

function formatInterval(ci: ScoreInterval | undefined, signed = false): string {
  if (!ci) return EMPTY_CELL;
  const f = signed ? formatScoreDelta : formatScorePercent;
  return `[${f(ci.lo)}, ${f(ci.hi)}]`;
}

/** The nine Table 3 cells of a row (Mem. … LogScore), ×100, one decimal. */
export function formatTable3Row(row: Table3Row): string[] {
  return TABLE3_KEYS.map((k) => formatScorePercent(row[k]));
}

/** Sorting of leaderboard rows: by LogScore (then Avg., then label) descending, or input order. */
export type LeaderboardSort = 'logscore' | 'none';

/** Which CCLUPE table a leaderboard shows. */
export type LeaderboardTable = 'table3' | 'a12';

/** One leaderboard table from several runs: a Table 3 row (or Table A12 row) per run. */
export function leaderboardTable(
  runs: readonly RunScores[],
  { table = 'table3', sort = 'logscore' }: { table?: LeaderboardTable; sort?: LeaderboardSort } = {},
): ScoreTable {
  const ordered = runs.map((r, i) => ({ r, i }));
  if (sort === 'logscore') {
    ordered.sort(
      (x, y) =>
        y.r.table3.logScore - x.r.table3.logScore ||
        y.r.table3.avg - x.r.table3.avg ||
        (x.r.label < y.r.label ? -1 : x.r.label > y.r.label ? 1 : x.i - y.i),
    );
  }
  const label = (r: RunScores) => r.label || '(unnamed)';
  // n: items scored; Coverage: predicted items of all (×100), marked "partial" when only those were scored
  const sizeCells = (r: RunScores) => [String(r.counts.items), formatCoverage(runCoverage(r))];
  if (table === 'a12') {
    return {
      headers: ['Method', ...TABLE_A12_KEYS.map((k) => TABLE_A12_TITLES[k]), ...SIZE_HEADERS],
      rows: ordered.map(({ r }) => [label(r), ...TABLE_A12_KEYS.map((k) => formatScorePercent(r.tableA12[k])), ...sizeCells(r)]),
      numeric: [false, ...TABLE_A12_KEYS.map(() => true), true, true],
    };
  }
  return {
    headers: ['Method', ...TABLE3_KEYS.map((k) => TABLE3_TITLES[k]), ...SIZE_HEADERS],
    rows: ordered.map(({ r }) => [label(r), ...formatTable3Row(r.table3), ...sizeCells(r)]),
    numeric: [false, ...TABLE3_KEYS.map(() => true), true, true],
  };
}

const SIZE_HEADERS = ['n', 'Coverage'];

/** Coverage ×100 with one decimal, with " partial" when only the predicted items were scored ("3.3 partial"). */
export function formatCoverage(c: ScoreCoverage): string {
  return formatScorePercent(c.ratio) + (c.partial ? ' partial' : '');
}

/** One line on how much of the question set a run covers, and over which items its scores are. */
export function coverageLine(scores: Pick<RunScores, 'coverage' | 'counts'>): string {
  const c = runCoverage(scores);
  const head = `Coverage: ${c.predicted} of ${c.total} items predicted (${formatScorePercent(c.ratio)}%)`;
  if (c.partial) return `${head}; PARTIAL: scores are over the ${c.predicted} predicted items only (--allow-partial), not the whole set`;
  return c.predicted < c.total ? `${head}; the ${c.total - c.predicted} missing items score 0` : head;
}

/**
 * A warning when the runs of a leaderboard were scored on different items (other question sets, partial runs),
 * whose scores do not compare; null when every run has the same items.
 */
export function leaderboardItemsWarning(runs: readonly RunScores[]): string | null {
  if (runs.length < 2) return null;
  const other = runs.findIndex((r) => otherQuestions(runs[0], r) !== null);
  if (other > 0) return `warning: ${runs[other].label || '(unnamed)'} was ${otherQuestions(runs[0], runs[other])}; their scores do not compare`;
  const key = (r: RunScores) => r.items.map((i) => i.item_id).sort().join('\n');
  const first = key(runs[0]);
  if (runs.every((r) => key(r) === first)) return null;
  const sizes = runs.map((r) => `${r.label || '(unnamed)'} ${r.counts.items}`).join(', ');
  return `warning: the runs were scored on different items (${sizes}); their scores do not compare`;
}

/** Renders a leaderboard of several runs (text, Markdown or CSV). */
export function formatLeaderboard(
  runs: readonly RunScores[],
  format: ScoreTableFormat,
  options: { table?: LeaderboardTable; sort?: LeaderboardSort } = {},
): string {
  return renderScoreTable(leaderboardTable(runs, options), format);
}

function groupTable(title: string, groups: readonly GroupScore[], scores: RunScores, dim: string): ScoreTable {
  return {
    headers: [title, 'n', 'score', '95% CI'],
    rows: groups
      .filter((g) => g.n > 0)
      .map((g) => [g.key, String(g.n), formatScorePercent(g.mean), formatInterval(scores.ci[`${dim}:${g.key}`])]),
    numeric: [false, true, true, false],
  };
}

const SUMMARY_ROWS = [
  ['S_dom', 'sDom'],
  ['S_cog', 'sCog'],
  ['S_unbiased (Avg.)', 'sUnbiased'],
  ['Mrate', 'mrate'],
  ['LogScore', 'logScore'],
] as const;

function summaryTable(scores: RunScores): ScoreTable {
  return {
    headers: ['metric', 'score', '95% CI'],
    rows: SUMMARY_ROWS.map(([name, key]) => [name, formatScorePercent(scores.summary[key]), formatInterval(scores.ci[key])]),
    numeric: [false, true, false],
  };
}

function countsTable(scores: RunScores): ScoreTable {
  const c = scores.counts;
  const keys = ['items', 'logs', 'answered', 'empty', 'invalid', 'no_answer', 'truncated', 'error', 'missing', 'unparseable'] as const;
  return { headers: keys.slice(), rows: [keys.map((k) => String(c[k]))], numeric: keys.map(() => true) };
}

function numericTable(scores: RunScores): ScoreTable {
  const n = scores.numeric;
  return {
    headers: ['numeric items', 'within ±0.2%', 'Wilson 95% CI', 'within ±5%', 'Wilson 95% CI'],
    rows: [
      [
        String(n.n),
        formatScorePercent(n.within_0_2pct),
        formatInterval(n.wilson_0_2pct ?? undefined),
        formatScorePercent(n.within_5pct),
        formatInterval(n.wilson_5pct ?? undefined),
      ],
    ],
    numeric: [true, true, false, true, false],
  };
}

/** "lambda=2 eta=0.5 delta=2 numeric tolerance=±0.2%": the parameters as printed above every report. */
export function formatParams(scores: Pick<RunScores, 'params'>): string {
  const p = scores.params;
  return `lambda=${p.lambda} eta=${p.eta} delta=${p.delta} numeric tolerance=±${+(p.numericTolerance * 100).toPrecision(6)}%`;
}

function bootstrapNote(scores: RunScores): string {
  const b = scores.bootstrap;
  return b
    ? `95% CIs: percentile cluster bootstrap over logs, ${b.replicates} replicates, seed ${b.seed}`
    : 'no confidence intervals (bootstrap disabled)';
}

/** The sections of a full run report, as titled tables. */
function reportSections(scores: RunScores): Array<[string, ScoreTable]> {
  const one = { ...leaderboardTable([scores], { sort: 'none' }) };
  const a12 = leaderboardTable([scores], { table: 'a12', sort: 'none' });
  const sections: Array<[string, ScoreTable]> = [
    ['Counts', countsTable(scores)],
    ['Table 3 (×100)', one],
    ['Summary (×100)', summaryTable(scores)],
    ['Table A12 (×100)', a12],
    ['By knowledge domain (×100)', groupTable('domain', scores.byDomain, scores, 'domain')],
    ['By cognition level (×100)', groupTable('cognition', scores.byCognition, scores, 'cognition')],
    ['By format (×100)', groupTable('format', scores.byFormat, scores, 'format')],
    ['By difficulty (×100)', groupTable('difficulty', scores.byDifficulty, scores, 'difficulty')],
    ['By client kind (×100)', groupTable('client kind', scores.byClientKind, scores, 'clientKind')],
  ];
  if (scores.numeric.n > 0) sections.push(['Free-response numeric accuracy (×100)', numericTable(scores)]);
  return sections;
}

/** A full human-readable report of one run: counts, Table 3, summary with CIs, Table A12, group tables. */
export function formatRunReport(scores: RunScores, format: 'text' | 'markdown'): string {
  const title = `${scores.label || '(unnamed)'}: ${formatParams(scores)}`;
  const parts: string[] = [];
  if (format === 'markdown') {
    parts.push(`## Scores: ${title}\n\n${coverageLine(scores)}.\n\n${bootstrapNote(scores)}.\n`);
    for (const [name, table] of reportSections(scores)) parts.push(`### ${name}\n\n${renderScoreTable(table, 'markdown')}`);
  } else {
    parts.push(`Scores: ${title}\n${coverageLine(scores)}\n${bootstrapNote(scores)}\n`);
    for (const [name, table] of reportSections(scores)) parts.push(`${name}\n${renderScoreTable(table, 'text')}`);
  }
  return parts.join('\n');
}

/**
 * One run as long-format CSV, one metric per row: `section,key,n,score,ci_lo,ci_hi` (scores ×100, one decimal),
 * covering the summary, Table 3, Table A12 and every group.
 */
export function formatRunCsv(scores: RunScores): string {
  const rows: string[][] = [];
  const ci = (key: string) => scores.ci[key];
  const push = (section: string, key: string, n: number | null, v: number | null, c: ScoreInterval | undefined) =>
    rows.push([section, key, n === null ? '' : String(n), v === null ? '' : formatScorePercent(v), c ? formatScorePercent(c.lo) : '', c ? formatScorePercent(c.hi) : '']);
  // first row: coverage ×100 over `n` predicted items; key `partial` when only those were scored, `all` otherwise
  const cov = runCoverage(scores);
  push('coverage', cov.partial ? 'partial' : 'all', cov.predicted, cov.ratio, undefined);
  for (const [, key] of SUMMARY_ROWS) push('summary', key, scores.counts.items, scores.summary[key], ci(key));
  for (const key of TABLE3_KEYS) push('table3', key, null, scores.table3[key], ci(key));
  for (const key of TABLE_A12_KEYS) push('tableA12', key, null, scores.tableA12[key], ci(`subDomain:${key}`));
  const groups: Array<[string, string, readonly GroupScore[]]> = [
    ['domain', 'domain', scores.byDomain],
    ['cognition', 'cognition', scores.byCognition],
    ['format', 'format', scores.byFormat],
    ['difficulty', 'difficulty', scores.byDifficulty],
    ['client_kind', 'clientKind', scores.byClientKind],
  ];
  for (const [section, dim, list] of groups) for (const g of list) push(section, g.key, g.n, g.mean, ci(`${dim}:${g.key}`));
  return renderScoreTable({ headers: ['section', 'key', 'n', 'score', 'ci_lo', 'ci_hi'], rows, numeric: rows[0].map(() => false) }, 'csv');
}

const COMPARE_ROWS: ReadonlyArray<readonly [string, string]> = [
  ...TABLE3_KEYS.map((k) => [TABLE3_TITLES[k], k] as const),
  ['S_dom', 'sDom'],
  ['S_cog', 'sCog'],
  ['Mrate', 'mrate'],
];

/** A paired comparison as text or Markdown: A, B, B − A with its bootstrap CI per metric, then the McNemar tests. */
export function formatComparison(cmp: PairedComparison, format: 'text' | 'markdown'): string {
  const metrics = (which: 'a' | 'b', key: string): number | null => {
    const table = which === 'a' ? cmp.tableA : cmp.tableB;
    const summary = which === 'a' ? cmp.a : cmp.b;
    return key in table ? (table as Record<string, number | null>)[key] : (summary as Record<string, number>)[key];
  };
  const table: ScoreTable = {
    headers: ['metric', 'A', 'B', 'B − A', '95% CI'],
    rows: COMPARE_ROWS.map(([title, key]) => [
      title,
      formatScorePercent(metrics('a', key)),
      formatScorePercent(metrics('b', key)),
      formatScoreDelta(cmp.delta[key]),
      formatInterval(cmp.ci[key], true),
    ]),
    numeric: [false, true, true, true, false],
  };
  const mc = (m: PairedComparison['mcnemar'], what: string) =>
    `McNemar exact (${what}): n=${m.n}, both correct ${m.bothCorrect}, only A ${m.onlyA}, only B ${m.onlyB}, both wrong ${m.bothWrong}, p=${formatPValue(m.pValue)}`;
  const head = `A = ${cmp.labelA || '(unnamed)'}, B = ${cmp.labelB || '(unnamed)'}: ${cmp.items} shared items in ${cmp.logs} logs (${cmp.onlyInA} only in A, ${cmp.onlyInB} only in B); ${formatParams(cmp)}`;
  const note = cmp.bootstrap
    ? `95% CIs of B − A: paired percentile cluster bootstrap over logs, ${cmp.bootstrap.replicates} replicates, seed ${cmp.bootstrap.seed}`
    : 'no confidence intervals (bootstrap disabled)';
  const lines = [mc(cmp.mcnemar, 'single-choice correctness'), mc(cmp.mcnemarAll, 'exact-match correctness, all items')];
  if (format === 'markdown') {
    return `## Paired comparison\n\n${head}\n\n${note}.\n\n${renderScoreTable(table, 'markdown')}\n${lines.map((l) => `- ${l}`).join('\n')}\n`;
  }
  return `${head}\n${note}\n\n${renderScoreTable(table, 'text')}\n${lines.join('\n')}\n`;
}

/** A p-value with four significant digits ("0.3533", "1.000", "2.384e-7"). */
export function formatPValue(p: number): string {
  if (p >= 1) return '1.000';
  if (p < 1e-4) return p.toExponential(3);
  return p.toPrecision(4);
}

/** Stability over K runs as "mean ± std" per Table 3 column (CCLUPE Table 5); CSV gets separate mean and std columns. */
export function formatStability(report: StabilityReport, format: ScoreTableFormat): string {
  const keys = STABILITY_KEYS;
  const titles = [...TABLE3_KEYS.map((k) => TABLE3_TITLES[k]), 'S_dom', 'S_cog', 'Mrate'];
  const label = report.label || '(unnamed)';
  if (format === 'csv') {
    const headers = ['Method', 'K', ...keys.flatMap((_, i) => [`${titles[i]} mean`, `${titles[i]} std`])];
    const row = [label, String(report.runs), ...keys.flatMap((k) => [formatScorePercent(report.columns[k].mean), formatScorePercent(report.columns[k].std)])];
    return renderScoreTable({ headers, rows: [row], numeric: headers.map(() => true) }, 'csv');
  }
  const cell = (k: string) => {
    const c = report.columns[k];
    return c.mean === null ? '–' : `${formatScorePercent(c.mean)} ± ${formatScorePercent(c.std)}`;
  };
  const table: ScoreTable = {
    headers: ['Method', 'K', ...titles],
    rows: [[label, String(report.runs), ...keys.map(cell)]],
    numeric: [false, true, ...keys.map(() => true)],
  };
  const head = `Stability over ${report.runs} runs (mean ± sample std, ×100)`;
  return format === 'markdown' ? `${head}\n\n${renderScoreTable(table, 'markdown')}` : `${head}\n${renderScoreTable(table, 'text')}`;
}
