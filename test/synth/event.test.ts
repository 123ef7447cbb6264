import { describe, expect, it } from 'vitest';
import { synthEvent } from '../../src/synth/event.js';

describe('synthEvent', () => {
  it('copies the given fields and gives every event the same keys in the same order', () => {
    const a = synthEvent({ at: 1, type: 'Purchase', channel: 'POS', counterparty: 'A', amountCents: -100, location: 'CN', remark: 'r', outcome: 'declinable' });
    const b = synthEvent({ at: 2, type: 'Refund', channel: 'POS', counterparty: 'A', amountCents: 50, location: 'CN', remark: 'r', outcome: 'success', refundOf: a, signal: 'refunds', loan: { loanId: 'L1', installment: 1 } });
    expect(Object.keys(a)).toEqual(Object.keys(b));
    expect(Object.keys(a)).toEqual(['at', 'type', 'channel', 'counterparty', 'amountCents', 'location', 'remark', 'outcome', 'signal', 'refundOf', 'loan', 'fundedBy', 'trustedCounterparty', 'trustedRemark', 'txnId', 'status']);
    expect(b.refundOf).toBe(a);
    expect(b).toMatchObject({ at: 2, type: 'Refund', amountCents: 50, signal: 'refunds', loan: { loanId: 'L1', installment: 1 }, txnId: undefined, status: undefined });
  });
});
