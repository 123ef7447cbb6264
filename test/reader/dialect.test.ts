import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { CANONICAL_DIALECT } from '../../src/reader/dialect-canonical.js';
import { compileDateFormat } from '../../src/reader/dialect-date.js';
import { parseLenientCents, parseMoney, parseStrictCents } from '../../src/reader/dialect-number.js';
import { readDialect } from '../../src/io/dialect-read.js';
import { NumberSpec } from '../../src/schema/dialect.js';

const ROOT = join(import.meta.dirname, '..', '..');
const DOT = NumberSpec.parse({});
const COMMA = NumberSpec.parse({ decimal: ',', thousands: '.' });

describe('parseStrictCents', () => {
  it('reads the dialect format exactly (values by hand)', () => {
    expect(parseStrictCents('0.00', DOT)).toBe(0);
    expect(parseStrictCents('-0.00', DOT)).toBe(0);
    expect(parseStrictCents('123.45', DOT)).toBe(12345);
    expect(parseStrictCents('-1234.50', DOT)).toBe(-123450);
    expect(parseStrictCents('1.234,56', COMMA)).toBe(123456);
    expect(parseStrictCents('12.345.678,90', COMMA)).toBe(1234567890);
  });
  it('rejects anything else', () => {
    for (const t of ['', '-', '1', '1.2', '1.234', '+1.00', '1,00', '1e3', ' 1.00', '1.00 ', '--1.00', '.50']) expect(parseStrictCents(t, DOT)).toBeNaN();
    for (const t of ['1.23,45', '12.34,56', '1234.567,00', '.123,00']) expect(parseStrictCents(t, COMMA)).toBeNaN();
  });
});

describe('parseLenientCents', () => {
  const cases: Array<[string, number]> = [
    ['1,234.50', 123450],
    ['1.234,50', 123450],
    ['1 234,50', 123450],
    ["1'234.50", 123450],
    ['(235.50)', -23550],
    ['235.50-', -23550],
    ['-¥235.50', -23550],
    ['¥-235.50', -23550],
    ['€ 12,5', 1250],
    ['CZK 900.00', 90000],
    ['900.00 Kč', 90000],
    ['+12', 1200],
    ['\u2212 7.10', -710],
    ['1,234', 123400],
    ['12.500', 1250],
    ['1,234,567.89', 123456789],
  ];
  for (const [text, cents] of cases) it(`reads ${JSON.stringify(text)} as ${cents} cents`, () => expect(parseLenientCents(text, DOT)).toEqual({ ok: true, cents, lenient: true }));
  it('says BAD_DECIMALS for sub-cent values and BAD_NUMBER for non-numbers', () => {
    expect(parseLenientCents('12.345', DOT)).toEqual({ ok: false, code: 'BAD_DECIMALS' });
    for (const t of ['', 'abc', '1.2.3,4,5', '12,34,5', '1e5', '(12', '--', '12 34 5']) expect(parseLenientCents(t, DOT)).toMatchObject({ ok: false, code: 'BAD_NUMBER' });
  });
});

describe('parseMoney', () => {
  it('marks only non-dialect spellings as lenient and refuses them in a strict dialect', () => {
    expect(parseMoney('12.50', DOT)).toEqual({ ok: true, cents: 1250, lenient: false });
    expect(parseMoney('12.5', DOT)).toEqual({ ok: true, cents: 1250, lenient: true });
    expect(parseMoney('12.5', { ...DOT, lenient: false })).toEqual({ ok: false, code: 'BAD_NUMBER' });
    expect(parseMoney('12.505', { ...DOT, lenient: false })).toEqual({ ok: false, code: 'BAD_DECIMALS' });
  });
});

describe('compileDateFormat', () => {
  it('reads Berka YYMMDD dates in the 1900s as date-only', () => {
    const p = compileDateFormat('YYMMDD', 1900);
    expect(p.hasTime).toBe(false);
    expect(p.parse('960728')).toBe('1996-07-28 00:00:00');
    expect(p.parse('930101')).toBe('1993-01-01 00:00:00');
  });
  it('knows leap years and rejects impossible dates and times', () => {
    const p = compileDateFormat('YYYY-MM-DD HH:mm:ss');
    expect(p.parse('2024-02-29 23:59:59')).toBe('2024-02-29 23:59:59');
    for (const t of ['2023-02-29 00:00:00', '1900-02-29 00:00:00', '2023-13-01 00:00:00', '2023-00-10 00:00:00', '2023-01-01 24:00:00', '2023-01-01 10:60:00', '2023-01-01 10:00', '2023/01/01 10:00:00', '2023-1-01 10:00:00']) {
      expect(p.parse(t)).toBeNull();
    }
    expect(compileDateFormat('YYYY-MM-DD HH:mm:ss').parse('2000-02-29 12:00:00')).toBe('2000-02-29 12:00:00');
  });
  it('reorders day, month and year into the canonical timestamp', () => {
    expect(compileDateFormat('DD/MM/YYYY HH:mm:ss').parse('05/01/2023 12:30:10')).toBe('2023-01-05 12:30:10');
    expect(compileDateFormat('YYYYMMDDHHmmss').parse('20230105123010')).toBe('2023-01-05 12:30:10');
  });
});

describe('readDialect', () => {
  it('ships dialects/canonical.json equal to the built-in canonical dialect', () => {
    expect(readDialect(join(ROOT, 'dialects', 'canonical.json'))).toEqual(CANONICAL_DIALECT);
  });
  it('ships a Berka dialect with reordering, 0.15 tolerance and no row-count limit', () => {
    const d = readDialect(join(ROOT, 'dialects', 'berka.json'));
    expect(d.checks).toEqual({ reorderWithinDay: true, tolerance: 0.15, rowCount: null, openingBalance: 0 });
    expect(d.account).toBe('account_id');
    expect(d.amount.mode).toBe('type-sign');
  });
  it('reads YAML dialects', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cclupe-dialect-'));
    const json = JSON.parse(readFileSync(join(ROOT, 'dialects', 'berka.json'), 'utf8'));
    const yaml = Object.entries(json).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join('\n');
    writeFileSync(join(dir, 'berka.yaml'), yaml);
    expect(readDialect(join(dir, 'berka.yaml'))).toEqual(readDialect(join(ROOT, 'dialects', 'berka.json')));
  });
  it('names the wrong field of a bad dialect in a UsageError', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cclupe-dialect-'));
    const json = JSON.parse(readFileSync(join(ROOT, 'dialects', 'berka.json'), 'utf8'));
    writeFileSync(join(dir, 'bad-sign.json'), JSON.stringify({ ...json, amount: { ...json.amount, signs: { credit: 2 } } }));
    writeFileSync(join(dir, 'bad-key.json'), JSON.stringify({ ...json, balance: { column: 'saldo' } }));
    writeFileSync(join(dir, 'bad-json.json'), '{');
    expect(() => readDialect(join(dir, 'bad-sign.json'))).toThrow(/amount\.signs\.credit/);
    expect(() => readDialect(join(dir, 'bad-key.json'))).toThrow(/balance\.column: unknown column key "saldo"/);
    expect(() => readDialect(join(dir, 'bad-json.json'))).toThrow(UsageError);
    expect(() => readDialect(join(dir, 'missing.json'))).toThrow(/cannot read dialect/);
  });
});

describe('dialects/debit-credit.yaml', () => {
  it('reads a bank CSV with quoted fields, header synonyms, a Debit/Credit pair and date-only DD/MM/YYYY', async () => {
    const { parseLogText } = await import('../../src/reader/parse-log.js');
    const dialect = readDialect(join(ROOT, 'dialects', 'debit-credit.yaml'));
    const text = readFileSync(join(ROOT, 'test', 'fixtures', 'validate', 'dialects', 'debit-credit.csv'), 'utf8');
    const { logs, issues } = parseLogText(text, { file: 'debit-credit.csv', dialect });
    expect(issues).toEqual([]);
    expect(logs[0].hasTimeOfDay).toBe(false);
    expect(logs[0].rows.map((r) => [r.txn_id, r.timestamp.slice(0, 10), r.type, r.channel, r.counterparty, r.amountCents, r.balanceCents, r.remark])).toEqual([
      ['R1', '2023-01-02', 'Salary', 'TRANSFER', 'Acme Ltd', 300000, 300000, 'January pay'],
      ['R2', '2023-01-03', 'Purchase', 'POS', 'Bean & Co', -350, 299650, 'Coffee'],
      ['R3', '2023-01-03', 'Rent', 'TRANSFER', 'Rent, January', -100000, 199650, 'Rent, January'],
      ['R4', '2023-01-05', 'Refund', 'TRANSFER', 'Bean & Co', 350, 200000, 'Refund coffee'],
    ]);
  });
});
