import { TABLE3_KEYS, TABLE3_TITLES } from '../score/table-columns.js';
import { formatScorePercent } from '../score/format-results.js';
import type { RunScores, ScoreInterval } from '../schema/results.js';
import { ciCaption, domainChartSpec, difficultyChartSpec, statusChartSpec, subDomainChartSpec, table3ChartSpec } from './score-charts.js';
import { renderSvg } from './vega-svg.js';

import { escapeHtml as esc } from './html.js';

const ci = (x: ScoreInterval | undefined) => (x ? `[${formatScorePercent(x.lo)}, ${formatScorePercent(x.hi)}]` : '–');

/** The report's charts as static SVG figures: Table 3, status, domains, sub-domains (Table A12), difficulty. */
async function runCharts(s: RunScores): Promise<string> {
  const specs = [
    ['table3', table3ChartSpec(s)],
    ['status', statusChartSpec(s.counts)],
    ['domain', domainChartSpec(s)],
    ['sub-domain', subDomainChartSpec(s)],
    ['difficulty', difficultyChartSpec(s)],
  ] as const;
  const figures: string[] = [];
  for (const [id, spec] of specs) figures.push(`<figure id="chart-${id}">${await renderSvg(spec)}</figure>`);
  return figures.join('\n');
}

/** What the run report shows of a run's `results.json` (`RunResults` of src/eval has these fields and more). */
export interface RunReportInput {
  model: string;
  base_url: string | null;
  mode: string;
  structured_output: boolean | null;
  tool_version: string;
  config_hash: string;
  dataset_hash: string;
  prompt_hash: string;
  table3_row: string[];
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  scores: RunScores;
  items: ReadonlyArray<{ item_id: string; format: string; status: string; value?: number; selected: string[]; gold: string[]; score: number; parse_trace: string[] }>;
}

/**
 * A self-contained HTML page for one run: identity, charts (Table 3 with bootstrap CIs, answer status, domains,
 * sub-domains, difficulty) as static SVG rendered here with vega, then the Table 3 row, counts, token usage, group
 * scores and every item with its status, selection, gold, score and parse trace. No scripts, no external assets.
 */
export async function renderRunReportHtml(r: RunReportInput): Promise<string> {
  const s = r.scores;
  const row = (cells: string[], tag = 'td') => `<tr>${cells.map((c) => `<${tag}>${c}</${tag}>`).join('')}</tr>`;
  const table3 = `<table><thead>${row(TABLE3_KEYS.map((k) => esc(TABLE3_TITLES[k])), 'th')}</thead><tbody>${row(r.table3_row.map(esc))}</tbody></table>`;
  const counts = Object.entries(s.counts).map(([k, v]) => row([esc(k), String(v)])).join('');
  const groups = (title: string, dim: string, gs: typeof s.byDomain) =>
    `<h2>${esc(title)}</h2><table><thead>${row(['group', 'n', 'score ×100', s.bootstrap ? `${Math.round(100 * s.bootstrap.level)}% CI` : 'CI'], 'th')}</thead><tbody>${gs
      .map((g) => row([esc(g.key), String(g.n), formatScorePercent(g.mean), ci(s.ci[`${dim}:${g.key}`])]))
      .join('')}</tbody></table>`;
  const itemRows = r.items
    .map((it) =>
      row([
        esc(it.item_id),
        esc(it.format),
        esc(it.status),
        esc(it.value !== undefined ? String(it.value) : it.selected.join(',')),
        esc(it.gold.join(',')),
        formatScorePercent(it.score),
        `<details><summary>trace</summary><pre>${esc(it.parse_trace.join('\n'))}</pre></details>`,
      ]),
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>cclupe run: ${esc(r.model)}</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem;max-width:72rem}table{border-collapse:collapse;margin:.5rem 0 1.5rem}td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left}th{background:#f3f3f3}pre{white-space:pre-wrap;margin:0}.caption{color:#555;margin:.5rem 0 0}.charts{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start;margin:1rem 0 1.5rem}figure{margin:0;border:1px solid #eee;padding:6px}</style>
</head><body>
<h1>Run: ${esc(r.model)}</h1>
<p>Endpoint ${esc(r.base_url ?? 'offline baseline')} · mode ${esc(r.mode)} · structured output ${esc(String(r.structured_output))} · cclupe-kit ${esc(r.tool_version)}<br>
config ${esc(r.config_hash.slice(0, 12))} · dataset ${esc(r.dataset_hash.slice(0, 12))} · prompts ${esc(r.prompt_hash.slice(0, 12))}</p>
<p class="caption">${esc(ciCaption(s))}</p>
<div class="charts">
${await runCharts(s)}
</div>
<h2>CCLUPE Table 3 (×100)</h2>${table3}
<p>S_dom ${formatScorePercent(s.summary.sDom)} · S_cog ${formatScorePercent(s.summary.sCog)} · Mrate ${formatScorePercent(s.summary.mrate)} · λ=${s.params.lambda} η=${s.params.eta} δ=${s.params.delta}</p>
<h2>Counts</h2><table><tbody>${counts}</tbody></table>
<h2>Tokens</h2><p>prompt ${r.usage.prompt_tokens} · completion ${r.usage.completion_tokens} · total ${r.usage.total_tokens}</p>
${groups('By domain', 'domain', s.byDomain)}${groups('By cognition', 'cognition', s.byCognition)}${groups('By format', 'format', s.byFormat)}${groups('By difficulty', 'difficulty', s.byDifficulty)}
<h2>Items</h2><table><thead>${row(['item', 'format', 'status', 'answer', 'gold', 'score', 'parse'], 'th')}</thead><tbody>${itemRows}</tbody></table>
</body></html>
`;
}
