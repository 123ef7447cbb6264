import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ReceivedHeaders } from '../../src/eval/received-headers.js';

/** What node:http hands over, and the built-in Headers filled from the same pairs (the reference). */
function both(parsed: Record<string, string | string[]>): [Headers, Headers] {
  const ref = new Headers();
  for (const [k, v] of Object.entries(parsed)) for (const one of Array.isArray(v) ? v : [v]) ref.append(k, one);
  return [new ReceivedHeaders(parsed) as unknown as Headers, ref];
}

function reads(h: Headers, names: readonly string[]) {
  const each: unknown[] = [];
  h.forEach((v, k, parent) => each.push([k, v, parent === h]));
  return {
    entries: [...h],
    explicit: [...h.entries()],
    keys: [...h.keys()],
    values: [...h.values()],
    each,
    cookies: h.getSetCookie(),
    get: names.map((n) => h.get(n)),
    has: names.map((n) => h.has(n)),
  };
}

describe('ReceivedHeaders', () => {
  it('reads like a Headers built from the same pairs', () => {
    const parsed = { 'content-type': 'application/json', 'x-b': '1, 2', 'set-cookie': ['a=1', 'b=2'], 'x-a': ' padded\t', date: 'Sun, 29 Nov 2026 10:00:00 GMT' };
    const [h, ref] = both(parsed);
    const names = ['Content-Type', 'x-b', 'set-cookie', 'x-a', 'missing', 'DATE'];
    expect(h).toBeInstanceOf(Headers);
    expect(reads(h, names)).toEqual(reads(ref, names));
    expect(() => h.get('bad name')).toThrow(TypeError);
    expect([...new Headers(h)]).toEqual([...ref]);
  });

  it('hands over to the built-in Headers on the first change', () => {
    const [h, ref] = both({ b: '2', 'set-cookie': ['c=3'] });
    for (const x of [h, ref]) {
      x.append('a', '1');
      x.set('b', '9');
      x.delete('set-cookie');
    }
    expect(reads(h, ['a', 'b', 'set-cookie'])).toEqual(reads(ref, ['a', 'b', 'set-cookie']));
  });

  it('reads like the reference for any headers (property)', () => {
    const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/);
    const value = fc.stringMatching(/^[ \t]?[!-~]{0,6}( [!-~]{1,4})?[ \t]?$/);
    fc.assert(
      fc.property(fc.dictionary(name, fc.oneof(value, fc.array(value, { minLength: 1, maxLength: 3 }))), (dict) => {
        const parsed: Record<string, string | string[]> = {};
        // node:http joins repeated headers, except set-cookie, which it keeps as a list.
        for (const [k, v] of Object.entries(dict)) parsed[k] = Array.isArray(v) && k !== 'set-cookie' ? v.join(', ') : v;
        const [h, ref] = both(parsed);
        const names = [...Object.keys(parsed), 'absent'];
        expect(reads(h, names)).toEqual(reads(ref, names));
      }),
      { numRuns: 200 },
    );
  });
});
