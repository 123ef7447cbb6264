import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { skipWithout } from '../support/prerequisites.js';
import { BinnedAccumulator, ReferenceSketch } from '../../src/drift/accumulator.js';
import { renderDriftHtml } from '../../src/report/drift-html.js';
import { buildDriftReport } from '../../src/drift/report.js';
import { makeLog } from '../drift/helpers.js';
import { CHROMIUM, launchChromium } from '../support/chromium.js';

const artifacts = join(import.meta.dirname, '..', '..', 'test-artifacts');

async function sampleReport() {
  const sketch = new ReferenceSketch();
  for (let i = 0; i < 200; i++) sketch.add(makeLog(`R${i}`, { seed: 'html-ref' }));
  const reference = sketch.fit({ bins: 15, createdBy: 'test', source: { corpusHash: 'sha256:test', files: 200, logs: 200, rows: 0 } });
  const acc = new BinnedAccumulator(reference);
  // Night-time spending: the hour histogram must show the generated bars at 00–04 and the reference at 08–21.
  for (let i = 0; i < 200; i++) acc.add(makeLog(`G${i}`, { seed: 'html-gen', hour: (rng) => Math.floor(rng.next() * 5) }));
  return buildDriftReport(reference, acc.result());
}

describe('renderDriftHtml', () => {
  it('is self-contained: inline SVG charts, no script and no external resource', async () => {
    const report = await sampleReport();
    const html = await renderDriftHtml(report);
    expect((html.match(/<svg/g) ?? []).length).toBe(12);
    expect(html).not.toMatch(/<script|<link|src="http|href="http/);
    // Drifted features come first in the table.
    const firstRow = /<tbody>\s*<tr class="([a-z_]+)"><td>[^<]*<\/td><td>([^<]*)</.exec(html)!;
    expect(firstRow[1]).toBe('drift');
    expect(firstRow[2]).toBe('Hour of day');
    // Built from binned counts: the page size does not grow with the corpus (12 features × ≤ 31 bins).
    expect(html.length).toBeLessThan(400_000);
  });

  describe.skipIf(skipWithout(CHROMIUM, 'Chromium'))('in headless Chromium', () => {
    it('renders every chart without console errors and saves a screenshot', async () => {
      const report = await sampleReport();
      mkdirSync(artifacts, { recursive: true });
      const file = join(artifacts, 'drift-report.html');
      writeFileSync(file, await renderDriftHtml(report));
      const browser = await launchChromium();
      try {
        const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
        const errors: string[] = [];
        page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
        page.on('pageerror', (e) => errors.push(String(e)));
        await page.goto(pathToFileURL(file).href);
        const charts = await page.locator('figure svg').count();
        expect(charts).toBe(12);
        // Each chart drew bars (vega marks as paths) and has a visible size.
        const bars = await page.locator('figure svg path').count();
        expect(bars).toBeGreaterThan(12 * 5);
        const box = await page.locator('figure svg').first().boundingBox();
        expect(box!.width).toBeGreaterThan(100);
        expect(box!.height).toBeGreaterThan(100);
        await page.screenshot({ path: join(artifacts, 'drift-report.png'), fullPage: true });
        expect(existsSync(join(artifacts, 'drift-report.png'))).toBe(true);
        expect(errors).toEqual([]);
      } finally {
        await browser.close();
      }
    });
  });
});
