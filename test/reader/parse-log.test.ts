import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CANONICAL_DIALECT } from '../../src/reader/dialect-canonical.js';
import { listLogFiles, readLogFile } from '../../src/io/log-files.js';
import { fileStem, parseLogBytes, parseLogText } from '../../src/reader/parse-log.js';
import { formatLogTsv, formatRowsTsv } from '../../src/log/format-tsv.js';
import { Dialect } from '../../src/schema/dialect.js';
import type { LogRow } from '../../src/schema/log-row.js';

const ROWS: LogRow[] = [
  { txn_id: 'T0001', timestamp: '2023-01-03 09:15:00', type: 'Salary', channel: 'TRANSFER', counterparty: 'Hengda Technology Co., Ltd.', amountCents: 800000, balanceCents: 1000000, status: 'SUCCESS', location: 'CN', remark: 'Monthly salary' },
  { txn_id: 'T0002', timestamp: '2023-01-05 12:30:10', type: 'Purchase', channel: 'POS', counterparty: 'Jiale Supermarket', amountCents: -123450, balanceCents: -123450 + 1000000, status: 'SUCCESS', location: 'CN', remark: 'Groceries' },
  { txn_id: 'T0003', timestamp: '2023-01-15 21:45:12', type: 'Purchase', channel: 'QR', counterparty: 'Laoma Noodle House', amountCents: -5800, balanceCents: 876550, status: 'FAILED', location: 'CN', remark: 'Dinner' },
  { txn_id: 'T0004', timestamp: '2023-02-01 00:00:05', type: 'Fee', channel: 'AUTO_DEBIT', counterparty: 'Own bank', amountCents: -5, balanceCents: 876545, status: 'SUCCESS', location: 'HK', remark: 'Card fee' },
];
// most cases below read the version 1 layout (no log_id column), which every reader keeps reading
const TSV = formatRowsTsv({ rows: ROWS });

/** Rewrites every data line of the canonical TSV, column by column. */
function mapCells(text: string, f: (cells: string[], isHeader: boolean) => string[]): string {
  return text
    .split('\n')
    .map((l, i) => (l === '' ? l : f(l.split('\t'), i === 0).join('\t')))
    .join('\n');
}
const AMOUNT = 5;
const BALANCE = 6;
const TIMESTAMP = 1;

describe('fileStem', () => {
  it('is the file name without its extension, as path.basename(p, path.extname(p)) gives it', () => {
    for (const p of ['a/b/p000001.tsv', 'p1.csv', 'dir/name.with.dots.txt', 'noext', 'dir/.hidden', 'x.'])
      expect([p, fileStem(p)]).toEqual([p, basename(p, extname(p))]);
  });
});

describe('parseLogText', () => {
  it('reads the canonical TSV back to the rows formatLogTsv wrote', () => {
    const { logs, issues } = parseLogText(TSV, { file: 'logs/p000001.tsv' });
    expect(issues).toEqual([]);
    expect(logs).toHaveLength(1);
    expect(logs[0].logId).toBe('p000001');
    expect(logs[0].hasTimeOfDay).toBe(true);
    expect(logs[0].rows).toEqual(ROWS);
    expect(logs[0].lines).toEqual([2, 3, 4, 5]);
  });

  describe('format version 2 (a log_id column on every row)', () => {
    const V2 = formatLogTsv({ rows: ROWS, logId: 'p000001' });
    it('names the log by its log_id column and reads the same rows as version 1', () => {
      expect(V2.split('\n')[1].startsWith('p000001\tT0001\t')).toBe(true);
      const { logs, issues } = parseLogText(V2, { file: 'copy.tsv' });
      expect(issues).toEqual([]);
      expect(logs.map((l) => [l.logId, l.lines])).toEqual([['p000001', [2, 3, 4, 5]]]);
      expect(logs[0].rows).toEqual(ROWS);
      expect(parseLogText(V2, { file: 'logs/p000001.tsv', logId: 'p000001' }).logs[0].rows).toEqual(ROWS);
    });
    it('splits a concatenation of many logs (one header) by log_id, on the fast and the slow path', () => {
      const other = formatLogTsv({ rows: ROWS.slice(0, 2), logId: 's000002' }).split('\n').slice(1).join('\n');
      // one row spelled leniently (decimal comma): read by the full reader, and still put in its log
      const lenient = other.replace('-1234.50', '"-1234,50"'.slice(1, -1));
      const { logs, issues } = parseLogText(V2 + lenient, { file: 'all.tsv' });
      expect(issues.map((i) => i.code)).toEqual(['NUMBER_FORMAT']);
      expect(logs.map((l) => [l.logId, l.rows.map((r) => r.txn_id), l.lines])).toEqual([
        ['p000001', ['T0001', 'T0002', 'T0003', 'T0004'], [2, 3, 4, 5]],
        ['s000002', ['T0001', 'T0002'], [6, 7]],
      ]);
      expect(logs[1].rows).toEqual(ROWS.slice(0, 2));
    });
    it('reads a file named as one log: a log_id cell naming another log or left blank is an error on its line', () => {
      const lines = V2.split('\n');
      lines[2] = lines[2].replace(/^p000001/, 'p000009');
      lines[3] = lines[3].replace(/^p000001/, '');
      const { logs, issues } = parseLogText(lines.join('\n'), { file: 'logs/p000001.tsv', logId: 'p000001' });
      expect(issues).toMatchObject([
        { code: 'BAD_VALUE', line: 3, column: 'log_id', actual: 'p000009' },
        { code: 'EMPTY_FIELD', line: 4, column: 'log_id' },
      ]);
      expect(issues[0].message).toContain('the file holds log p000001');
      expect(logs.map((l) => [l.logId, l.rows.map((r) => r.txn_id), l.unreadableLines])).toEqual([['p000001', ['T0001', 'T0004'], [3, 4]]]);
    });
    it('gives a header-only file the one empty log its name gives', () => {
      const { logs, issues } = parseLogText(V2.split('\n')[0] + '\n', { file: 'logs/p000003.tsv' });
      expect(issues).toEqual([]);
      expect(logs.map((l) => [l.logId, l.rows.length])).toEqual([['p000003', 0]]);
    });
  });

  it('reports a header read before (kept per dialect and line) at the header line of each file', () => {
    // a reordered, extended header: its issues come from the layout kept for the line, located per file
    const header = mapCells(TSV, (c, h) => (h ? [c[1], c[0], ...c.slice(2), 'extra'] : [c[1], c[0], ...c.slice(2), 'x'])).split('\n')[0];
    const first = parseLogText(header + '\n', { file: 'a.tsv' });
    const again = parseLogText(header + '\n', { file: 'a.tsv' });
    const later = parseLogText('\n \n' + header + '\n', { file: 'b.tsv' });
    expect(first.issues.map((i) => i.code)).toEqual(['HEADER_FORMAT', 'HEADER_FORMAT']);
    expect(again).toEqual(first);
    expect(later.issues.filter((i) => i.code !== 'WHITESPACE')).toEqual(first.issues.map((i) => ({ ...i, file: 'b.tsv', line: 3 })));
    const noHeader = TSV.split('\n').slice(1).join('\n');
    expect(parseLogText(noHeader, { file: 'c.tsv' }).logs[0].rows).toEqual(parseLogText(noHeader, { file: 'c.tsv' }).logs[0].rows);
    expect(parseLogText('\n' + noHeader, { file: 'c.tsv' }).issues.find((i) => i.code === 'HEADER')?.line).toBe(2);
  });

  it('reads bytes the same as text', () => {
    expect(parseLogText(Buffer.from(TSV, 'utf8'), { file: 'a.tsv' })).toEqual(parseLogText(TSV, { file: 'a.tsv' }));
  });

  it('turns each malformed line into an issue with file, line, column and text, and reads on', () => {
    const lines = TSV.split('\n');
    lines[2] = lines[2].replace('-1234.50', '-12x4.50');
    lines[3] = lines[3].replace('\tQR\t', '\tQR\textra\t');
    const { logs, issues } = parseLogText(lines.join('\n'), { file: 'f.tsv' });
    expect(logs[0].rows.map((r) => r.txn_id)).toEqual(['T0001', 'T0004']);
    expect(logs[0].unreadableLines).toEqual([3, 4]);
    expect(issues).toMatchObject([
      { code: 'BAD_NUMBER', severity: 'error', file: 'f.tsv', line: 3, row: 2, column: 'amount', actual: '-12x4.50' },
      { code: 'FIELD_COUNT', severity: 'error', file: 'f.tsv', line: 4, row: 3, expected: 10, actual: 11 },
    ]);
    expect(issues[1].message).toContain('T0003');
  });

  it('reports a missing required column once and gives no log', () => {
    const { logs, issues } = parseLogText(TSV.replace('\tbalance\t', '\tsaldo\t'), { file: 'f.tsv' });
    expect(logs).toEqual([]);
    expect(issues.map((i) => i.code)).toEqual(['HEADER']);
    expect(issues[0].message).toContain('balance');
  });

  it('never throws on bytes that are not text', () => {
    const r = parseLogText(new Uint8Array([0xff, 0xfe, 0x00, 0x09, 0x0a, 0xc3]), { file: 'junk.tsv' });
    expect(r.issues.length).toBeGreaterThan(0);
    expect(r.issues.some((i) => i.code === 'ENCODING' && i.severity === 'error')).toBe(true);
  });

  describe('reads preserving changes back to the same canonical log, with warnings only', () => {
    const variants: Array<[string, string, string]> = [
      ['CRLF line endings', TSV.replace(/\n/g, '\r\n'), 'ENCODING'],
      ['a byte-order mark', '\uFEFF' + TSV, 'ENCODING'],
      ['reordered columns', mapCells(TSV, (c) => [c[9], c[0], c[5], c[6], c[1], c[2], c[3], c[4], c[7], c[8]]), 'HEADER_FORMAT'],
      ['header synonyms', TSV.replace('txn_id\ttimestamp', 'Transaction ID\tDate Time').replace('\tremark\n', '\tMemo\n'), 'HEADER_FORMAT'],
      ['DD/MM/YYYY dates', mapCells(TSV, (c, h) => (h ? c : c.map((v, i) => (i === TIMESTAMP ? `${v.slice(8, 10)}/${v.slice(5, 7)}/${v.slice(0, 4)}${v.slice(10)}` : v)))), 'TIMESTAMP_FORMAT'],
      ['YYYYMMDD dates', mapCells(TSV, (c, h) => (h ? c : c.map((v, i) => (i === TIMESTAMP ? v.slice(0, 10).replace(/-/g, '') + v.slice(10) : v)))), 'TIMESTAMP_FORMAT'],
      ['thousands separators', mapCells(TSV, (c, h) => (h ? c : c.map((v, i) => (i === AMOUNT || i === BALANCE ? v.replace(/(\d)(?=(\d{3})+\.)/g, '$1,') : v)))), 'NUMBER_FORMAT'],
      ['decimal comma and dot thousands', mapCells(TSV, (c, h) => (h ? c : c.map((v, i) => (i === AMOUNT || i === BALANCE ? v.replace('.', ',').replace(/(\d)(?=(\d{3})+,)/g, '$1.') : v)))), 'NUMBER_FORMAT'],
      ['negatives in parentheses', mapCells(TSV, (c, h) => (h ? c : c.map((v, i) => (i === AMOUNT && v.startsWith('-') ? `(${v.slice(1)})` : v)))), 'NUMBER_FORMAT'],
      ['trailing minus', mapCells(TSV, (c, h) => (h ? c : c.map((v, i) => (i === AMOUNT && v.startsWith('-') ? `${v.slice(1)}-` : v)))), 'NUMBER_FORMAT'],
      ['currency symbols', mapCells(TSV, (c, h) => (h ? c : c.map((v, i) => (i === AMOUNT || i === BALANCE ? (v.startsWith('-') ? `-¥${v.slice(1)}` : `¥${v}`) : v)))), 'NUMBER_FORMAT'],
      ['currency codes', mapCells(TSV, (c, h) => (h ? c : c.map((v, i) => (i === BALANCE ? `${v} CNY` : v)))), 'NUMBER_FORMAT'],
      ['extra whitespace', mapCells(TSV, (c, h) => (h ? c : c.map((v, i) => (i % 2 === 0 ? ` ${v}  ` : v)))), 'WHITESPACE'],
    ];
    for (const [name, text, code] of variants) {
      it(name, () => {
        const { logs, issues } = parseLogText(text, { file: 'v.tsv' });
        expect(logs[0].rows).toEqual(ROWS);
        expect(issues.length).toBeGreaterThan(0);
        expect(issues.every((i) => i.severity === 'warning')).toBe(true);
        expect(issues.map((i) => i.code)).toContain(code);
      });
    }
  });

  it('reads a foreign dialect: semicolons, quotes, decimal comma, debit/credit pair, date-only DD/MM/YYYY, defaults', () => {
    const dialect = Dialect.parse({
      name: 'bank-export',
      separator: ';',
      quote: '"',
      columns: { ref: ['Reference'], date: ['Booking date'], what: ['Description'], debit: ['Debit'], credit: ['Credit'], balance: ['Balance'], party: ['Counterparty'] },
      optionalColumns: ['party'],
      fields: {
        txn_id: { sources: ['ref'] },
        type: { sources: [{ column: 'what', map: { salary: 'Salary', 'card payment': 'Purchase' } }], default: 'Transfer Out' },
        channel: { sources: [{ column: 'what', map: { 'card payment': 'POS' } }], default: 'TRANSFER' },
        counterparty: { sources: ['party'], default: 'Unknown' },
        status: { sources: [{ const: 'SUCCESS' }] },
        location: { sources: [{ const: 'DE' }] },
        remark: { sources: ['what'], default: 'transaction' },
      },
      timestamp: { column: 'date', format: 'DD/MM/YYYY' },
      amount: { mode: 'debit-credit', debit: 'debit', credit: 'credit' },
      balance: { column: 'balance' },
      number: { decimal: ',', thousands: '.', places: 2, lenient: false },
    });
    const text = [
      'Reference;Booking date;Description;Debit;Credit;Balance;Counterparty',
      'R1;02/01/2023;Salary;;3.000,00;3.000,00;"Acme; GmbH"',
      'R2;03/01/2023;Card payment;12,50;;2.987,50;',
      'R3;03/01/2023;Rent;1.000,00;;1.987,50;"Haus ""Ost"""',
    ].join('\n');
    const { logs, issues } = parseLogText(text, { file: 'export.csv', dialect });
    expect(issues).toEqual([]);
    expect(logs[0].hasTimeOfDay).toBe(false);
    expect(logs[0].rows.map((r) => [r.txn_id, r.timestamp, r.type, r.channel, r.counterparty, r.amountCents, r.balanceCents, r.location, r.remark])).toEqual([
      ['R1', '2023-01-02 00:00:00', 'Salary', 'TRANSFER', 'Acme; GmbH', 300000, 300000, 'DE', 'Salary'],
      ['R2', '2023-01-03 00:00:00', 'Purchase', 'POS', 'Unknown', -1250, 298750, 'DE', 'Card payment'],
      ['R3', '2023-01-03 00:00:00', 'Transfer Out', 'TRANSFER', 'Haus "Ost"', -100000, 198750, 'DE', 'Rent'],
    ]);
  });

  it('splits a file into one log per account when the dialect names an account column', () => {
    const dialect = Dialect.parse({ ...CANONICAL_DIALECT, columns: { ...CANONICAL_DIALECT.columns, acct: ['account'] }, account: 'acct', logIdPrefix: 'a' });
    const text = mapCells(TSV, (c, h) => [...c, h ? 'account' : c[0] === 'T0002' ? '7' : '5']);
    const { logs, issues } = parseLogText(text, { file: 'many.tsv', dialect });
    expect(issues).toEqual([]);
    expect(logs.map((l) => [l.logId, l.rows.map((r) => r.txn_id), l.lines])).toEqual([
      ['a5', ['T0001', 'T0003', 'T0004'], [2, 4, 5]],
      ['a7', ['T0002'], [3]],
    ]);
  });

  it('attributes a ragged line of a many-log file to its account, even one not seen before', () => {
    const dialect = Dialect.parse({ ...CANONICAL_DIALECT, columns: { acct: ['account'], ...CANONICAL_DIALECT.columns }, account: 'acct' });
    const text = 'account\t' + TSV.split('\n')[0] + '\n' + '9\tT1\tjunk\n' + mapCells(TSV, (c) => ['5', ...c]).split('\n').slice(1).join('\n');
    const { logs, issues } = parseLogText(text, { file: 'many.tsv', dialect });
    expect(issues.map((i) => [i.code, i.line])).toEqual([['FIELD_COUNT', 2]]);
    expect(logs.map((l) => [l.logId, l.rows.length, l.unreadableLines ?? []])).toEqual([
      ['9', 0, [2]],
      ['5', 4, []],
    ]);
  });
});

describe('readLogFile', () => {
  it('reports a file that cannot be read as one READ_ERROR', () => {
    const r = readLogFile(join(tmpdir(), 'no-such-cclupe-file.tsv'));
    expect(r.logs).toEqual([]);
    expect(r.issues).toMatchObject([{ code: 'READ_ERROR', severity: 'error' }]);
  });
  it('reads a log from disk with the path as its file name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cclupe-read-'));
    writeFileSync(join(dir, 'x.tsv'), TSV);
    const r = readLogFile(join(dir, 'x.tsv'));
    expect(r.logs[0].file).toBe(join(dir, 'x.tsv'));
    expect(r.logs[0].rows).toEqual(ROWS);
  });
});

describe('parseLogBytes', () => {
  it('takes the bytes out of their holder and reads them as parseLogText reads them', () => {
    const texts = [TSV, TSV.replace(/\n/g, '\r\n'), `\uFEFF${TSV}`, TSV.trimEnd(), `${TSV}\n \n`, `\n\n${TSV}`, '', '\n', '\r', `${TSV}Ã©\n`];
    const inputs = [...texts.map((t) => Buffer.from(t)), Buffer.concat([Buffer.from(TSV), Buffer.from([0xff, 0x0a])])];
    for (const bytes of inputs) {
      const source = { bytes: Buffer.from(bytes) };
      expect(parseLogBytes(source, { file: 'x.tsv' })).toEqual(parseLogText(bytes, { file: 'x.tsv' }));
      expect(source.bytes).toBeNull();
    }
  });

  it('finds lines as a split on LF does: a CR before LF cut off, a blank line kept, no empty line after the last LF', () => {
    const l = TSV.split('\n');
    const mixed = [l[0], l[1], `${l[2]}\r`, ' \t', l[3], `${l[4]}\r`].join('\n');
    const r = parseLogBytes({ bytes: Buffer.from(mixed) }, { file: 'x.tsv' });
    expect(r.logs[0].rows).toEqual(ROWS);
    expect(r.logs[0].lines).toEqual([2, 3, 5, 6]);
    expect(r.issues.map((i) => [i.code, i.line])).toEqual([
      ['ENCODING', 3],
      ['WHITESPACE', 4],
    ]);
    const led = parseLogBytes({ bytes: Buffer.from(`\n\n${TSV.replace(/\n/g, '\r\n')}`) }, { file: 'x.tsv' });
    expect(led.logs[0].lines).toEqual([4, 5, 6, 7]);
  });
});

describe('listLogFiles', () => {
  it('lists logs/ of a dataset, a plain directory, and keeps files and missing paths as given', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cclupe-list-'));
    mkdirSync(join(dir, 'ds', 'logs'), { recursive: true });
    for (const f of ['p2.tsv', 'p1.tsv', '.p0.tsv.tmp-1', 'notes.md']) writeFileSync(join(dir, 'ds', 'logs', f), '');
    writeFileSync(join(dir, 'ds', 'labels.jsonl'), '');
    mkdirSync(join(dir, 'plain'));
    for (const f of ['b.csv', 'a.tsv']) writeFileSync(join(dir, 'plain', f), '');
    expect(listLogFiles([join(dir, 'ds'), join(dir, 'plain'), join(dir, 'missing.tsv')])).toEqual([
      join(dir, 'ds', 'logs', 'p1.tsv'),
      join(dir, 'ds', 'logs', 'p2.tsv'),
      join(dir, 'plain', 'a.tsv'),
      join(dir, 'plain', 'b.csv'),
      join(dir, 'missing.tsv'),
    ]);
  });
});
