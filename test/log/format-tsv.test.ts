import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CANONICAL_HEADER, formatLogTsv, formatRow } from '../../src/log/format-tsv.js';
import { formatCents } from '../../src/log/money.js';
import type { LogRow } from '../../src/schema/log-row.js';

const reference = (r: LogRow) => [r.txn_id, r.timestamp, r.type, r.channel, r.counterparty, formatCents(r.amountCents), formatCents(r.balanceCents), r.status, r.location, r.remark].join('\t');

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
        expect(formatLogTsv({ rows })).toBe([CANONICAL_HEADER, ...rows.map(reference)].join('\n') + '\n');
      }),
      { numRuns: 300, seed: 17 },
    );
  });
});
