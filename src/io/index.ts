export * from './atomic-write.js';
export * from './jsonl.js';
