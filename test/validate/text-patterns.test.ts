import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INJECTION_TEXTS } from '../../src/perturb/data/injection-texts.js';
import type { Log, LogRow } from '../../src/schema/log-row.js';
import { LEAKAGE_WORDS } from '../../src/schema/transaction-types.js';
import { checkInjection, findInjection } from '../../src/validate/checks/injection.js';
import { checkLeakage, findLeakageWord } from '../../src/validate/checks/leakage.js';
import { releaseLogFacts, rowIssue } from '../../src/validate/context.js';
import { INJECTION_KEY_WORDS, INJECTION_PATTERNS, LEAKAGE_KEY_WORDS, LEAKAGE_RE } from '../../src/validate/text-patterns.js';
import { resolveContext } from '../../src/validate/validate-log.js';
import { wholeWordTest } from '../../src/validate/word-scan.js';

describe('wholeWordTest', () => {
  const has = wholeWordTest(['risk', 'you', 'userprompt']);
  it('finds a word only as a whole word, in any case', () => {
    for (const t of ['risk', 'RISK', 'high Risk!', 'a-risk-b', 'é risk é', 'xéRiskéy', 'User(you)', 'userPrompt:', 'risk\u00a0', '\u3000you']) expect(has(t), t).toBe(true);
    for (const t of ['', 'risky', 'brisk', 'risk_', '_risk', 'risk2', '2risk', 'yours', 'user prompt', 'r isk']) expect(has(t), t).toBe(false);
  });
  it('agrees with a whole-word regular expression on random texts', () => {
    const re = /\b(?:risk|you|userprompt)\b/i;
    const piece = fc.constantFrom('risk', 'RiSk', 'you', 'YOU', 'userprompt', 'user', 'prompt', 'ris', 'k', 'y', 'ou', ' ', '_', '1', '-', 'é', 'Ǿ', '\u00a0', '\n', '.', ':');
    fc.assert(fc.property(fc.array(piece, { maxLength: 12 }), (parts) => has(parts.join('')) === re.test(parts.join(''))), { numRuns: 3000 });
  });
  it('rejects a word it could never find', () => {
    expect(() => wholeWordTest(['loan shark'])).toThrow(/lower-case ASCII word characters/);
    expect(() => wholeWordTest(['Risk'])).toThrow(/lower-case ASCII word characters/);
  });
});

// Texts rich in near-misses and hits of every pattern: the words of the patterns, in any case, with every kind of
// separator the patterns mention (whitespace of several kinds, quotes, brackets, colons, slashes), letters A–H, and
// characters that are not ASCII.
const PATTERN_WORDS = [
  ...LEAKAGE_WORDS,
  ...INJECTION_TEXTS,
  'ignore', 'disregard', 'forget', 'override', 'previous', 'prior', 'above', 'earlier', 'all', 'any', 'the', 'instructions', 'instruction',
  'prompts', 'prompt', 'rules', 'context', 'question', 'questions', 'answer', 'respond', 'reply', 'choose', 'select', 'pick', 'with', 'only',
  'option', 'choice', 'letter', 'correct', 'right', 'is', 'system', 'assistant', 'user', 'you', 'are', 'now', 'an', 'a', 'ai', 'language',
  'model', 'chatbot', 'llm', 'new', 'updated', 'A', 'B', 'H', 'I', 'Groceries', 'Jiale Supermarket', 'defaults', 'risks', '<', '</', '<system>', '</ Prompt >', 'you are', 'You are now an', 'you\u00a0are a', 'you are an AI', 'YOU ARE A LANGUAGE  MODEL', 'The right', 'answer is',
];
const SEPARATORS = [' ', '  ', '\t', '\n', '\u00a0', '\u3000', '', '.', ',', ';', ':', '!', '"', "'", '(', ')', '<', '>', '/', '</', '_', '-', '1', 'é', 'Ω'];
const word = fc.constantFrom(...PATTERN_WORDS).chain((w) => fc.constantFrom(w, w.toUpperCase(), w.toLowerCase(), w[0].toUpperCase() + w.slice(1)));
const text = fc.array(fc.tuple(word, fc.constantFrom(...SEPARATORS)), { minLength: 1, maxLength: 8 }).map((parts) => parts.map(([w, s]) => w + s).join(''));

describe('key words of the text patterns', () => {
  const leak = wholeWordTest(LEAKAGE_KEY_WORDS);
  const inject = INJECTION_KEY_WORDS.map((words) => wholeWordTest(words));
  it('has key words for each injection pattern', () => expect(INJECTION_KEY_WORDS.length).toBe(INJECTION_PATTERNS.length));
  it('every text a pattern matches holds one of its key words', () => {
    fc.assert(
      fc.property(text, (t) => {
        if (LEAKAGE_RE.test(t)) expect(leak(t), t).toBe(true);
        INJECTION_PATTERNS.forEach((re, k) => {
          if (re.test(t)) expect(inject[k](t), `pattern ${k}: ${t}`).toBe(true);
        });
      }),
      { numRuns: 20_000 },
    );
  });
  it('the generated texts match each pattern often enough for the property to mean something', () => {
    const sample = fc.sample(text, { numRuns: 20_000, seed: 7 });
    expect(sample.filter((t) => LEAKAGE_RE.test(t)).length).toBeGreaterThan(500);
    INJECTION_PATTERNS.forEach((re, k) => expect(sample.filter((t) => re.test(t)).length, `pattern ${k}`).toBeGreaterThan(20));
  });
});

/** The leakage and injection checks as they were written before the key-word scan: every text, every row. */
function reference(log: Log, ctx: ReturnType<typeof resolveContext>) {
  const leakage = [];
  const injection = [];
  for (let i = 0; i < log.rows.length; i++) {
    for (const column of ['remark', 'counterparty'] as const) {
      const w = findLeakageWord(log.rows[i][column]);
      if (w) leakage.push(rowIssue(log, ctx, i, { code: 'LEAKAGE', severity: ctx.generated ? 'error' : 'warning', column, note: `("${w.toLowerCase()}")`, actual: log.rows[i][column] }));
    }
    for (const column of ['remark', 'counterparty'] as const) {
      const hit = findInjection(log.rows[i][column]);
      if (hit) injection.push(rowIssue(log, ctx, i, { code: 'INJECTION', column, note: `("${hit}")`, actual: log.rows[i][column] }));
    }
  }
  return { leakage, injection };
}

describe('checkLeakage and checkInjection', () => {
  const row = (i: number, remark: string, counterparty: string): LogRow => ({
    txn_id: `T${String(i).padStart(4, '0')}`,
    timestamp: '2024-01-01 10:00:00',
    type: 'Purchase',
    channel: 'ONLINE',
    counterparty,
    amountCents: -100,
    balanceCents: 0,
    status: 'SUCCESS',
    location: 'CN',
    remark,
  });
  it('report exactly what testing every text of every row reports, in the same order', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.oneof(text, fc.constant('Lunch')), fc.oneof(text, fc.constant('Laoma Noodle House'))), { maxLength: 12 }), fc.boolean(), (cells, generated) => {
        const log: Log = { logId: 'L', rows: cells.map(([r, c], i) => row(i, r, c)), hasTimeOfDay: true, file: 'x.tsv', lines: cells.map((_, i) => i + 2) };
        const ctx = resolveContext(log, { generated });
        const want = reference(log, ctx);
        expect(checkLeakage(log, ctx)).toEqual(want.leakage);
        expect(checkInjection(log, ctx)).toEqual(want.injection);
        releaseLogFacts(log);
      }),
      { numRuns: 2_000 },
    );
  });
});
