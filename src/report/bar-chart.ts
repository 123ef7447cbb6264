import type { TopLevelSpec } from 'vega-lite';
import { maxOf } from '../log/extremes.js';

/** One bar: a category label, its value (null = nothing measured: an empty slot on the axis), an optional interval. */
export interface ChartBar {
  label: string;
  value: number | null;
  /** Colour group (legend entry); bars without one share the chart's single colour. */
  group?: string;
  lo?: number;
  hi?: number;
}

/** Options of `barChartSpec`. */
export interface BarChartOptions {
  title: string;
  subtitle?: string;
  /** `vertical`: categories along x; `horizontal`: categories down y (long labels). */
  orient: 'vertical' | 'horizontal';
  /** Title of the value axis. */
  valueTitle: string;
  /** Fixed value-axis domain, e.g. [0, 100] for scores; default: from the data, starting at 0. */
  valueDomain?: [number, number];
  /** d3 format of the printed values (default `.1f`). */
  format?: string;
  /** Counts: integer axis ticks and printed values. */
  integer?: boolean;
  /** Show the colour legend of grouped bars (default true). */
  legend?: boolean;
  /** Colour per group, in legend order; or one colour for every bar. */
  colors: { domain: string[]; range: string[] } | string;
  /** Size of one category step in pixels (default 34 vertical, 22 horizontal). */
  step?: number;
  /** Length of the value axis in pixels (default 220 vertical, 320 horizontal). */
  length?: number;
  /**
   * Longest category label in pixels before it is cut with an ellipsis (default 0: never). Without a canvas, vega
   * estimates text at 0.8 × font size per character, wider than drawn, so a limit cuts labels early.
   */
  labelLimit?: number;
}

/** Shared look of the report charts: system sans-serif, readable label sizes, no frame. */
export const CHART_CONFIG = {
  font: 'sans-serif',
  view: { stroke: null },
  axis: { labelFontSize: 12, titleFontSize: 12, titleFontWeight: 'normal', gridColor: '#e6e6e6' },
  legend: { labelFontSize: 12, orient: 'top', title: null },
  title: { fontSize: 14, subtitleFontSize: 11, subtitleColor: '#555', anchor: 'start', offset: 10 },
} as const;

/**
 * The vega-lite spec of a bar chart with optional error bars (`lo`–`hi`, drawn as a ruled interval with caps) and
 * the value printed at the end of each bar (past its interval). Empty categories keep their slot and read "n/a".
 */
export function barChartSpec(bars: readonly ChartBar[], options: BarChartOptions): TopLevelSpec {
  const format = options.integer ? 'd' : (options.format ?? '.1f');
  const vertical = options.orient === 'vertical';
  const labels = bars.map((b) => b.label);
  const values = bars.map((b, order) => ({
    label: b.label,
    order,
    group: b.group ?? '',
    value: b.value,
    lo: b.lo ?? null,
    hi: b.hi ?? null,
    // Where the printed value sits: past the error bar when there is one, at 0 for an empty category.
    at: b.hi ?? b.value ?? 0,
    text: b.value === null ? 'n/a' : null,
  }));
  const maxAt = Math.max(0, maxOf(values.map((v) => v.at)));
  const domain = options.valueDomain ?? [0, maxAt > 0 ? maxAt * 1.15 : 1];
  const cat = {
    field: 'label',
    type: 'nominal',
    sort: labels,
    scale: { domain: labels },
    title: null,
    axis: vertical ? { labelAngle: labels.some((l) => l.length > 6) ? -35 : 0, labelLimit: options.labelLimit ?? 0 } : { labelLimit: options.labelLimit ?? 0 },
  };
  const val = (field: string, withAxis = false) => ({
    field,
    type: 'quantitative',
    scale: { domain, nice: false },
    title: options.valueTitle,
    ...(withAxis ? { axis: { format: 'd', tickCount: 5, ...(options.integer ? { tickMinStep: 1 } : {}) } } : {}),
  });
  const c = vertical ? { cat: 'x', val: 'y', val2: 'y2' } : { cat: 'y', val: 'x', val2: 'x2' };
  const color =
    typeof options.colors === 'string'
      ? { value: options.colors }
      : { field: 'group', type: 'nominal', scale: { domain: options.colors.domain, range: options.colors.range }, legend: options.legend === false ? null : { orient: 'top', title: null } };
  const step = options.step ?? (vertical ? 34 : 22);
  const length = options.length ?? (vertical ? 220 : 320);
  const hasCi = bars.some((b) => b.lo !== undefined && b.hi !== undefined);
  const layers: object[] = [
    { transform: [{ filter: 'datum.value !== null' }], mark: { type: 'bar', ...(vertical ? { width: { band: 0.7 } } : { height: { band: 0.7 } }) }, encoding: { [c.cat]: cat, [c.val]: val('value', true), color } },
  ];
  if (hasCi) {
    layers.push({
      transform: [{ filter: 'datum.lo !== null && datum.hi !== null' }],
      mark: { type: 'errorbar', ticks: { size: vertical ? 10 : 8 }, color: '#333', thickness: 1.2 },
      encoding: { [c.cat]: cat, [c.val]: val('lo'), [c.val2]: { field: 'hi' } },
    });
  }
  layers.push({
    transform: [{ calculate: `datum.text !== null ? datum.text : format(datum.value, '${format}')`, as: 'shown' }],
    mark: vertical
      ? { type: 'text', baseline: 'bottom', dy: -3, fontSize: 11, color: '#333' }
      : { type: 'text', align: 'left', baseline: 'middle', dx: 4, fontSize: 11, color: '#333' },
    encoding: { [c.cat]: cat, [c.val]: val('at'), text: { field: 'shown' } },
  });
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: options.subtitle ? { text: options.title, subtitle: options.subtitle } : { text: options.title },
    ...(vertical ? { width: { step }, height: length } : { width: length, height: { step } }),
    data: { values },
    layer: layers,
    config: CHART_CONFIG,
  } as unknown as TopLevelSpec;
}
