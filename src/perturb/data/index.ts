export * from './header-synonyms.js';
export * from './injection-texts.js';
export * from './mojibake-table.js';
export * from './integrity-categories.js';
