export * from './audit.js';
export * from './gates.js';
export * from './injection.js';
export * from './other-log.js';
export * from './stats.js';
export * from './format.js';
export * from './chance.js';
