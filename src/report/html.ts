const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * Text made safe for HTML element content and double-quoted attributes: `&`, `<`, `>` and `"` become entities.
 * One pass, and none for the common text without those characters (a run report escapes ~7 cells per item).
 */
export function escapeHtml(s: string): string {
  return /[&<>"]/.test(s) ? s.replace(/[&<>"]/g, (c) => ENTITY[c]) : s;
}
