import type { Item } from '../../src/schema/item.js';

/** A valid question item for score tests; only the fields a test cares about need to be given. */
export function makeItem(over: Partial<Item> & { id: string }): Item {
  const format = over.format ?? 'single';
  const options =
    over.options ??
    (format === 'numeric'
      ? []
      : (format === 'multi' ? ['A', 'B', 'C', 'D', 'E'] : ['A', 'B', 'C', 'D']).map((key) => ({ key, text: `option ${key}` })));
  return {
    log_id: 'log-1',
    client_kind: 'personal',
    stem: 'Which statement about the largest single outflow is true?',
    stem_first_person: 'Which statement about my largest single outflow is true?',
    answer: format === 'numeric' ? [] : ['A'],
    domain: 'stability',
    sub_domain: 'others',
    perspective: 'Consumption Stability',
    logic: 'payroll regularity',
    cognition: 'memory',
    difficulty: 'L',
    steps: 2,
    evidence: [],
    template: { id: 'test', version: 1 },
    program: [],
    ...over,
    format,
    options,
  };
}
