import type { ClientKind } from '../../../src/schema/log-row.js';
import type { Item } from '../../../src/schema/item.js';

/** A minimal valid question number `n` on log `logId` (for datasets that need a questions.jsonl). */
export function sampleItem(logId: string, n: number, clientKind: ClientKind = 'personal'): Item {
  return {
    id: `${logId}-q${n}`,
    log_id: logId,
    client_kind: clientKind,
    format: 'single',
    stem: `Question ${n} on ${logId}?`,
    stem_first_person: `Question ${n} on my account?`,
    options: ['A', 'B', 'C', 'D'].map((key) => ({ key, text: `option ${key}` })),
    answer: ['A'],
    domain: 'stability',
    sub_domain: 'others',
    perspective: 'lender',
    logic: 'test',
    cognition: 'memory',
    difficulty: 'L',
    steps: 1,
    evidence: [],
    template: { id: 'test', version: 1 },
    program: [],
  } as Item;
}
