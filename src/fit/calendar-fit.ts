import type { FitSketch } from './accumulator.js';

const ITERATIONS = 50;

/**
 * Month, day-of-month and weekday weights (each normalised to mean 1, 4 significant digits) such that rows drawn
 * on the days of [periodStart, periodEnd] (day numbers, inclusive) with probability ∝ exposure × weights have the
 * source's three marginals. Exposure is the chance that a day lies in a log's window: windows of the given lengths
 * (days, equally likely) placed uniformly inside the period. Iterative proportional fitting over the calendar days.
 */
export function fitCalendar(sketch: FitSketch, periodStart: number, periodEnd: number, windowDays: readonly number[]): { month: number[]; day_of_month: number[]; weekday: number[] } {
  const days = periodEnd - periodStart + 1;
  const exposure = new Float64Array(days);
  for (const raw of windowDays) {
    const len = Math.min(days, Math.max(1, raw));
    const starts = days - len + 1;
    // Day d is covered by starts s in [max(0, d - len + 1), min(d, starts - 1)]: count ramps up, stays, ramps down.
    for (let d = 0; d < days; d++) {
      const lo = Math.max(0, d - len + 1);
      const hi = Math.min(d, starts - 1);
      if (hi >= lo) exposure[d] += (hi - lo + 1) / starts;
    }
  }
  const mi = new Int8Array(days);
  const di = new Int8Array(days);
  const wi = new Int8Array(days);
  for (let d = 0; d < days; d++) {
    const date = new Date((periodStart + d) * 86_400_000);
    mi[d] = date.getUTCMonth();
    di[d] = date.getUTCDate() - 1;
    wi[d] = ((((periodStart + d + 3) % 7) + 7) % 7);
  }
  const wm = new Array(12).fill(1);
  const wd = new Array(31).fill(1);
  const ww = new Array(7).fill(1);
  const targets: Array<[number[], number[], Int8Array]> = [
    [wm, sketch.month, mi],
    [wd, sketch.dayOfMonth, di],
    [ww, sketch.weekday, wi],
  ];
  const total = sketch.month.reduce((a, b) => a + b, 0);
  for (let it = 0; it < ITERATIONS; it++) {
    for (const [w, observed, index] of targets) {
      const expected = new Array(w.length).fill(0);
      let sum = 0;
      for (let d = 0; d < days; d++) {
        const x = exposure[d] * wm[mi[d]] * wd[di[d]] * ww[wi[d]];
        expected[index[d]] += x;
        sum += x;
      }
      for (let j = 0; j < w.length; j++) {
        const want = observed[j] / total;
        const have = sum > 0 ? expected[j] / sum : 0;
        w[j] = have > 0 ? w[j] * (want / have) : 0;
      }
    }
  }
  const norm = (w: number[]): number[] => {
    const mean = w.reduce((a, b) => a + b, 0) / w.length;
    return w.map((x) => (mean > 0 ? Number((x / mean).toPrecision(4)) : 1));
  };
  return { month: norm(wm), day_of_month: norm(wd), weekday: norm(ww) };
}
