import { describe, expect, it } from 'vitest';
import type { TopLevelSpec } from 'vega-lite';
import { renderSvg } from '../../src/report/vega-svg.js';
import { marksIn } from './helpers.js';

describe('renderSvg', () => {
  it('renders a vega-lite spec to a standalone SVG string with one mark per datum', async () => {
    const spec = {
      width: 120,
      height: 80,
      data: { values: [{ k: 'a', v: 1 }, { k: 'b', v: 3 }, { k: 'c', v: 2 }] },
      mark: 'bar',
      encoding: { x: { field: 'k', type: 'nominal' }, y: { field: 'v', type: 'quantitative' } },
    } as TopLevelSpec;
    const svg = await renderSvg(spec);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(marksIn(svg, 'marks')).toBe(3);
  });

  it('is deterministic: the same spec gives the same bytes', async () => {
    const spec = { data: { values: [{ v: 1 }] }, mark: 'point', encoding: { x: { field: 'v', type: 'quantitative' } } } as TopLevelSpec;
    expect(await renderSvg(spec)).toBe(await renderSvg(spec));
  });
});
