export * from './money.js';
export * from './format-tsv.js';
export * from './civil-days.js';
