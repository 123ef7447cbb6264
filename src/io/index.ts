export * from './atomic-write.js';
export * from './jsonl.js';
export * from './predictions.js';
export * from './read-log.js';
export * from './log-files.js';
export * from './dialect-read.js';
export * from './dialect-canonical.js';
