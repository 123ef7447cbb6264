import type { TopLevelSpec } from 'vega-lite';
import type { FeatureDrift } from '../drift/compare.js';
import { FEATURES } from '../schema/drift-features.js';
import { sortForReport, type DriftReport } from '../drift/report.js';
import { renderSvg } from './vega-svg.js';
import { escapeHtml as esc } from './html.js';

export { renderSvg } from './vega-svg.js';

const num = (x: number | null, digits = 4): string => (x === null ? '–' : Number.isFinite(x) ? x.toFixed(digits) : '∞');

/** The vega-lite spec of one feature: reference and generated shares per bin, overlaid (not stacked). */
export function histogramSpec(f: FeatureDrift): TopLevelSpec {
  const total = (v: number[]) => v.reduce((a, b) => a + b, 0) || 1;
  const tg = total(f.bins.generated);
  const tr = total(f.bins.reference);
  const values = f.bins.labels.flatMap((bin, i) => [
    { bin, order: i, side: 'reference', share: f.bins.reference[i] / tr },
    { bin, order: i, side: 'generated', share: f.bins.generated[i] / tg },
  ]);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: `${f.title} (${f.group})`, subtitle: `KL ${num(f.kl)} · no-drift p99 ${num(f.noDriftLevel)} · ${f.status}` },
    width: Math.max(240, Math.min(560, 22 * f.bins.labels.length)),
    height: 140,
    data: { values },
    mark: { type: 'bar', opacity: 0.55 },
    encoding: {
      x: { field: 'bin', type: 'nominal', sort: f.bins.labels, title: FEATURES[f.feature].measure, axis: { labelAngle: -40, labelLimit: 90 } },
      y: { field: 'share', type: 'quantitative', stack: null, title: 'share', axis: { format: '.0%' } },
      color: {
        field: 'side',
        type: 'nominal',
        scale: { domain: ['reference', 'generated'], range: ['#4c78a8', '#f58518'] },
        legend: { orient: 'top', title: null },
      },
    },
    config: { font: 'sans-serif', view: { stroke: null } },
  } as TopLevelSpec;
}

/**
 * A self-contained HTML drift report: a metrics table (drifted features first) and, per available feature, the
 * reference and generated histograms overlaid, as static SVG rendered here from binned counts. No script and no
 * external resource, so it opens offline and its size depends on features × bins, not on the corpus.
 */
export async function renderDriftHtml(report: DriftReport): Promise<string> {
  const features = sortForReport(report.pooled.features);
  const rows = features
    .map(
      (f) =>
        `<tr class="${f.status}"><td>${esc(f.group)}</td><td>${esc(f.title)}</td><td>${f.status.replace('_', ' ')}${f.thresholdMeaningful === false ? ' (threshold under no-drift level)' : ''}</td>` +
        `<td>${num(f.kl)}</td><td>${num(f.threshold, 3)}</td><td>${num(f.noDriftLevel)}</td><td>${num(f.js)}</td><td>${num(f.psi)}</td>` +
        `<td>${num(f.w1)}</td><td>${num(f.ks)}</td><td>${num(f.unseenMass)}</td><td>${f.n}</td><td>${f.nRef}</td><td>${f.k}</td></tr>`,
    )
    .join('\n');
  const charts: string[] = [];
  for (const f of features) {
    if (f.status === 'unavailable' || f.bins.labels.length === 0) continue;
    charts.push(`<figure id="chart-${esc(f.group)}-${f.feature}" class="${f.status}">${await renderSvg(histogramSpec(f))}</figure>`);
  }
  const unavailable = features.filter((f) => f.status === 'unavailable').map((f) => `${f.title} (${f.group})`);
  const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
  const shifts = features.flatMap((f) => f.categoryShifts.map((c) => ({ f, c })));
  const rule = report.categoryShift;
  const categories = `<h2>Rare-category check</h2>
<p>Per category of the type and channel mixes: a share that changes more than ${rule.ratio}× (either way, or appears from nothing) and by more than ${rule.points} percentage points is flagged and fails the check. KL pools every category weighted by its share, so a large relative change of a rare type adds little to it.</p>
${
  shifts.length === 0
    ? '<p>No category flagged.</p>'
    : `<table><thead><tr><th>group</th><th>feature</th><th>category</th><th>share</th><th>reference share</th><th>ratio</th><th>n</th><th>n ref</th></tr></thead><tbody>
${shifts.map(({ f, c }) => `<tr class="drift"><td>${esc(f.group)}</td><td>${esc(f.title)}</td><td>${esc(c.label)}</td><td>${pct(c.share)}</td><td>${pct(c.refShare)}</td><td>${c.ratio === null ? 'new' : `×${c.ratio.toFixed(2)}`}</td><td>${c.generated}</td><td>${c.reference}</td></tr>`).join('\n')}
</tbody></table>`
}`;
  const unmatched = report.pooled.unmatched.length
    ? `<p class="fail">Not compared: ${esc(report.pooled.unmatched.map((u) => `${u.logs} ${u.group} log(s) of the ${u.side === 'generated' ? 'generated corpus' : 'reference'} (${u.reason})`).join('; '))}.</p>`
    : '';
  const perLog = report.perLog
    ? `<h2>Per-log check (${report.perLog.bins} bins, ${report.perLog.logs} logs)</h2>
<table><thead><tr><th>group</th><th>feature</th><th>k</th><th>drift</th><th>ok</th><th>not meaningful</th><th>mean KL</th><th>max KL</th></tr></thead><tbody>
${report.perLog.features
  .map((s) => `<tr><td>${esc(s.group)}</td><td>${esc(s.title)}</td><td>${s.k}</td><td>${s.logs.drift}</td><td>${s.logs.ok}</td><td>${s.logs.not_meaningful}</td><td>${num(s.meanKl)}</td><td>${num(s.maxKl)}</td></tr>`)
  .join('\n')}
</tbody></table>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>cclupe drift report</title>
<style>
body{font-family:sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse;font-size:13px}th,td{border:1px solid #ccc;padding:3px 6px;text-align:right}
td:nth-child(-n+3),th:nth-child(-n+3){text-align:left}
tr.drift td{background:#fde0dc}tr.not_meaningful td{background:#fff4d6}tr.unavailable td,tr.empty td{color:#888}
.charts{display:flex;flex-wrap:wrap;gap:12px}figure{margin:0;border:1px solid #eee;padding:4px}
.verdict{font-size:1.2em;font-weight:bold}.fail{color:#b00}.pass{color:#070}
</style></head><body>
<h1>Distribution drift</h1>
<p class="verdict ${report.passed ? 'pass">PASS' : 'fail">DRIFT'}: ${report.pooled.drifted} feature(s) over threshold, ${report.pooled.categoryShifts} category share(s) shifted, ${report.pooled.notMeaningful} not meaningful (over a threshold set under the no-drift level, within that level)</p>
${unmatched}
<p>Generated: ${report.generated.logs} logs, ${report.generated.rows} rows${report.generated.label ? ` (${esc(report.generated.label)})` : ''}.
Reference: ${report.reference.logs} logs, ${report.reference.rows} rows${report.reference.label ? ` (${esc(report.reference.label)})` : ''}, ${esc(report.reference.corpusHash)}, ${report.reference.bins} bins.</p>
<p>KL(generated ‖ reference) in nats with α = 0.5 smoothing on both sides; JS distance base 2; PSI; W1 normalised by the reference sd and KS D on the binned values (continuous features only); unseen mass = share of generated values in bins the reference never saw. No-drift level: p99 of KL over samples of the generated size drawn from the reference.</p>
${unavailable.length ? `<p>Unavailable in one of the sources (not faked): ${esc(unavailable.join(', '))}.</p>` : ''}
<table><thead><tr><th>group</th><th>feature</th><th>status</th><th>KL</th><th>threshold</th><th>no-drift p99</th><th>JS</th><th>PSI</th><th>W1/sd</th><th>KS D</th><th>unseen</th><th>n</th><th>n ref</th><th>k</th></tr></thead>
<tbody>
${rows}
</tbody></table>
${categories}
${perLog}
<h2>Histograms (share per reference bin)</h2>
<p>Continuous features use the reference's equal-frequency bins, so the reference bars are flat by design; a generated bar above or below them is where the corpora differ.</p>
<div class="charts">
${charts.join('\n')}
</div>
</body></html>
`;
}
