/**
 * Severity → parameter tables for every operator (SPEC §9), as data. Index 0 is severity 1.
 * `rate` is the share of eligible rows (or cells, or distinct values) touched, at least one; `--rate` overrides it.
 * docs/perturb.md renders this table; a test keeps the two in step.
 */
export const SEVERITY_PARAMS = {
  // ---- preserving ----
  'column-reorder': [{ swaps: 1 }, { swaps: 2 }, { swaps: 3 }, { swaps: 5 }, { swaps: 9 }],
  'header-synonyms': [{ columns: 1 }, { columns: 3 }, { columns: 5 }, { columns: 7 }, { columns: 10 }],
  'date-format': [
    { format: 'YYYY/MM/DD HH:mm:ss' },
    { format: 'DD/MM/YYYY HH:mm:ss' },
    { format: 'DD.MM.YYYY HH:mm:ss' },
    { format: 'YYYYMMDD HH:mm:ss' },
    { format: 'YYYYMMDDHHmmss' },
  ],
  'thousands-separator': [{ separator: ',' }, { separator: ',' }, { separator: "'" }, { separator: "'" }, { separator: ' ' }],
  'decimal-comma': [{ thousands: '' }, { thousands: '' }, { thousands: '.' }, { thousands: '.' }, { thousands: ' ' }],
  'negative-style': [
    { style: 'parentheses' },
    { style: 'parentheses' },
    { style: 'trailing' },
    { style: 'trailing' },
    { style: 'trailing' },
  ],
  'currency-symbol': [
    { symbol: '¥', position: 'prefix', space: false },
    { symbol: 'CNY', position: 'suffix', space: true },
    { symbol: 'RMB', position: 'prefix', space: true },
    { symbol: '￥', position: 'suffix', space: false },
    { symbol: 'CNY', position: 'prefix', space: false },
  ],
  'crlf-bom': [
    { crlf: true, bom: false },
    { crlf: false, bom: true },
    { crlf: true, bom: true },
    { crlf: true, bom: true },
    { crlf: true, bom: true },
  ],
  typos: [
    { rate: 0.05, editsPerCell: 1, columns: ['remark'] },
    { rate: 0.1, editsPerCell: 1, columns: ['remark', 'counterparty'] },
    { rate: 0.2, editsPerCell: 2, columns: ['remark', 'counterparty'] },
    { rate: 0.3, editsPerCell: 2, columns: ['remark', 'counterparty'] },
    { rate: 0.5, editsPerCell: 3, columns: ['remark', 'counterparty'] },
  ],
  mojibake: [
    { rate: 0.05, editsPerCell: 1, columns: ['remark'] },
    { rate: 0.1, editsPerCell: 1, columns: ['remark', 'counterparty'] },
    { rate: 0.2, editsPerCell: 2, columns: ['remark', 'counterparty'] },
    { rate: 0.3, editsPerCell: 2, columns: ['remark', 'counterparty'] },
    { rate: 0.5, editsPerCell: 3, columns: ['remark', 'counterparty'] },
  ],
  'extra-whitespace': [
    { rate: 0.05, maxPad: 1 },
    { rate: 0.1, maxPad: 1 },
    { rate: 0.25, maxPad: 2 },
    { rate: 0.5, maxPad: 3 },
    { rate: 1, maxPad: 4 },
  ],
  // ---- corrupting ----
  'drop-rows': [{ rate: 0.005 }, { rate: 0.01 }, { rate: 0.02 }, { rate: 0.05 }, { rate: 0.1 }],
  'duplicate-rows': [{ rate: 0.005 }, { rate: 0.01 }, { rate: 0.02 }, { rate: 0.05 }, { rate: 0.1 }],
  'balance-offset': [
    { rate: 0.005, deltaCents: 1 },
    { rate: 0.005, deltaCents: 100 },
    { rate: 0.01, deltaCents: 1000 },
    { rate: 0.02, deltaCents: 10000 },
    { rate: 0.05, deltaCents: 100000 },
  ],
  'orphan-refund': [{ count: 1 }, { count: 1 }, { count: 2 }, { count: 3 }, { count: 4 }],
  'refund-exceeds-purchase': [
    { excess: 0.01 },
    { excess: 0.1 },
    { excess: 0.5 },
    { excess: 1 },
    { excess: 3 },
  ],
  'refund-before-purchase': [{ daysBefore: 1 }, { daysBefore: 3 }, { daysBefore: 7 }, { daysBefore: 14 }, { daysBefore: 30 }],
  'loan-skip': [{ installments: 1 }, { installments: 1 }, { installments: 2 }, { installments: 2 }, { installments: 3 }],
  'loan-shift': [{ days: 10 }, { days: 15 }, { days: 20 }, { days: 30 }, { days: 45 }],
  'loan-resize': [{ factor: 0.9 }, { factor: 0.75 }, { factor: 1.5 }, { factor: 0.5 }, { factor: 2 }],
  'scale-amounts': [
    { rate: 0.005, factor: 100 },
    { rate: 0.01, factor: 100 },
    { rate: 0.02, factor: 100 },
    { rate: 0.05, factor: 100 },
    { rate: 0.1, factor: 100 },
  ],
  'swap-amount-balance': [{ rate: 0.005 }, { rate: 0.01 }, { rate: 0.02 }, { rate: 0.05 }, { rate: 0.1 }],
  'splice-day': [{ days: 1 }, { days: 1 }, { days: 2 }, { days: 3 }, { days: 4 }],
  'ragged-rows': [{ rate: 0.005 }, { rate: 0.01 }, { rate: 0.02 }, { rate: 0.05 }, { rate: 0.1 }],
  'embed-tab': [{ rate: 0.005 }, { rate: 0.01 }, { rate: 0.02 }, { rate: 0.05 }, { rate: 0.1 }],
  'embed-newline': [{ rate: 0.005 }, { rate: 0.01 }, { rate: 0.02 }, { rate: 0.05 }, { rate: 0.1 }],
  'stray-quotes': [{ rate: 0.005 }, { rate: 0.01 }, { rate: 0.02 }, { rate: 0.05 }, { rate: 0.1 }],
  'empty-cell': [{ rate: 0.005 }, { rate: 0.01 }, { rate: 0.02 }, { rate: 0.05 }, { rate: 0.1 }],
  'inject-instruction': [
    { count: 1, variant: 0 },
    { count: 1, variant: 1 },
    { count: 2, variant: 2 },
    { count: 3, variant: 3 },
    { count: 5, variant: 4 },
  ],
} as const;

/** Operator ids, in registry order. */
export type OperatorId = keyof typeof SEVERITY_PARAMS;
