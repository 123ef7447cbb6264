import { describe, expect, it } from 'vitest';
import { extractAnswer, parseLooseNumber } from '../../src/eval/extract.js';

const ABCD = ['A', 'B', 'C', 'D'];
const ABCDEF = ['A', 'B', 'C', 'D', 'E', 'F'];

type Row = [name: string, reply: string | null, keys: string[], status: string, selected: string[], opts?: Parameters<typeof extractAnswer>[2]];

// Replies in the shapes that chat models actually produce (GPT-4-class, Qwen/DeepSeek reasoning models, Llama,
// small local models). Expected outputs were decided by hand from the SPEC §8 rules.
const TABLE: Row[] = [
  ['plain single letter', 'Answer: B', ABCD, 'answered', ['B']],
  ['lowercase label', 'answer: c', ABCD, 'answered', ['C']],
  ['bold label (markdown)', '**Answer:** A and C', ABCD, 'answered', ['A', 'C']],
  ['bold letters', 'Answer: **D**', ABCD, 'answered', ['D']],
  ['Chinese label with full-width colon', '根据流水分析，余额持续下降。\n答案：B', ABCD, 'answered', ['B']],
  ['Chinese label, full-width comma list', '答案：A，C', ABCD, 'answered', ['A', 'C']],
  ['full-width letters (NFKC)', 'Answer: Ｂ', ABCD, 'answered', ['B']],
  ['comma-separated multi', 'Answer: A, C, D', ABCD, 'answered', ['A', 'C', 'D']],
  ['space-separated multi', 'Answer: A C', ABCD, 'answered', ['A', 'C']],
  ['"and" with Oxford comma', 'Answer: A, B, and D', ABCD, 'answered', ['A', 'B', 'D']],
  ['ampersand', 'Answer: B & E', ABCDEF, 'answered', ['B', 'E']],
  ['ideographic enumeration comma', 'Answer: A、D', ABCD, 'answered', ['A', 'D']],
  ['unsorted and duplicated letters', 'Answer: D, A, D', ABCD, 'answered', ['A', 'D']],
  ['parenthesised letter', 'Answer: (C)', ABCD, 'answered', ['C']],
  ['bracketed JSON-like list', 'Answer: ["A", "C"]', ABCD, 'answered', ['A', 'C']],
  ['letter then period and explanation', 'Answer: B. The balance falls after each payday.', ABCD, 'answered', ['B']],
  ['letter then comma and reason', 'Answer: C, because the inflows are irregular.', ABCD, 'answered', ['C']],
  ['letter then option text after a parenthesis', 'Answer: B) 12,450.00 CZK', ABCD, 'answered', ['B']],
  ['"Option" prefix', 'Answer: Option D', ABCD, 'answered', ['D']],
  ['"Options" prefix multi', 'Final Answer: Options A and B', ABCD, 'answered', ['A', 'B']],
  ['answer on the next line', 'Answer:\n\nC', ABCD, 'answered', ['C']],
  ['"The answer is:" form', 'After checking every row, the answer is: A', ABCD, 'answered', ['A']],
  ['last Answer line wins', 'Answer: A\nWait, I misread the refund.\nAnswer: C', ABCD, 'answered', ['C']],
  ['LaTeX boxed', 'Therefore the final answer: $\\boxed{B}$', ABCD, 'answered', ['B']],
  ['heading markdown', '### Answer: D', ABCD, 'answered', ['D']],
  ['code span', 'Answer: `A, C`', ABCD, 'answered', ['A', 'C']],
  ['think block stripped (DeepSeek-R1 style)', '<think>Option A looks right... no, Answer: A is wrong.</think>\nAnswer: D', ABCD, 'answered', ['D']],
  ['unclosed think prefix (template opened it)', 'The model weighs B vs C.</think>\n\nAnswer: C', ABCD, 'answered', ['C']],
  ['structured JSON reply', '{"answer": ["C", "A"]}', ABCD, 'answered', ['A', 'C']],
  ['structured JSON in a code fence', '```json\n{"answer": "B"}\n```', ABCD, 'answered', ['B']],
  ['restated options then the answer', 'The correct options are A and D, since both hold.\n\nAnswer: A, D', ABCD, 'answered', ['A', 'D']],
  ['parenthesised letters joined by "and"', 'Answer: (A) and (C)', ABCD, 'answered', ['A', 'C']],
  ['upper-case label, lower-case letter', 'ANSWER: b', ABCD, 'answered', ['B']],
  ['six-option multi-select', 'Answer: A, C, E', ABCDEF, 'answered', ['A', 'C', 'E']],
  // Not answers:
  ['"None of the above" is not option N', 'Answer: None of the above', ABCD, 'invalid', []],
  ['"Answer: Let\'s think" is not an answer', "Answer: Let's think step by step. The largest outflow is rent, so B.", ABCD, 'invalid', []],
  ['later prose capitals are not used', 'Answer: Let us look.\nThe correct choice is B.', ABCD, 'invalid', []],
  ['"A lot" is not option A', 'Answer: A lot of the spending is discretionary.', ABCD, 'invalid', []],
  ['"I think" is not option I', 'Answer: I think it is C', ABCD, 'invalid', []],
  ['letter outside the options', 'Answer: E', ABCD, 'invalid', []],
  ['one bad letter spoils the list', 'Answer: A, G', ABCDEF, 'invalid', []],
  ['hedged "or"', 'Answer: B or C', ABCD, 'invalid', []],
  ['no Answer line, stray capitals ignored', 'I BELIEVE THE ANSWER IS B BECAUSE C AND D ARE WRONG.', ABCD, 'no_answer', []],
  ['no Answer line, bare letter', 'B', ABCD, 'answered', ['B']],
  ['"The answer is B." in prose', 'The rent is the largest outflow. The answer is B.', ABCD, 'answered', ['B']],
  ['bold letter alone', 'Looking at the rows, rent dominates.\n\n**B**', ABCD, 'answered', ['B']],
  ['boxed letter alone', '$\\boxed{D}$', ABCD, 'answered', ['D']],
  ['think block then a bare letter', '<think>A? No: the refund pairs with row 12.</think> C', ABCD, 'answered', ['C']],
  ['a later "the answer is" without letters does not hide the Answer line', 'Answer: C. I am sure the answer is right.', ABCD, 'answered', ['C']],
  ['a last line of prose starting with letters is no answer', 'Let me see.\nC and D are wrong.', ABCD, 'no_answer', []],
  ['two letters on a single-choice item are invalid', 'Answer: B and D', ABCD, 'invalid', [], { format: 'single' }],
  ['two letters on a multi-select item are read', 'Answer: B and D', ABCD, 'answered', ['B', 'D'], { format: 'multi' }],
  ['a structured list of two on a single-choice item is invalid', '{"answer": ["A", "B"]}', ABCD, 'invalid', [], { format: 'single' }],
  ['Answer only inside think block', '<think>Answer: B</think>\nI cannot decide.', ABCD, 'no_answer', []],
  ['reasoning-only reply', '', ABCD, 'no_answer', [], { reasoning: 'Checking the log... B matches.' }],
  ['null content with reasoning', null, ABCD, 'no_answer', [], { reasoning: 'Answer: B' }],
  ['truncated reasoning (unclosed think, length)', '<think>Let me tabulate the monthly inflows first', ABCD, 'truncated', [], { finishReason: 'length' }],
  ['empty reply cut by the token limit', '', ABCD, 'truncated', [], { finishReason: 'length' }],
  ['structured reply with a bad key', '{"answer": ["Z"]}', ABCD, 'invalid', []],
  ['structured empty list', '{"answer": []}', ABCD, 'no_answer', []],
  // Numbers:
  ['calc item: number maps to the matching option', 'Answer: 1,250.50', ABCD, 'answered', ['C'], {
    format: 'calc',
    options: [
      { key: 'A', text: '1,125.45' },
      { key: 'B', text: '1,375.55' },
      { key: 'C', text: '1,250.50' },
      { key: 'D', text: '2,501.00' },
    ],
  }],
  ['calc item: number matching no option', 'Answer: 999', ABCD, 'invalid', [], {
    format: 'calc',
    options: [
      { key: 'A', text: '1,125.45' },
      { key: 'B', text: '1,375.55' },
      { key: 'C', text: '1,250.50' },
      { key: 'D', text: '2,501.00' },
    ],
  }],
];

describe('extractAnswer', () => {
  it('has a table of at least 40 replies', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(40);
  });
  for (const [name, reply, keys, status, selected, opts] of TABLE) {
    it(name, () => {
      const r = extractAnswer(reply, keys, opts);
      expect({ status: r.status, selected: r.selected }).toEqual({ status, selected });
      expect(r.trace.length).toBeGreaterThan(0);
    });
  }

  it('reads a free-response number on numeric items', () => {
    const r = extractAnswer('The ratio is computed from the totals.\nAnswer: 12.5%', [], { format: 'numeric' });
    expect(r).toMatchObject({ status: 'answered', value: 12.5 });
  });

  it('does not credit a model that echoes the answer instruction with its example letters', () => {
    const instruction = 'Finish with a line `Answer: <letters>`, e.g. `Answer: A` or `Answer: A, C`. For a select-all question list every correct letter.';
    expect(extractAnswer(`I am not sure.\n${instruction}`, ABCD, { echoes: [instruction] })).toMatchObject({ status: 'no_answer', selected: [] });
    expect(extractAnswer(`${instruction}\n\nAnswer: B`, ABCD, { echoes: [instruction] })).toMatchObject({ status: 'answered', selected: ['B'] });
    // Without the echo list the example would be read as an answer: the option exists for this reason.
    expect(extractAnswer(`I am not sure.\n${instruction}`, ABCD).status).not.toBe('no_answer');
  });

  it('reads a structured numeric reply on numeric items', () => {
    expect(extractAnswer('{"answer": 1234.5}', [], { format: 'numeric' })).toMatchObject({ status: 'answered', value: 1234.5 });
    expect(extractAnswer('{"answer": "n/a"}', [], { format: 'numeric' })).toMatchObject({ status: 'invalid' });
  });

  it('records the answer line and the selection in the trace', () => {
    const r = extractAnswer('**Answer:** A and C', ABCD);
    expect(r.trace.join('\n')).toContain('answer line: "A and C"');
    expect(r.trace.at(-1)).toBe('selected A,C');
  });

  it('says why a letter was refused', () => {
    const r = extractAnswer('Answer: E', ABCD);
    expect(r.trace.at(-1)).toBe('not option keys: E (valid: A,B,C,D)');
  });
});

describe('parseLooseNumber', () => {
  // Expected values by hand.
  it.each([
    ['1,234.56', 1234.56],
    ['1.234,56', 1234.56],
    ['1 234,5', 1234.5],
    ['CZK 12,000', 12000],
    ['-42.10', -42.1],
    ['3,5', 3.5],
    ['12.5%', 12.5],
    ['no number', null],
  ])('%s → %s', (text, value) => {
    expect(parseLooseNumber(text)).toBe(value);
  });
});
