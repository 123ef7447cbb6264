export * from './transaction-types.js';
export * from './log-row.js';
export * from './signal-id.js';
export * from './labels.js';
export * from './issue.js';
export * from './item.js';
export * from './prediction.js';
