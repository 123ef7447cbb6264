export * from './rng.js';
export * from './draw.js';
