import { DAY_S } from './calendar.js';
import type { SynthEvent } from './event.js';

/**
 * `events` (finite times) in order of their whole second `Math.floor(at)`, ties in their given order; a new array.
 * A counting sort into day buckets followed by an insertion sort inside each bucket (a day holds a handful of events):
 * linear, where the typed-key sort it replaces cost a runtime call and n·log n. A span of days far beyond the number
 * of events falls back to a comparator sort with the same order.
 */
export function sortedBySecond(events: readonly SynthEvent[]): SynthEvent[] {
  const n = events.length;
  const { second, day, order } = scratchFor(n);
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < n; i++) {
    const s = Math.floor(events[i].at);
    second[i] = s;
    if (s < lo) lo = s;
    if (s > hi) hi = s;
  }
  if (n === 0) return [];
  const days = Math.floor((hi - lo) / DAY_S) + 1;
  if (!(days <= 8 * n + 4096)) {
    const byTime = Array.from({ length: n }, (_, i) => i).sort((a, b) => second[a] - second[b] || a - b);
    return byTime.map((i) => events[i]);
  }
  // next[d] counts, then points at the next free slot of day d; first[d] is where day d's run starts.
  const next = new Int32Array(days + 1);
  for (let i = 0; i < n; i++) {
    day[i] = Math.floor((second[i] - lo) / DAY_S);
    next[day[i] + 1]++;
  }
  for (let d = 0; d < days; d++) next[d + 1] += next[d];
  const first = next.slice();
  for (let i = 0; i < n; i++) {
    const d = day[i];
    const s = second[i];
    let j = next[d]++;
    // Later events of the same day move up one slot; equal seconds keep their order (strictly greater only).
    while (j > first[d] && second[order[j - 1]] > s) {
      order[j] = order[j - 1];
      j--;
    }
    order[j] = i;
  }
  const out = new Array<SynthEvent>(n);
  for (let k = 0; k < n; k++) out[k] = events[order[k]];
  return out;
}

// Per-event work arrays, reused from call to call (grown when needed): finalize sorts every log.
let scratch = { second: new Float64Array(0), day: new Int32Array(0), order: new Int32Array(0) };

function scratchFor(n: number): typeof scratch {
  if (scratch.second.length < n) {
    const size = Math.max(n, 2 * scratch.second.length, 512);
    scratch = { second: new Float64Array(size), day: new Int32Array(size), order: new Int32Array(size) };
  }
  return scratch;
}
