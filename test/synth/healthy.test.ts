import { describe, expect, it } from 'vitest';
import { listProfiles, loadProfile } from '../../src/io/profiles.js';
import { generateLog } from '../../src/synth/index.js';
import { SIGNAL_IDS } from '../../src/schema/signal-id.js';

// Healthy means healthy: on every shipped healthy profile (bases and archetypes), no signal is detected in more than
// 2% of the logs it was not injected into, and a FAILED payment, payroll or rent shows in at most 5% of the logs.
// (`npm run healthy:rates` measures the same over 1,000 logs per profile.)
const LOGS = 300;
const PAYMENTS = new Set(['Bill Payment', 'Rent', 'Payroll', 'Loan Repayment', 'Card Repayment', 'Supplier Payment', 'Tax', 'Subscription']);

describe('shipped healthy profiles', () => {
  for (const name of listProfiles().filter((n) => !n.endsWith('-overdue'))) {
    it(`${name}: detections without injection ≤ 2%, FAILED payments ≤ 5% of logs`, () => {
      const profile = loadProfile(name);
      const negatives = new Map<string, number>();
      const detected = new Map<string, number>();
      let failed = 0;
      for (let index = 0; index < LOGS; index++) {
        const { log, labels } = generateLog(profile, { masterSeed: 'healthy-test', index });
        for (const id of SIGNAL_IDS) {
          if (labels.signals[id].injected) continue;
          negatives.set(id, (negatives.get(id) ?? 0) + 1);
          if (labels.signals[id].present) detected.set(id, (detected.get(id) ?? 0) + 1);
        }
        if (log.rows.some((r) => r.status === 'FAILED' && PAYMENTS.has(r.type))) failed++;
      }
      for (const id of SIGNAL_IDS) expect((detected.get(id) ?? 0) / (negatives.get(id) ?? 1), id).toBeLessThanOrEqual(0.02);
      expect(failed / LOGS).toBeLessThanOrEqual(0.05);
    });
  }
});
