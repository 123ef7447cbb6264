export { runChunks } from './pool.js';
export { ChunkCursor } from './chunk-cursor.js';
