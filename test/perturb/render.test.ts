import { describe, expect, it } from 'vitest';
import { questionsRenderer } from '../../src/eval/prompt.js';
import { CANONICAL_FORMAT, cloneFormat, isCanonicalFormat } from '../../src/perturb/format-spec.js';
import { formatToDialect } from '../../src/perturb/format-dialect.js';
import { formatMoney, formatTimestamp } from '../../src/perturb/render.js';
import { verbatimRenderer } from '../../src/eval/verbatim-renderer.js';
import { Dialect } from '../../src/schema/dialect.js';
import type { Item } from '../../src/schema/item.js';
import { fixtureLog } from './support/fixture.js';

const fmt = (patch: Partial<typeof CANONICAL_FORMAT>) => ({ ...cloneFormat(CANONICAL_FORMAT), ...patch });

describe('formatMoney', () => {
  it('writes cents in every number style (values worked by hand)', () => {
    expect(formatMoney(-123456789, CANONICAL_FORMAT)).toBe('-1234567.89');
    expect(formatMoney(-123456789, fmt({ thousandsSeparator: ',' }))).toBe('-1,234,567.89');
    expect(formatMoney(-123456789, fmt({ decimalSeparator: ',', thousandsSeparator: '.' }))).toBe('-1.234.567,89');
    expect(formatMoney(-5, fmt({ negative: 'parentheses' }))).toBe('(0.05)');
    expect(formatMoney(-5, fmt({ negative: 'trailing' }))).toBe('0.05-');
    expect(formatMoney(100000, fmt({ currency: { symbol: 'CNY', position: 'suffix', space: true }, thousandsSeparator: "'" }))).toBe("1'000.00 CNY");
    expect(formatMoney(-100, fmt({ currency: { symbol: '¥', position: 'prefix', space: false } }))).toBe('-¥1.00');
    expect(formatMoney(99999, fmt({ thousandsSeparator: ' ' }))).toBe('999.99');
  });
});

describe('formatTimestamp', () => {
  it('rearranges the six fields', () => {
    expect(formatTimestamp('2023-07-04 18:05:09', 'DD/MM/YYYY HH:mm:ss')).toBe('04/07/2023 18:05:09');
    expect(formatTimestamp('2023-07-04 18:05:09', 'YYYYMMDDHHmmss')).toBe('20230704180509');
  });
});

describe('isCanonicalFormat', () => {
  it('is true only for the canonical format', () => {
    expect(isCanonicalFormat(cloneFormat(CANONICAL_FORMAT))).toBe(true);
    expect(isCanonicalFormat(fmt({ bom: true }))).toBe(false);
    const f = cloneFormat(CANONICAL_FORMAT);
    f.headerNames.amount = 'Amt';
    expect(isCanonicalFormat(f)).toBe(false);
  });
});

describe('formatToDialect', () => {
  it('gives a valid reader dialect that names the file header first and its number and date formats', () => {
    const f = fmt({ decimalSeparator: ',', thousandsSeparator: '.', negative: 'trailing', timestampFormat: 'DD.MM.YYYY HH:mm:ss', lineEnding: '\r\n', bom: true });
    f.headerNames.amount = 'Sum';
    const d = formatToDialect(f, 'x--decimal-comma-s3');
    expect(Dialect.parse(d)).toEqual(d);
    expect(d.columns.amount[0]).toBe('Sum');
    expect(d.number).toMatchObject({ decimal: ',', thousands: '.', negative: ['trailing-minus'] });
    expect(d.timestamp.format).toBe('DD.MM.YYYY HH:mm:ss');
    expect([d.lineEnding, d.bom, d.whitespace]).toEqual(['crlf', true, 'trim']);
  });
});

describe('verbatimRenderer', () => {
  it('puts the file text inside <log> and leaves the rest of the prompt alone', () => {
    const log = fixtureLog();
    const item = { id: 'fx001-q0', log_id: 'fx001', client_kind: 'personal', format: 'single', stem: 'Which holds?', stem_first_person: 'Which holds for me?', options: ['A', 'B', 'C', 'D'].map((key) => ({ key, text: key })), answer: ['A'], domain: 'stability', sub_domain: 'others', perspective: 'p', logic: 'l', cognition: 'memory', difficulty: 'L', steps: 2, evidence: [], template: { id: 't', version: 1 }, program: ['x'] } as Item;
    const text = 'amount\ttxn_id\r\n1.00-\tT001\r\n';
    const base = questionsRenderer.single(item, log, 'third');
    const out = verbatimRenderer(questionsRenderer, new Map([['fx001', text]])).single(item, log, 'third');
    const user = out.find((m) => m.role === 'user')!.content as string;
    expect(user).toContain('<log>\namount\ttxn_id\r\n1.00-\tT001\n</log>');
    expect(user.replace(/<log>[\s\S]*<\/log>/, '')).toBe((base.find((m) => m.role === 'user')!.content as string).replace(/<log>[\s\S]*<\/log>/, ''));
    expect(out[0]).toEqual(base[0]);
    expect(verbatimRenderer(questionsRenderer, new Map()).single(item, log, 'third')).toEqual(base);
  });
});
