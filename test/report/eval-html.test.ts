import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { skipWithout } from '../support/prerequisites.js';
import { parseEvalConfig } from '../../src/eval/config.js';
import { loadEvalDataset } from '../../src/io/eval-dataset.js';
import { renderRunReportHtml } from '../../src/report/eval-html.js';
import type { RunResults } from '../../src/eval/results.js';
import type { Item } from '../../src/schema/item.js';
import { runEval } from '../../src/eval/run.js';
import { marksIn, textsOf } from './helpers.js';
import { tempDir } from '../eval/fixtures.js';
import { CHROMIUM, launchChromium } from '../support/chromium.js';
import { CLI, cclupe } from '../support/cli.js';

const artifacts = resolve('test-artifacts');
const CHART_IDS = ['table3', 'status', 'domain', 'sub-domain', 'difficulty'];

/** The figure with a given id, as SVG text. */
const figure = (html: string, id: string) => new RegExp(`<figure id="chart-${id}">(<svg.*?</svg>)</figure>`, 's').exec(html)?.[1] ?? '';

describe.skipIf(skipWithout(CLI, 'the built CLI (npm run build)'))('renderRunReportHtml', () => {
  let runDir = '';
  let results: RunResults;
  let html = '';

  beforeAll(async () => {
    // A real generated dataset (8 logs of the four default profiles, their questions) run by the random baseline.
    const dir = tempDir();
    expect((await cclupe(['generate', '--count', '8', '--seed', 'report-html', '--questions', '--workers', '1', '--out', join(dir, 'ds')])).status).toBe(0);
    runDir = join(dir, 'run');
    const outcome = await runEval(loadEvalDataset(join(dir, 'ds')), parseEvalConfig({ model: 'baseline:random' }), { runDir, bootstrap: { replicates: 200 } });
    results = outcome.results;
    html = readFileSync(join(runDir, 'report.html'), 'utf8');
  });

  it('is written by runEval: self-contained, five SVG charts above the tables, one inline script and no external resource', () => {
    expect(html).toBe(readFileSync(join(runDir, 'report.html'), 'utf8'));
    expect((html.match(/<svg/g) ?? []).length).toBe(5);
    for (const id of CHART_IDS) expect(figure(html, id)).toMatch(/^<svg/);
    expect(html).not.toMatch(/<script[^>]* src=|<link|src="http|href="http/);
    expect(html.indexOf('<figure')).toBeLessThan(html.indexOf('<table'));
    expect(html).toContain('<h2>Items</h2>');
    expect(html).toContain('Error bars: 95% cluster-bootstrap confidence intervals (200 resamples of whole logs');
  });

  it('draws the Table 3 row as bars with an error bar per column, printing the same values as the table', () => {
    const svg = figure(html, 'table3');
    const measured = results.table3_row.filter((v) => v !== '–');
    expect(marksIn(svg, 'layer_0_marks')).toBe(measured.length);
    expect(marksIn(svg, 'layer_1_layer_0_marks')).toBe(measured.length);
    expect(textsOf(svg)).toEqual(expect.arrayContaining([...measured, 'Mem.', 'LogScore']));
  });

  it('draws the status counts, a bar per domain and sub-domain with items, and the three difficulties', () => {
    const s = results.scores;
    expect(textsOf(figure(html, 'status'))).toEqual(expect.arrayContaining(['answered', 'invalid', 'no_answer', 'truncated', 'error', String(s.counts.answered)]));
    expect(marksIn(figure(html, 'domain'), 'layer_0_marks')).toBe(s.byDomain.filter((g) => g.mean !== null).length);
    expect(marksIn(figure(html, 'sub-domain'), 'layer_0_marks')).toBe(Object.values(s.tableA12).filter((v) => v !== null).length);
    expect(textsOf(figure(html, 'difficulty'))).toEqual(expect.arrayContaining(s.byDifficulty.map((g) => `${{ L: 'Low', M: 'Medium', H: 'High' }[g.key]} (${g.n})`)));
  });

  it('says so when there are no confidence intervals, and draws no error bars', async () => {
    const noCi: RunResults = { ...results, scores: { ...results.scores, bootstrap: null, ci: {} } };
    const page = await renderRunReportHtml(noCi);
    expect(page).toContain('No confidence intervals: the bootstrap was off.');
    expect(figure(page, 'table3')).not.toContain('layer_1_layer_0_marks');
  });

  describe.skipIf(skipWithout(CHROMIUM, 'Chromium'))('in headless Chromium', () => {
    it('renders every chart with a visible size, without console errors, and saves a screenshot', async () => {
      mkdirSync(artifacts, { recursive: true });
      const file = join(artifacts, 'run-report.html');
      writeFileSync(file, html);
      const browser = await launchChromium();
      try {
        const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
        const errors: string[] = [];
        const requests: string[] = [];
        page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
        page.on('pageerror', (e) => errors.push(String(e)));
        page.on('request', (r) => requests.push(r.url()));
        await page.goto(pathToFileURL(file).href);
        expect(await page.locator('figure svg').count()).toBe(5);
        for (const id of CHART_IDS) {
          const box = await page.locator(`#chart-${id} svg`).boundingBox();
          expect(box!.width).toBeGreaterThan(150);
          expect(box!.height).toBeGreaterThan(100);
        }
        // Bars are drawn as paths; the Table 3 chart alone has nine bars plus error bars.
        expect(await page.locator('#chart-table3 svg path').count()).toBeGreaterThan(9);
        await page.screenshot({ path: join(artifacts, 'run-report.png'), fullPage: true });
        await page.locator('.charts').screenshot({ path: join(artifacts, 'run-report-charts.png') });
        expect(existsSync(join(artifacts, 'run-report.png'))).toBe(true);
        expect(requests).toEqual([pathToFileURL(file).href]);
        expect(errors).toEqual([]);
      } finally {
        await browser.close();
      }
    });
  });
});

describe.skipIf(skipWithout(CLI, 'the built CLI (npm run build)'))('the run report of 15,000 items', () => {
  const N = 15_000;
  let html = '';
  let big: RunResults;
  let questions = new Map<string, Item>();

  beforeAll(async () => {
    // 40 real generated logs (600 items with their real stems and options), replicated to 15,000 items under new ids.
    // One copy of the question text is ~90 KB, beyond gzip's 32 KB window, so the copies do not compress for free.
    const dir = tempDir();
    expect((await cclupe(['generate', '--count', '40', '--seed', 'report-size', '--questions', '--workers', '1', '--out', join(dir, 'ds')])).status).toBe(0);
    const { results } = await runEval(loadEvalDataset(join(dir, 'ds')), parseEvalConfig({ model: 'baseline:random' }), { runDir: join(dir, 'run'), bootstrap: false });
    const base = new Map(readFileSync(join(dir, 'ds', 'questions.jsonl'), 'utf8').trim().split('\n').map((l) => [JSON.parse(l).id, JSON.parse(l) as Item]));
    const statuses = ['answered', 'answered', 'invalid', 'no_answer'];
    const items: RunResults['items'] = [];
    const replies = new Map<string, string>();
    for (let k = 0; items.length < N; k++) {
      for (const it of results.items) {
        if (items.length === N) break;
        const id = `${it.item_id}-r${k}`;
        const status = statuses[items.length % statuses.length];
        items.push({ ...it, item_id: id, status, selected: status === 'answered' ? it.selected : [] });
        questions.set(id, { ...base.get(it.item_id)!, id });
        const pick = it.selected.join(', ') || 'A';
        replies.set(id, `Summing the ${['salary', 'rent', 'refund', 'loan'][k % 4]} rows gives ${(items.length * 37) % 9000}.${items.length % 100} CZK over ${1 + (k % 12)} months.\n${status === 'no_answer' ? 'I cannot tell.' : `Answer: ${pick}`}`);
      }
    }
    big = { ...results, items };
    html = await renderRunReportHtml(big, { items: questions, replies });
  });

  it('stays under 1 MB with every item, its question and its reply, and keeps the five charts', () => {
    expect(Buffer.byteLength(html)).toBeLessThan(1_000_000);
    expect((html.match(/<svg/g) ?? []).length).toBe(5);
  });

  describe.skipIf(skipWithout(CHROMIUM, 'Debian chromium (apt-get install chromium)'))('in headless Chromium', () => {
    it('shows one page of items, each with question, options, gold, reply and extraction; filters by status, domain and format', async () => {
      mkdirSync(artifacts, { recursive: true });
      const file = join(artifacts, 'run-report-15k.html');
      writeFileSync(file, html);
      const browser = await launchChromium();
      try {
        const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(String(e)));
        page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
        await page.goto(pathToFileURL(file).href);
        await page.waitForSelector('body[data-ready="1"]');
        expect(await page.locator('figure svg').count()).toBe(5);
        expect(await page.locator('#items article').count()).toBe(50);
        expect(await page.locator('#page-info').textContent()).toBe(`items 1–50 of ${N} (page 1 of 300)`);
        // The page stays short: one page of items, not 15,000 table rows.
        expect(await page.evaluate<number>('document.body.scrollHeight')).toBeLessThan(40_000);

        const first = big.items[0];
        const q = questions.get(first.item_id)!;
        const card = page.locator('#items article').first();
        const text = (await card.textContent()) ?? '';
        expect(text).toContain(first.item_id);
        expect(text).toContain(q.stem);
        for (const o of q.options) expect(text).toContain(`${o.key}. ${o.text}`);
        expect(await card.locator('li.gold').count()).toBe(q.answer.length);
        expect(text).toContain(`Answer: ${first.selected.join(', ')}`);
        expect(text).toContain(first.parse_trace.join(' → '));

        await page.selectOption('#f-status', 'invalid');
        const invalid = big.items.filter((i) => i.status === 'invalid').length;
        expect(await page.locator('#page-info').textContent()).toContain(`of ${invalid} `);
        for (const s of await page.locator('#items article').evaluateAll((as) => as.map((a) => (a as unknown as { dataset: Record<string, string> }).dataset.status))) expect(s).toBe('invalid');

        await page.selectOption('#f-format', 'multi');
        const domain = questions.get(big.items.find((i) => i.status === 'invalid' && i.format === 'multi')!.item_id)!.domain;
        await page.selectOption('#f-domain', domain);
        const want = big.items.filter((i) => i.status === 'invalid' && i.format === 'multi' && questions.get(i.item_id)!.domain === domain).length;
        expect(want).toBeGreaterThan(0);
        expect(await page.locator('#page-info').textContent()).toContain(`of ${want} `);
        await page.click('#next');
        expect(await page.locator('#page-info').textContent()).toContain(`(page 2 of ${Math.ceil(want / 50)})`);
        expect(errors).toEqual([]);
      } finally {
        await browser.close();
      }
    });
  });
});
if (!existsSync(CLI)) console.warn(`skipping the run report tests: ${CLI} not built (npm run build)`);
