export { runChunks, type ChunkDone } from './pool.js';
