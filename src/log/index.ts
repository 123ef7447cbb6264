export * from './money.js';
export * from './format-tsv.js';
