import type { TopLevelSpec } from 'vega-lite';

/**
 * Renders a vega-lite spec to a static SVG string in Node (vega headless View, no DOM, no canvas).
 * vega and vega-lite are imported here, on first use, so that importing the library does not load them (≈ 1.5 s).
 */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const [vega, { compile }] = await Promise.all([import('vega'), import('vega-lite')]);
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
