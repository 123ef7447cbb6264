import { gzipSync } from 'node:zlib';
import { TABLE3_KEYS, TABLE3_TITLES } from '../score/table-columns.js';
import type { Item } from '../schema/item.js';
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

/** What the per-item browser shows besides `results.json`: the questions and the replies, by item id. */
export interface ReportDetails {
  items: ReadonlyMap<string, Item>;
  /** The reply content of each answered item (the cache holds it whole; the page keeps its end). */
  replies: ReadonlyMap<string, string | null>;
}

/** Characters of a reply kept in the page: its end, where the answer is. The whole reply is in responses.jsonl. */
export const REPLY_EXCERPT_CHARS = 240;
/** Items per page of the item browser. */
export const ITEMS_PER_PAGE = 50;

const excerpt = (text: string | null | undefined) => {
  if (text === null || text === undefined) return '';
  return text.length <= REPLY_EXCERPT_CHARS ? text : `…${text.slice(-REPLY_EXCERPT_CHARS)}`;
};

/**
 * The items as column arrays (ids, statuses, stems… each in one array, so that gzip finds the repeats), as JSON,
 * gzipped and base64-encoded: 15,000 items with their questions fit in well under a megabyte.
 */
function itemData(r: RunReportInput, details: ReportDetails | undefined): string {
  const cols = {
    id: [] as string[],
    log: [] as string[],
    format: [] as string[],
    domain: [] as string[],
    status: [] as string[],
    score: [] as string[],
    selected: [] as string[],
    gold: [] as string[],
    stem: [] as string[],
    options: [] as string[][],
    reply: [] as string[],
    extraction: [] as string[],
  };
  for (const it of r.items) {
    const q = details?.items.get(it.item_id);
    cols.id.push(it.item_id);
    cols.log.push(it.log_id);
    cols.format.push(it.format);
    cols.domain.push(q?.domain ?? '');
    cols.status.push(it.status);
    cols.score.push(formatScorePercent(it.score));
    cols.selected.push(it.value !== undefined ? String(it.value) : it.selected.join(','));
    cols.gold.push(it.gold_value !== undefined && it.format === 'numeric' ? String(it.gold_value) : it.gold.join(','));
    cols.stem.push(q?.stem ?? '');
    cols.options.push(q ? q.options.map((o) => `${o.key}. ${o.text}`) : []);
    cols.reply.push(excerpt(details?.replies.get(it.item_id)));
    cols.extraction.push(it.parse_trace.join(' → '));
  }
  return gzipSync(JSON.stringify(cols), { level: 9 }).toString('base64');
}

// The item browser: decodes the data, filters by status, domain and format (and an id search), and shows one page of
// items at a time, each with its question, options (gold and selected marked), reply and extraction. Model text is
// only ever set as textContent, never parsed as HTML.
const BROWSER_SCRIPT = `(async()=>{
const el=(t,c,x)=>{const e=document.createElement(t);if(c)e.className=c;if(x!==undefined)e.textContent=x;return e};
const b64=document.getElementById('item-data').textContent.trim();
const bytes=Uint8Array.from(atob(b64),c=>c.charCodeAt(0));
const d=JSON.parse(await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text());
const n=d.id.length,per=${ITEMS_PER_PAGE};
const f={status:document.getElementById('f-status'),domain:document.getElementById('f-domain'),format:document.getElementById('f-format'),q:document.getElementById('f-id')};
for(const k of ['status','domain','format']){for(const v of [...new Set(d[k])].filter(v=>v!=='').sort()){const o=el('option','',v);o.value=v;f[k].append(o)}}
let page=0,shown=[];
const list=document.getElementById('items'),info=document.getElementById('page-info');
function filter(){const s=f.status.value,dm=f.domain.value,fm=f.format.value,q=f.q.value.trim();shown=[];
for(let i=0;i<n;i++){if((s===''||d.status[i]===s)&&(dm===''||d.domain[i]===dm)&&(fm===''||d.format[i]===fm)&&(q===''||d.id[i].includes(q)))shown.push(i)}page=0;draw()}
function draw(){const pages=Math.max(1,Math.ceil(shown.length/per));page=Math.min(Math.max(0,page),pages-1);list.replaceChildren();
for(const i of shown.slice(page*per,page*per+per)){const a=el('article','item');a.dataset.status=d.status[i];
const h=el('h3','',d.id[i]+' · '+d.format[i]+(d.domain[i]?' · '+d.domain[i]:'')+' · '+d.status[i]+' · score '+d.score[i]);a.append(h);
if(d.stem[i])a.append(el('p','stem',d.stem[i]));
const gold=new Set(d.gold[i].split(',')),sel=new Set(d.selected[i].split(','));
if(d.options[i].length){const ul=el('ul','options');for(const o of d.options[i]){const k=o.split('.')[0];const li=el('li',(gold.has(k)?'gold ':'')+(sel.has(k)?'picked':''),o);ul.append(li)}a.append(ul)}
const dl=el('dl');for(const [t,v] of [['gold',d.gold[i]],['answer',d.selected[i]||'–'],['reply',d.reply[i]||'(none)'],['extraction',d.extraction[i]]]){dl.append(el('dt','',t));const dd=el('dd');dd.append(el(t==='reply'?'pre':'span','',v));dl.append(dd)}
a.append(dl);list.append(a)}
info.textContent=shown.length?('items '+(page*per+1)+'–'+Math.min(shown.length,page*per+per)+' of '+shown.length+' (page '+(page+1)+' of '+pages+')'):'no item matches';}
for(const k of ['status','domain','format'])f[k].addEventListener('change',filter);f.q.addEventListener('input',filter);
document.getElementById('prev').addEventListener('click',()=>{page--;draw()});document.getElementById('next').addEventListener('click',()=>{page++;draw()});
filter();document.body.dataset.ready='1';})();`;

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
  items: ReadonlyArray<{ item_id: string; log_id: string; format: string; status: string; value?: number; selected: string[]; gold: string[]; score: number; parse_trace: string[]; gold_value?: number }>;
}

/**
 * A self-contained HTML page for one run: identity, charts (Table 3 with bootstrap CIs, answer status, domains,
 * sub-domains, difficulty) as static SVG rendered here with vega, then the Table 3 row, counts, token usage and group
 * scores, and an item browser: filters by status, domain and format and pages of items, each with its question,
 * options, gold, reply and extraction. The items travel gzipped in the page (one inline script decodes them), so a
 * 15,000-item run stays well under a megabyte; no external assets.
 */
export async function renderRunReportHtml(r: RunReportInput, details?: ReportDetails): Promise<string> {
  const s = r.scores;
  const row = (cells: string[], tag = 'td') => `<tr>${cells.map((c) => `<${tag}>${c}</${tag}>`).join('')}</tr>`;
  const table3 = `<table><thead>${row(TABLE3_KEYS.map((k) => esc(TABLE3_TITLES[k])), 'th')}</thead><tbody>${row(r.table3_row.map(esc))}</tbody></table>`;
  const counts = Object.entries(s.counts).map(([k, v]) => row([esc(k), String(v)])).join('');
  const groups = (title: string, dim: string, gs: typeof s.byDomain) =>
    `<h2>${esc(title)}</h2><table><thead>${row(['group', 'n', 'score ×100', s.bootstrap ? `${Math.round(100 * s.bootstrap.level)}% CI` : 'CI'], 'th')}</thead><tbody>${gs
      .map((g) => row([esc(g.key), String(g.n), formatScorePercent(g.mean), ci(s.ci[`${dim}:${g.key}`])]))
      .join('')}</tbody></table>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>cclupe run: ${esc(r.model)}</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem;max-width:72rem}table{border-collapse:collapse;margin:.5rem 0 1.5rem}td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left}th{background:#f3f3f3}pre{white-space:pre-wrap;margin:0}.caption{color:#555;margin:.5rem 0 0}.charts{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start;margin:1rem 0 1.5rem}figure{margin:0;border:1px solid #eee;padding:6px}.filters{display:flex;gap:1rem;flex-wrap:wrap;align-items:center;margin:.5rem 0}.item{border:1px solid #ddd;padding:.5rem .8rem;margin:.5rem 0}.item h3{font-size:14px;margin:0 0 .3rem}.item .options{margin:.2rem 0;padding-left:1.2rem}.item .gold{font-weight:bold}.item .picked::after{content:" ← answered"}.item dl{display:grid;grid-template-columns:7rem 1fr;gap:.1rem .5rem;margin:.3rem 0}.item dt{color:#555}.item dd{margin:0}</style>
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
<h2>Items</h2>
<p class="caption">Each item with its question, options (gold in bold), the end of the reply (the whole reply is in responses.jsonl) and how the answer was extracted; the full record is in results.json.</p>
<div class="filters"><label>status <select id="f-status"><option value="">all</option></select></label><label>domain <select id="f-domain"><option value="">all</option></select></label><label>format <select id="f-format"><option value="">all</option></select></label><label>item id <input id="f-id" size="14"></label><button id="prev" type="button">‹ previous</button><span id="page-info"></span><button id="next" type="button">next ›</button></div>
<noscript><p>The item browser needs JavaScript; every item is in results.json.</p></noscript>
<div id="items"></div>
<script type="application/octet-stream" id="item-data">${itemData(r, details)}</script>
<script>${BROWSER_SCRIPT}</script>
</body></html>
`;
}
