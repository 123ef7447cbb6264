import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalTimestampAt, compileDateFormat, daysInMonth, parseCanonicalTimestamp } from '../../src/reader/dialect-date.js';

/** The canonical timestamp rule written plainly: the shape, then every field's range, the day against its month. */
function reference(text: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || s > 59) return null;
  return text;
}

const pad = (n: number, w: number): string => String(n).padStart(w, '0');

describe('parseCanonicalTimestamp', () => {
  it('is what the canonical dialect format compiles to', () => expect(compileDateFormat('YYYY-MM-DD HH:mm:ss').parse).toBe(parseCanonicalTimestamp));
  it('agrees with the plain rule on every day 00–32 of every month 00–13 of leap and common years', () => {
    for (const y of [0, 1, 1900, 2000, 2023, 2024, 9999]) {
      for (let mo = 0; mo <= 13; mo++) {
        for (let d = 0; d <= 32; d++) {
          const t = `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)} 12:34:56`;
          expect(parseCanonicalTimestamp(t), t).toBe(reference(t));
        }
      }
    }
  });
  it('agrees with the plain rule on times at and past their limits', () => {
    for (const h of [0, 9, 10, 19, 20, 23, 24, 29, 99]) {
      for (const mi of [0, 59, 60, 99]) {
        for (const s of [0, 59, 60]) {
          const t = `2024-02-29 ${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}`;
          expect(parseCanonicalTimestamp(t), t).toBe(reference(t));
        }
      }
    }
  });
  it('agrees with the plain rule on texts near the format', () => {
    const ch = fc.constantFrom('0', '1', '2', '3', '5', '9', '-', ' ', ':', 'x', '\n', '١');
    const valid = fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 19).replace('T', ' '));
    const mutated = fc.tuple(valid, fc.nat(20), ch, fc.constantFrom('replace', 'insert', 'delete', 'append')).map(([t, i, c, op]) => {
      const k = i % (t.length + 1);
      if (op === 'replace') return t.slice(0, k) + c + t.slice(k + 1);
      if (op === 'insert') return t.slice(0, k) + c + t.slice(k);
      if (op === 'delete') return t.slice(0, k) + t.slice(k + 1);
      return t + c;
    });
    const near = fc.oneof(valid, mutated, fc.array(ch, { minLength: 17, maxLength: 21 }).map((a) => a.join('')));
    fc.assert(
      fc.property(near, (t) => {
        expect(parseCanonicalTimestamp(t), t).toBe(reference(t));
      }),
      { numRuns: 20_000 },
    );
    // in place, inside a larger text: the same answer for the cell, whatever surrounds it
    const around = fc.array(ch, { maxLength: 4 }).map((a) => a.join(''));
    fc.assert(
      fc.property(around, near, around, (pre, t, post) => {
        expect(canonicalTimestampAt(pre + t + post, pre.length, pre.length + t.length), JSON.stringify([pre, t, post])).toBe(reference(t) !== null);
      }),
      { numRuns: 20_000 },
    );
  });
  it('is what the canonical dialect format tests values in place with', () => expect(compileDateFormat('YYYY-MM-DD HH:mm:ss').validAt).toBe(canonicalTimestampAt));
});
