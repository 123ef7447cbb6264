export * from './rng.js';
export * from './draw.js';
export * from './normal.js';
