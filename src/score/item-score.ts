import { CclupeError } from '../errors.js';

/**
 * CCLUPE Eq. 1, the misunderstanding-penalised item score:
 * S_item = max(0, |G∩M|/|G| − λ·|M\G|/|M|), and 0 when M is empty.
 * G is the gold option set, M the selected set (duplicates ignored). Cost O(|G| + |M|).
 */
export function scoreItem(gold: readonly string[], selected: readonly string[], { lambda }: { lambda: number }): number {
  const g = new Set(gold);
  const m = new Set(selected);
  if (g.size === 0) throw new CclupeError('scoreItem requires a non-empty gold set');
  if (m.size === 0) return 0;
  let hit = 0;
  for (const key of m) if (g.has(key)) hit++;
  const wrong = m.size - hit;
  return Math.max(0, hit / g.size - (lambda * wrong) / m.size);
}

/** One item's term of the misunderstanding rate (CCLUPE Eq. 5): |M\G| / max(1, |M|); 0 for an empty selection. */
export function wrongRatio(gold: readonly string[], selected: readonly string[]): number {
  const g = new Set(gold);
  const m = new Set(selected);
  let wrong = 0;
  for (const key of m) if (!g.has(key)) wrong++;
  return wrong / Math.max(1, m.size);
}

/** True when the selection equals the gold set exactly (used for McNemar on correctness). */
export function isExactMatch(gold: readonly string[], selected: readonly string[]): boolean {
  const g = new Set(gold);
  const m = new Set(selected);
  if (g.size !== m.size) return false;
  for (const key of m) if (!g.has(key)) return false;
  return true;
}

/** |G|, |M|, |G∩M| and |M\G| of a selection (duplicates ignored): the counts behind Eqs. 1 and 5, in one pass. */
export function selectionCounts(gold: readonly string[], selected: readonly string[]): { g: number; m: number; hit: number; wrong: number } {
  const g = new Set(gold);
  const m = new Set(selected);
  let hit = 0;
  for (const key of m) if (g.has(key)) hit++;
  return { g: g.size, m: m.size, hit, wrong: m.size - hit };
}
