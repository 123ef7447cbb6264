import { describe, expect, it } from 'vitest';
import { barChartSpec } from '../../src/report/bar-chart.js';
import { renderSvg } from '../../src/report/vega-svg.js';
import { marksIn, textsOf } from './helpers.js';

const base = { title: 'Scores', orient: 'vertical', valueTitle: 'score ×100', valueDomain: [0, 100] as [number, number], colors: '#4c78a8' } as const;

describe('barChartSpec', () => {
  it('draws one bar per measured category, an error bar per interval and the values, "n/a" for an empty one', async () => {
    const svg = await renderSvg(
      barChartSpec(
        [
          { label: 'Mem.', value: 40, lo: 30, hi: 52.5 },
          { label: 'Com.', value: null },
          { label: 'Ana.', value: 12.25, lo: 5, hi: 20 },
        ],
        base,
      ),
    );
    expect(marksIn(svg, 'layer_0_marks')).toBe(2);
    // The errorbar composite mark: one rule per interval (plus caps in their own groups).
    expect(marksIn(svg, 'layer_1_layer_0_marks')).toBe(2);
    const texts = textsOf(svg);
    expect(texts).toEqual(expect.arrayContaining(['Mem.', 'Com.', 'Ana.', '40.0', 'n/a', '12.3', 'Scores', 'score ×100']));
  });

  it('adds no error-bar layer when no bar has an interval, and prints integer counts', async () => {
    const spec = barChartSpec([{ label: 'answered', value: 14 }, { label: 'error', value: 1 }], { ...base, orient: 'horizontal', integer: true, valueDomain: undefined });
    expect((spec as { layer: unknown[] }).layer).toHaveLength(2);
    const texts = textsOf(await renderSvg(spec));
    expect(texts).toEqual(expect.arrayContaining(['answered', 'error', '14', '1']));
    expect(texts).not.toContain('14.0');
  });

  it('keeps the category order given, empty categories included', () => {
    const spec = barChartSpec([{ label: 'Low', value: 1 }, { label: 'Medium', value: null }, { label: 'High', value: 3 }], base) as unknown as {
      layer: Array<{ encoding: { x: { sort: string[]; scale: { domain: string[] } } } }>;
    };
    for (const l of spec.layer) expect(l.encoding.x.scale.domain).toEqual(['Low', 'Medium', 'High']);
  });
});
