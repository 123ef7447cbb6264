/**
 * A deterministic OpenAI-compatible loopback server for tests, re-exported from `src/testing/loopback-server.ts` (the
 * package's `cclupe-kit/testing` export, which the main index does not load) so that benches can load the built copy.
 *
 *   const server = await start({ policy: 'gold', items, faults: { rate: 0.3 } });
 *   // server.url → 'http://127.0.0.1:PORT/v1'; server.counts.completions.get(itemId); await server.close();
 *
 * Requests name their item in the `x-cclupe-item` header (the eval harness sets it), which the `gold` and `first`
 * policies use to look the item up.
 */
export {
  startLoopbackServer as start,
  FAULT_KINDS,
  ITEM_HEADER,
  type FaultKind,
  type FaultPlan,
  type LoopbackCounts as Counts,
  type LoopbackOptions as ServerOptions,
  type LoopbackReply,
  type LoopbackServer as Server,
  type Policy,
  type PolicyContext,
} from '../../src/testing/loopback-server.js';
