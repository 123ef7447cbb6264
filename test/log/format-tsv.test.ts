import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CANONICAL_HEADER, ROWS_HEADER, formatLogTsv, formatRow, formatRowsTsv, withoutLogIdColumn } from '../../src/log/format-tsv.js';
import { formatCents } from '../../src/log/money.js';
import type { LogRow } from '../../src/schema/log-row.js';

const reference = (r: LogRow) => [r.txn_id, r.timestamp, r.type, r.channel, r.counterparty, formatCents(r.amountCents), formatCents(r.balanceCents), r.status, r.location, r.remark].join('\t');

describe('the canonical header', () => {
  it('is format version 2: log_id first, then the ten fields of a row', () => {
    expect(CANONICAL_HEADER).toBe('log_id\ttxn_id\ttimestamp\ttype\tchannel\tcounterparty\tamount\tbalance\tstatus\tlocation\tremark');
    expect(ROWS_HEADER).toBe(CANONICAL_HEADER.slice('log_id\t'.length));
  });
});

describe('formatRow', () => {
  it('joins the ten canonical fields with tabs, whatever the pairs of type/channel and status/location', () => {
    const text = fc.string({ minLength: 1, maxLength: 12 });
    const row = fc.record({
      txn_id: text,
      timestamp: text,
      type: fc.oneof(fc.constantFrom('Purchase', 'Refund', 'Salary'), text),
      channel: fc.oneof(fc.constantFrom('POS', 'ONLINE'), text),
      counterparty: text,
      amountCents: fc.integer({ min: -1e9, max: 1e9 }),
      balanceCents: fc.integer({ min: -1e9, max: 1e9 }),
      status: fc.oneof(fc.constantFrom('SUCCESS', 'FAILED'), text),
      location: fc.oneof(fc.constantFrom('CN', 'JP'), text),
      remark: text,
    }) as fc.Arbitrary<LogRow>;
    fc.assert(
      fc.property(fc.array(row, { maxLength: 30 }), (rows) => {
        for (const r of rows) expect(formatRow(r)).toBe(reference(r));
        expect(formatLogTsv({ rows, logId: 'p000042' })).toBe([CANONICAL_HEADER, ...rows.map((r) => `p000042\t${reference(r)}`)].join('\n') + '\n');
        expect(formatRowsTsv({ rows })).toBe([ROWS_HEADER, ...rows.map(reference)].join('\n') + '\n');
      }),
      { numRuns: 300, seed: 17 },
    );
  });
});

describe('withoutLogIdColumn', () => {
  it("cuts the leading log_id cell of the header and of the log's rows, keeping BOM, line endings and other lines", () => {
    const text = '\uFEFFlog_id;txn_id;amount\r\np1;T1;1,00\r\np1;T2;"a\r\nb";x\r\n';
    expect(withoutLogIdColumn(text, 'p1', ';')).toBe('\uFEFFtxn_id;amount\r\nT1;1,00\r\nT2;"a\r\nb";x\r\n');
    const rows = [{ txn_id: 'T1', timestamp: '2023-01-01 00:00:00', type: 'Fee', channel: 'ONLINE', counterparty: 'Bank', amountCents: -5, balanceCents: 95, status: 'SUCCESS', location: 'CN', remark: 'fee' }] as LogRow[];
    expect(withoutLogIdColumn(formatLogTsv({ rows, logId: 'p1' }), 'p1', '\t')).toBe(formatRowsTsv({ rows }));
    expect(withoutLogIdColumn(formatRowsTsv({ rows }), 'p1', '\t')).toBe(formatRowsTsv({ rows }));
  });
});
