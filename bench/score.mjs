// Scoring throughput: scoreRun on 1000 logs × 15 items (a random-baseline run), without and with the
// 1000-replicate cluster bootstrap, and a paired comparison. Prints one JSON object.
import { performance } from 'node:perf_hooks';
import { baselinePredictions, comparePaired, scoreRun } from '../dist/score/index.js';

const DOMAINS = ['stability', 'structure', 'liquidity', 'conduct', 'time', 'industry', 'debt'];
const COGNITION = ['memory', 'comprehension', 'analysis', 'evaluation'];
const SUBS = ['concentration', 'microloans', 'spikes', 'refunds', 'nighttime', 'overseas', 'seasonality', 'liquidity',
  'repayments', 'essentials', 'subscription', 'risky', 'penalties', 'nonessential', 'alignment', 'liquidity_sme', 'others'];
const LOGS = 1000;
const items = [];
for (let l = 0; l < LOGS; l++) {
  for (let q = 0; q < 15; q++) {
    const n = l * 15 + q;
    const multi = q % 5 === 1;
    const keys = multi ? ['A', 'B', 'C', 'D', 'E'] : ['A', 'B', 'C', 'D'];
    items.push({
      id: `log-${l}-q${q}`, log_id: `log-${l}`, client_kind: l % 2 ? 'sme' : 'personal', format: multi ? 'multi' : q % 5 === 2 ? 'calc' : 'single',
      stem: 'Which statement is true?', stem_first_person: 'Which statement is true?',
      options: keys.map((key) => ({ key, text: `option ${key}` })), answer: multi ? ['A', 'C'] : [keys[n % 4]],
      domain: DOMAINS[n % 7], sub_domain: SUBS[n % 17], perspective: 'p', logic: 'l', cognition: COGNITION[n % 4],
      difficulty: ['L', 'M', 'H'][q % 3], steps: 2, evidence: [], template: { id: 't', version: 1 }, program: [],
    });
  }
}
const preds = baselinePredictions('random', items, { seed: 'bench' });
const time = (fn) => {
  const t = performance.now();
  const out = fn();
  return [out, (performance.now() - t) / 1000];
};
const [, plain] = time(() => scoreRun(items, preds, {}, { bootstrap: false }));
const [a, boot] = time(() => scoreRun(items, preds, {}, { bootstrap: { replicates: 1000 } }));
const b = scoreRun(items, baselinePredictions('first-option', items), {}, { bootstrap: false });
const [, cmp] = time(() => comparePaired(a, b, { bootstrap: { replicates: 1000 } }));
console.log(
  JSON.stringify({
    area: 'score',
    items: items.length,
    logs: LOGS,
    items_per_s_no_ci: Math.round(items.length / plain),
    score_with_1000_bootstrap_s: +boot.toFixed(3),
    compare_with_1000_bootstrap_s: +cmp.toFixed(3),
    peak_rss_mb: Math.round(process.memoryUsage().rss / 2 ** 20),
  }),
);
