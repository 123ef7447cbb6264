export * from './atomic-write.js';
export * from './jsonl.js';
export * from './predictions.js';
