export * from './parse-log.js';
export * from './dialect-canonical.js';
