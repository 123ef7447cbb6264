export { runChunks, type ChunkDone } from './pool.js';
export { ChunkCursor } from './chunk-cursor.js';
