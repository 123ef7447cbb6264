import { maxOf } from '../log/extremes.js';
import { FORMULA_LEAD_RE } from '../schema/log-row.js';

/** A plain table: headings, rows of cells, and which columns are numeric (right-aligned in text). */
export interface ScoreTable {
  headers: string[];
  rows: string[][];
  numeric: boolean[];
}

/** Output formats of the score tables. */
export const SCORE_TABLE_FORMATS = ['text', 'markdown', 'csv'] as const;
export type ScoreTableFormat = (typeof SCORE_TABLE_FORMATS)[number];

const NUMBER = /^-?\d+(\.\d+)?$/;

/** The cell of a score with no items (a column the run has none of): "–" in text and Markdown, empty in CSV. */
export const EMPTY_CELL = '–';

/**
 * One CSV cell (RFC 4180 quoting). Text that a spreadsheet would run as a formula gets a leading apostrophe: a formula
 * lead as the log schema defines it (`FORMULA_LEAD_RE`: = + - @ and their full-width forms), or a tab or CR; plain
 * numbers are left alone.
 */
export function csvSafeCell(value: string): string {
  let v = value;
  if (!NUMBER.test(v) && (FORMULA_LEAD_RE.test(v) || /^[\t\r]/.test(v))) v = `'${v}`;
  return /[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

function mdCell(value: string): string {
  return value.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** Renders a table as aligned text (two spaces between columns), GitHub Markdown, or CSV; each line ends in LF. */
export function renderScoreTable(table: ScoreTable, format: ScoreTableFormat): string {
  const { headers, rows, numeric } = table;
  // CSV leaves a missing value empty, so that pandas and spreadsheets keep the column numeric
  if (format === 'csv') return [headers, ...rows].map((r) => r.map((c) => (c === EMPTY_CELL ? '' : csvSafeCell(c))).join(',')).join('\n') + '\n';
  if (format === 'markdown') {
    const line = (cells: string[]) => `| ${cells.map(mdCell).join(' | ')} |`;
    const rule = `|${headers.map((_, i) => (numeric[i] ? '---:' : ':---')).join('|')}|`;
    return [line(headers), rule, ...rows.map(line)].join('\n') + '\n';
  }
  const widths = headers.map((h, i) => Math.max(h.length, maxOf(rows.map((r) => (r[i] ?? '').length))));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (numeric[i] ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n') + '\n';
}
