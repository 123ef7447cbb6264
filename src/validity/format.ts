import { TABLE3_KEYS, TABLE3_TITLES } from '../score/table-columns.js';
import { renderScoreTable, type ScoreTable, type ScoreTableFormat } from '../score/render-table.js';
import type { Item } from '../schema/item.js';
import { TEMPLATES } from '../questions/templates/index.js';
import type { ValidityReport } from './audit.js';

const pct = (x: number | null | undefined): string => (x === null || x === undefined ? '–' : (x * 100).toFixed(1));

/** The Table 3 rows of the audit (×100): oracle, random, chance, the blind learners, the other-log oracle. */
export function validityTable3(report: ValidityReport): ScoreTable {
  return {
    headers: ['Method', ...TABLE3_KEYS.map((k) => TABLE3_TITLES[k])],
    rows: report.rows.map((r) => [r.method, ...TABLE3_KEYS.map((k) => pct(r.table3[k]))]),
    numeric: [false, ...TABLE3_KEYS.map(() => true)],
  };
}

/** The gates: measure, value, limit, pass. */
export function validityGates(report: ValidityReport): ScoreTable {
  return {
    headers: ['gate', 'measure', 'value', 'limit', 'result'],
    rows: report.gates.map((g) => [g.id, g.measure, String(g.value), g.limit, g.pass ? 'pass' : `FAIL${g.detail ? `: ${g.detail}` : ''}`]),
    numeric: [false, false, true, false, false],
  };
}

function shape(r: ValidityReport['leaks'][number]): string {
  if (r.gold_rank) return `rank ${r.gold_rank.counts.join('/')} p=${r.gold_rank.p < 0.001 ? r.gold_rank.p.toExponential(1) : r.gold_rank.p.toFixed(3)}`;
  if (r.answer_classes) return r.answer_classes.top.map((t) => `${t.text.slice(0, 28)} ${Math.round(t.share * 100)}%`).join('; ');
  if (r.option_rates) return `#correct ${r.option_rates.correct_counts.join('/')}${r.option_rates.outside.length ? `; ${r.option_rates.outside.length} texts outside 20–80%` : ''}`;
  return '';
}

/** The per-template leak table, largest z first (`limit` rows). */
export function validityLeaks(report: ValidityReport, limit = Infinity): ScoreTable {
  const rows = [...report.leaks].sort((a, b) => b.z - a.z).slice(0, limit);
  const names = ['text-prior', 'rank-prior', 'position-length', 'choices-only', 'other-log'] as const;
  return {
    headers: ['template', 'format', 'n', 'chance', ...names, 'z', 'gold rank / answer classes'],
    rows: rows.map((r) => [r.template, r.format, String(r.n), pct(r.chance), ...names.map((n) => pct(r.accuracy[n])), r.z.toFixed(1), shape(r)]),
    numeric: [false, false, true, true, ...names.map(() => true), true, false],
  };
}

/** Injected vs base rows: AUC per signal. */
export function validityInjection(report: ValidityReport): ScoreTable {
  return {
    headers: ['signal', 'injected rows', 'vs same direction', 'base rows', 'AUC'],
    rows: report.injection.map((s) => [s.signal, String(s.injected_rows), String(s.direction_rows), String(s.base_rows), s.auc === null ? '–' : s.auc.toFixed(3)]),
    numeric: [false, true, true, true, true],
  };
}

/** The whole report as text or Markdown: Table 3 rows, gates, the leak table (top 25) and the injection AUCs. */
export function formatValidityReport(report: ValidityReport, format: Exclude<ScoreTableFormat, 'csv'> = 'text'): string {
  const h = (t: string): string => (format === 'markdown' ? `\n### ${t}\n\n` : `\n${t}\n`);
  return [
    `validity audit: ${report.items} items on ${report.logs} logs; learners trained on ${report.calibration_items} calibration items; best log-free learner: ${report.best_learner}\n`,
    h('Table 3 rows (×100)'),
    renderScoreTable(validityTable3(report), format),
    h('Gates'),
    renderScoreTable(validityGates(report), format),
    h('Leak table (accuracy ×100; the 25 templates with the largest z)'),
    renderScoreTable(validityLeaks(report, 25), format),
    h('Injected vs base rows on timing and rounding (AUC)'),
    renderScoreTable(validityInjection(report), format),
    `\n${report.pass ? 'all gates pass' : `${report.gates.filter((g) => !g.pass).length} gate(s) fail`}\n`,
  ].join('');
}

/**
 * Problems that make a calibration set unfit for a dataset: a template version that differs between them or from
 * this build's registry, or a template this build does not know. Empty when they match.
 */
export function calibrationMismatches(items: readonly Item[], calibration: readonly Item[]): string[] {
  const known = new Map(TEMPLATES.map((t) => [t.id, t.version]));
  const versions = (xs: readonly Item[]): Map<string, Set<number>> => {
    const m = new Map<string, Set<number>>();
    for (const it of xs) {
      const s = m.get(it.template.id) ?? new Set<number>();
      s.add(it.template.version);
      m.set(it.template.id, s);
    }
    return m;
  };
  const out: string[] = [];
  const d = versions(items);
  const c = versions(calibration);
  for (const [where, m] of [['dataset', d], ['calibration', c]] as const) {
    for (const [id, vs] of [...m].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      const k = known.get(id);
      if (k === undefined) out.push(`${where} template ${id} is unknown to this cclupe`);
      else if ([...vs].some((v) => v !== k)) out.push(`${where} template ${id} v${[...vs].join('/')} (this cclupe builds v${k})`);
    }
  }
  for (const [id, vs] of d) {
    const cv = c.get(id);
    if (cv && [...vs].join() !== [...cv].join()) out.push(`template ${id}: dataset v${[...vs].join('/')} but calibration v${[...cv].join('/')}`);
  }
  return [...new Set(out)];
}
