import { int } from '../random/draw.js';
import type { PerturbEdit } from '../schema/perturb-manifest.js';
import { LOG_ID_COLUMN, type CanonicalColumn } from '../schema/transaction-types.js';
import { countFor, sampleSorted } from './log-edit.js';
import type { CellTable, OperatorContext, OperatorResult } from './types.js';

/**
 * Indexes of the table's row-field columns: every column but `log_id`. Format and cell operators perturb what a bank
 * export might change about a transaction row; the `log_id` column names the file's log and stays as written.
 */
export function rowFieldIndexes(t: Pick<CellTable, 'columns'>): number[] {
  const out: number[] = [];
  t.columns.forEach((c, j) => {
    if (c !== LOG_ID_COLUMN) out.push(j);
  });
  return out;
}

/** A copy of a cell table whose rows can be modified. */
export function cloneTable(t: CellTable): CellTable {
  return { ...t, header: [...t.header], columns: [...t.columns], rows: t.rows.map((r) => [...r]) };
}

/** Picks rows by rate (at least one) and rewrites one cell in each with `edit`; the column is drawn from `columns`. */
export function editCells(
  op: string,
  table: CellTable,
  ctx: OperatorContext,
  columns: readonly CanonicalColumn[],
  edit: (cell: string) => string | null,
  note?: string,
): OperatorResult<CellTable> | null {
  const t = cloneTable(table);
  if (t.rows.length === 0) return null;
  const edits: PerturbEdit[] = [];
  const rows = sampleSorted(ctx.rng, t.rows.map((_, i) => i), countFor(ctx.rate, t.rows.length));
  for (const i of rows) {
    const column = columns[int(ctx.rng, 0, columns.length - 1)];
    const j = t.columns.indexOf(column);
    const before = t.rows[i][j];
    const after = edit(before);
    if (after === null || after === before) continue;
    t.rows[i][j] = after;
    edits.push({ op, action: 'update', row: i + 1, column, before, after, ...(note ? { note } : {}) });
  }
  return edits.length === 0 ? null : { state: t, edits, params: { rate: ctx.rate } };
}
