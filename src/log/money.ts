/** Formats integer cents as a decimal with exactly two places: -12345 → "-123.45". */
export function formatCents(cents: number): string {
  // Concatenation rather than a template literal: this runs twice per row of every formatted log.
  const abs = cents < 0 ? -cents : cents;
  const frac = abs % 100;
  const text = Math.floor(abs / 100) + (frac < 10 ? '.0' : '.') + frac;
  return cents < 0 ? '-' + text : text;
}

/**
 * Parses a canonical decimal (`-123.45`, exactly two places) into integer cents, or null when the text is not one.
 * Cost: one regex test; no floating point.
 */
export function parseCents(text: string): number | null {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(text);
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number(m[3]);
  if (!Number.isSafeInteger(cents)) return null;
  return m[1] === '-' && cents !== 0 ? -cents : cents;
}

/** Rounds a float amount in currency units to integer cents, half away from zero. */
export function toCents(units: number): number {
  return Math.sign(units) * Math.round(Math.abs(units) * 100);
}
