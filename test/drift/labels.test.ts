import { describe, expect, it } from 'vitest';
import { continuousBinLabels } from '../../src/drift/labels.js';

describe('continuousBinLabels', () => {
  it('reads integer features as inclusive integer ranges', () => {
    // Edges 2.5, 4.5, 117 (values 116 and 118 met halfway), 200.5: bins ≤2, 3–4, 5–116, 117–200, ≥201
    expect(continuousBinLabels('rows_per_log', [2.5, 4.5, 117, 200.5])).toEqual(['≤ 2', '3–4', '5–116', '117–200', '≥ 201']);
    expect(continuousBinLabels('gap_days', [0.5, 1.5])).toEqual(['≤ 0', '1', '≥ 2']);
  });

  it('reads log-scaled features as half-open ranges with two decimals', () => {
    expect(continuousBinLabels('amount_out', [1.1705, 2.3115])).toEqual(['< 1.17', '1.17–2.31', '≥ 2.31']);
    expect(continuousBinLabels('balance', [])).toEqual(['all']);
  });
});
