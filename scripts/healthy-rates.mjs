#!/usr/bin/env node
// How healthy the shipped healthy profiles are (uses the built dist/): per profile, each signal's detection rate on
// logs where it was not injected, and the share of logs with a FAILED payment, payroll or rent row.
// Usage: node scripts/healthy-rates.mjs [--count 1000] [--seed healthy] [--profiles a,b,...] [--dist DIR] [--json-only]
// Exit 1 when a rate passes its gate (detection without injection > 2%, FAILED payment/payroll/rent > 5%).
import { resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : dflt;
};
const DIST = resolve(opt('--dist', resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist')));
const load = (p) => import(pathToFileURL(resolve(DIST, p)).href);
const { loadProfile, listProfiles } = await load('io/profiles.js');
const { generateLog } = await load('synth/index.js');
const { SIGNAL_IDS } = await load('schema/signal-id.js');

const HEALTHY = listProfiles().filter((n) => !n.endsWith('-overdue'));
const count = Number(opt('--count', '1000'));
const seed = opt('--seed', 'healthy');
const profiles = (opt('--profiles', '') || HEALTHY.join(',')).split(',').filter(Boolean);
/** Row types whose FAILED status an analyst reads as a missed payment. */
const PAYMENT_TYPES = new Set(['Bill Payment', 'Rent', 'Payroll', 'Loan Repayment', 'Card Repayment', 'Supplier Payment', 'Tax', 'Subscription']);
const DETECTION_GATE = 0.02;
const FAILED_GATE = 0.05;

const out = { seed, count, gates: { detection_without_injection: DETECTION_GATE, failed_payment: FAILED_GATE }, profiles: {} };
let pass = true;
for (const name of profiles) {
  const profile = loadProfile(name);
  const fp = Object.fromEntries(SIGNAL_IDS.map((id) => [id, 0]));
  const neg = Object.fromEntries(SIGNAL_IDS.map((id) => [id, 0]));
  let failed = 0;
  for (let index = 0; index < count; index++) {
    const { log, labels } = generateLog(profile, { masterSeed: seed, index });
    for (const id of SIGNAL_IDS) {
      const s = labels.signals[id];
      if (s.injected) continue;
      neg[id]++;
      if (s.present) fp[id]++;
    }
    if (log.rows.some((r) => r.status === 'FAILED' && PAYMENT_TYPES.has(r.type))) failed++;
  }
  const rates = Object.fromEntries(SIGNAL_IDS.map((id) => [id, neg[id] ? fp[id] / neg[id] : 0]));
  const worst = SIGNAL_IDS.reduce((a, id) => (rates[id] > rates[a] ? id : a), SIGNAL_IDS[0]);
  const failedRate = failed / count;
  const ok = rates[worst] <= DETECTION_GATE && failedRate <= FAILED_GATE;
  if (!ok) pass = false;
  out.profiles[name] = { detection_without_injection: rates, worst: { signal: worst, rate: rates[worst] }, failed_payment: failedRate, pass: ok };
}
out.pass = pass;
console.log(JSON.stringify(out));
if (!argv.includes('--json-only')) {
  const pct = (x) => (100 * x).toFixed(1) + '%';
  console.log('\n| profile | worst signal without injection | rate | other signals > 2% | FAILED payment/payroll/rent | pass |');
  console.log('|---|---|---:|---|---:|---|');
  for (const [name, p] of Object.entries(out.profiles)) {
    const over = Object.entries(p.detection_without_injection).filter(([, r]) => r > DETECTION_GATE).map(([id, r]) => `${id} ${pct(r)}`).join(', ');
    console.log(`| ${name} | ${p.worst.signal} | ${pct(p.worst.rate)} | ${over || '–'} | ${pct(p.failed_payment)} | ${p.pass ? 'yes' : 'no'} |`);
  }
}
process.exit(pass ? 0 : 1);
