import type { ScoreTable } from '../score/render-table.js';
import type { ValidityReport } from '../validity/audit.js';
import { validityGates, validityInjection, validityLeaks, validityTable3 } from '../validity/format.js';

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function table(t: ScoreTable, failColumn = -1): string {
  const head = `<tr>${t.headers.map((h) => `<th>${esc(h)}</th>`).join('')}</tr>`;
  const body = t.rows
    .map((r) => {
      const fail = failColumn >= 0 && r[failColumn].startsWith('FAIL');
      return `<tr${fail ? ' class="fail"' : ''}>${r.map((c, i) => `<td${t.numeric[i] ? ' class="num"' : ''}>${esc(c)}</td>`).join('')}</tr>`;
    })
    .join('\n');
  return `<table>\n${head}\n${body}\n</table>`;
}

/** The audit as one self-contained HTML page (no script, no external resources). */
export function validityHtml(report: ValidityReport, title = 'cclupe validity audit'): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:0 0 1.5em}
th,td{border:1px solid #ccc;padding:2px 8px;text-align:left}
td.num{text-align:right;font-variant-numeric:tabular-nums}
tr.fail td{background:#fde2e2}
.verdict{font-weight:bold;color:${report.pass ? '#17622b' : '#a11'}}
</style></head><body>
<h1>${esc(title)}</h1>
<p>${report.items} items on ${report.logs} logs; log-free learners trained on ${report.calibration_items} items of a calibration
dataset from another seed; best log-free learner: <b>${esc(report.best_learner)}</b>.
<span class="verdict">${report.pass ? 'All gates pass.' : `${report.gates.filter((g) => !g.pass).length} gate(s) fail.`}</span></p>
<h2>Table 3 rows (×100)</h2>
${table(validityTable3(report))}
<h2>Gates</h2>
${table(validityGates(report), 4)}
<h2>Per-template leak table (accuracy ×100, largest z first)</h2>
${table(validityLeaks(report))}
<h2>Injected vs base rows on timing and rounding (AUC)</h2>
${table(validityInjection(report))}
${report.face_violations.examples.length ? `<h2>Options impossible on their face</h2>\n<ul>${report.face_violations.examples.map((e) => `<li>${esc(e)}</li>`).join('')}</ul>` : ''}
</body></html>
`;
}
