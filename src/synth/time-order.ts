import type { SynthEvent } from './event.js';

/**
 * `events` (finite times) in order of their whole second `Math.floor(at)`, ties in their given order; a new array.
 * A counting sort into as many equal spans of time as there are events, followed by an insertion sort inside each
 * span (a span holds one event on average): linear, where the typed-key sort it replaces cost a runtime call and
 * n·log n. (Spans of a day cost a log of a few dozen rows over years as much as its rows did.)
 */
export function sortedBySecond(events: readonly SynthEvent[]): SynthEvent[] {
  const n = events.length;
  const order = orderInScratch(events);
  const out = new Array<SynthEvent>(n);
  for (let k = 0; k < n; k++) out[k] = events[order[k]];
  return out;
}

/**
 * The permutation that `sortedBySecond` applies: the indices of `events` in order of their whole second, ties in
 * their given order (a new array), for a caller that keeps per-event facts by index.
 */
export function orderBySecond(events: readonly SynthEvent[]): Int32Array {
  return orderInScratch(events).slice(0, events.length);
}

/** `orderBySecond` in the shared scratch array: valid until the next call. */
function orderInScratch(events: readonly SynthEvent[]): Int32Array {
  const n = events.length;
  const { second, bucket, order, next, first } = scratchFor(n);
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < n; i++) {
    const s = Math.floor(events[i].at);
    second[i] = s;
    if (s < lo) lo = s;
    if (s > hi) hi = s;
  }
  if (n === 0) return order;
  // n spans of `width` whole seconds cover lo..hi: bucket = floor((s − lo) / width) < n (the clamp is for rounding).
  const width = Math.max(1, Math.ceil((hi - lo + 1) / n));
  // next[b] counts, then points at the next free slot of bucket b; first[b] is where bucket b's run starts.
  next.fill(0, 0, n + 1);
  for (let i = 0; i < n; i++) {
    bucket[i] = Math.min(n - 1, Math.floor((second[i] - lo) / width));
    next[bucket[i] + 1]++;
  }
  for (let b = 0; b < n; b++) next[b + 1] += next[b];
  for (let b = 0; b <= n; b++) first[b] = next[b];
  for (let i = 0; i < n; i++) {
    const b = bucket[i];
    const s = second[i];
    let j = next[b]++;
    // Later events of the same span move up one slot; equal seconds keep their order (strictly greater only).
    while (j > first[b] && second[order[j - 1]] > s) {
      order[j] = order[j - 1];
      j--;
    }
    order[j] = i;
  }
  return order;
}

// Per-event work arrays, reused from call to call (grown when needed): finalize sorts every log.
let scratch = { second: new Float64Array(0), bucket: new Int32Array(0), order: new Int32Array(0), next: new Int32Array(0), first: new Int32Array(0) };

function scratchFor(n: number): typeof scratch {
  if (scratch.second.length < n) {
    const size = Math.max(n, 2 * scratch.second.length, 512);
    scratch = { second: new Float64Array(size), bucket: new Int32Array(size), order: new Int32Array(size), next: new Int32Array(size + 1), first: new Int32Array(size + 1) };
  }
  return scratch;
}
