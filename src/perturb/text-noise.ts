import { int } from '../random/draw.js';
import type { Rng } from '../random/rng.js';
import type { PerturbEdit } from '../schema/perturb-manifest.js';
import { FORBIDDEN_FIELD_CHARS_RE, FORMULA_LEAD_RE } from '../schema/log-row.js';
import { LEAKAGE_WORDS } from '../schema/transaction-types.js';
import { cloneState, countFor, sampleSorted } from './log-edit.js';
import type { LogState, OperatorContext, OperatorResult } from './types.js';

/** Parameters shared by the text-noise operators. */
export interface TextNoiseParams {
  rate: number;
  editsPerCell: number;
  columns: readonly ('remark' | 'counterparty')[];
}

/** One edit of a text: returns the new text, or null when the text offers no place for this kind of edit. */
export type TextMutation = (rng: Rng, text: string, protectFrom: number) => string | null;

function acceptable(text: string): boolean {
  if (text.length === 0 || text.trim() !== text) return false;
  if (FORBIDDEN_FIELD_CHARS_RE.test(text) || FORMULA_LEAD_RE.test(text)) return false;
  const lower = text.toLowerCase();
  return !LEAKAGE_WORDS.some((w) => lower.includes(w));
}

/** Where a counterparty's business suffix starts (`Co., Ltd.`, `Trading Store`…): edits stay before it. */
function firstWordEnd(name: string): number {
  const m = /^\S+/.exec(name);
  return m ? m[0].length : name.length;
}

/**
 * Applies a text mutation to remarks (cell by cell) and counterparties (one consistent replacement per distinct name,
 * so grouping by counterparty — and every answer that depends on it — is unchanged, and distinct names stay distinct).
 * Counterparty edits touch only the first word, leaving business suffixes intact.
 */
export function applyTextNoise(
  op: string,
  state: LogState,
  params: TextNoiseParams,
  ctx: OperatorContext,
  mutate: TextMutation,
): OperatorResult<LogState> | null {
  const s = cloneState(state);
  const rows = s.log.rows;
  const edits: PerturbEdit[] = [];
  const noisy = (text: string, limit: number): string | null => {
    let t = text;
    let done = 0;
    for (let attempt = 0; attempt < params.editsPerCell * 4 && done < params.editsPerCell; attempt++) {
      const next = mutate(ctx.rng, t, limit);
      if (next !== null && acceptable(next)) {
        limit += next.length - t.length;
        t = next;
        done++;
      }
    }
    return done > 0 && t !== text ? t : null;
  };
  if (params.columns.includes('counterparty')) {
    const names = [...new Set(rows.map((r) => r.counterparty))].sort();
    const picked = sampleSorted(ctx.rng, names.map((_, i) => i), countFor(ctx.rate, names.length));
    const taken = new Set(names);
    const mapping = new Map<string, string>();
    for (const i of picked) {
      const name = names[i];
      const after = noisy(name, firstWordEnd(name));
      if (after === null || taken.has(after)) continue;
      taken.add(after);
      mapping.set(name, after);
    }
    // labels that name a counterparty (a loan's lender) follow the same spelling, so they stay true of the log
    for (const loan of s.labels?.loans ?? []) loan.lender = mapping.get(loan.lender) ?? loan.lender;
    rows.forEach((r, i) => {
      const after = mapping.get(r.counterparty);
      if (after === undefined) return;
      edits.push({ op, action: 'update', row: i + 1, column: 'counterparty', txn_id: r.txn_id, before: r.counterparty, after });
      r.counterparty = after;
    });
  }
  if (params.columns.includes('remark')) {
    const picked = sampleSorted(ctx.rng, rows.map((_, i) => i), countFor(ctx.rate, rows.length));
    for (const i of picked) {
      const after = noisy(rows[i].remark, rows[i].remark.length);
      if (after === null) continue;
      edits.push({ op, action: 'update', row: i + 1, column: 'remark', txn_id: rows[i].txn_id, before: rows[i].remark, after });
      rows[i].remark = after;
    }
  }
  if (edits.length === 0) return null;
  edits.sort((a, b) => (a.row ?? 0) - (b.row ?? 0) || String(a.column).localeCompare(String(b.column)));
  return { state: s, edits, params: { ...params, rate: ctx.rate } };
}

/** Positions `< limit` holding an ASCII letter for which `ok` holds. */
export function letterPositions(text: string, limit: number, ok: (ch: string) => boolean = () => true): number[] {
  const out: number[] = [];
  for (let i = 0; i < Math.min(limit, text.length); i++) if (/[A-Za-z]/.test(text[i]) && ok(text[i])) out.push(i);
  return out;
}

/** Uniform choice of a position, or null when there is none. */
export function pickPosition(rng: Rng, positions: readonly number[]): number | null {
  return positions.length === 0 ? null : positions[int(rng, 0, positions.length - 1)];
}
