/**
 * The largest and smallest of a list, as `Math.max` and `Math.min` of the spread list give them (−∞/+∞ for an empty
 * list, NaN when any value is NaN), without spreading the list into a call: a spread of more than about 120k values
 * overflows the stack, and a log from a user can have any number of rows.
 */
export function maxOf(xs: Iterable<number>): number {
  let m = -Infinity;
  if (Array.isArray(xs)) {
    // an indexed loop over an array: no iterator objects, whatever the call site's mix of arrays and iterables
    for (let i = 0; i < xs.length; i++) m = Math.max(m, xs[i]);
    return m;
  }
  for (const x of xs) m = Math.max(m, x);
  return m;
}

/** The smallest of a list; see `maxOf`. */
export function minOf(xs: Iterable<number>): number {
  let m = Infinity;
  if (Array.isArray(xs)) {
    for (let i = 0; i < xs.length; i++) m = Math.min(m, xs[i]);
    return m;
  }
  for (const x of xs) m = Math.min(m, x);
  return m;
}
