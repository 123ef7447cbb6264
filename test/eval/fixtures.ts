import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatLogTsv } from '../../src/log/format-tsv.js';
import { createRng, streamKey } from '../../src/random/rng.js';
import { COGNITION_LEVELS, DOMAINS, type Item } from '../../src/schema/item.js';
import type { Log, LogRow } from '../../src/schema/log-row.js';

/** A small log with balances that add up. */
export function fixtureLog(logId: string): Log {
  const rows: LogRow[] = [];
  let balance = 100_000;
  for (let d = 1; d <= 6; d++) {
    const amount = d % 2 === 0 ? -(1_000 * d + 250) : 50_000 + 10 * d;
    balance += amount;
    rows.push({
      txn_id: `${logId}-T${d}`,
      timestamp: `2024-03-${String(d).padStart(2, '0')} 10:00:00`,
      type: amount > 0 ? 'Salary' : 'Transfer Out',
      channel: 'TRANSFER',
      counterparty: amount > 0 ? 'Employer Ltd' : 'Landlord',
      amountCents: amount,
      balanceCents: balance,
      status: 'SUCCESS',
      location: 'CZ',
      remark: amount > 0 ? 'payroll' : 'rent',
    });
  }
  return { logId, rows, clientKind: 'personal', hasTimeOfDay: true };
}

/** Fifteen items for a log: single, multi and calc formats over every domain and cognition level. */
export function fixtureItems(logId: string): Item[] {
  const rng = createRng(streamKey('eval-fixture', logId));
  const items: Item[] = [];
  for (let k = 0; k < 15; k++) {
    const format = k % 5 === 0 ? 'multi' : k % 5 === 1 ? 'calc' : 'single';
    const n = format === 'multi' ? 5 : 4;
    const keys = 'ABCDEF'.slice(0, n).split('');
    const options = keys.map((key, i) => ({ key, text: format === 'calc' ? `${(1_000 + 137 * (i + k)).toFixed(2)}` : `Statement ${key} about ${logId}` }));
    const pick = Math.floor(rng.next() * n);
    const answer = format === 'multi' ? [keys[pick], keys[(pick + 2) % n]].sort() : [keys[pick]];
    items.push({
      id: `${logId}-q${String(k).padStart(2, '0')}`,
      log_id: logId,
      client_kind: 'personal',
      format,
      stem: `Which statement about the account holder's cash flow holds (question ${'abcdefghijklmno'[k]})?`,
      stem_first_person: `Which statement about my cash flow holds (question ${'abcdefghijklmno'[k]})?`,
      options,
      answer,
      domain: DOMAINS[k % DOMAINS.length],
      sub_domain: 'others',
      perspective: 'Consumption Stability',
      logic: 'payroll regularity',
      cognition: COGNITION_LEVELS[k % COGNITION_LEVELS.length],
      difficulty: (['L', 'M', 'H'] as const)[k % 3],
      steps: 2 + (k % 3) * 2,
      evidence: [`${logId}-T1`],
      template: { id: 'fixture', version: 1 },
      program: ['computed by the fixture'],
    });
  }
  return items;
}

/** Writes a dataset directory (questions.jsonl + logs/) with `logs` logs of fifteen items each; returns it and its items. */
export function writeFixtureDataset(logs: number, dir = mkdtempSync(join(tmpdir(), 'cclupe-eval-ds-'))): { dir: string; items: Item[] } {
  mkdirSync(join(dir, 'logs'), { recursive: true });
  const items: Item[] = [];
  for (let i = 0; i < logs; i++) {
    const id = `L${String(i).padStart(3, '0')}`;
    writeFileSync(join(dir, 'logs', `${id}.tsv`), formatLogTsv(fixtureLog(id)));
    items.push(...fixtureItems(id));
  }
  writeFileSync(join(dir, 'questions.jsonl'), items.map((it) => JSON.stringify(it)).join('\n') + '\n');
  return { dir, items };
}

/** A fresh temporary directory. */
export function tempDir(prefix = 'cclupe-eval-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

