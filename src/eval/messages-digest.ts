import { createHash, type Hash } from 'node:crypto';
import type { ChatMessage } from './client.js';
import { messagesJson, type MessagesJson, type SharedJsonPrefix } from './messages-json.js';

/** The digest of each message list's JSON pieces, computed once (the prompt hash and the cache key both need it). */
const digestOfPieces = new WeakMap<MessagesJson, string>();

/** The hash state after each shared JSON prefix, so that a log's block is hashed once, not once per item. */
const stateAfter = new WeakMap<SharedJsonPrefix, Hash>();

/**
 * Hex SHA-256 of `JSON.stringify(messages.map(({role, content}) => ({role, content})))`, the messages' part of the
 * cache key and of the prompt hash. Equal to that definition byte for byte (tested); the JSON text comes in pieces
 * from `messagesJson`, and a shared prefix is hashed once and its state copied (`Hash.copy`) for each list.
 */
export function messagesDigest(messages: readonly ChatMessage[]): string {
  const pieces = messagesJson(messages);
  let d = digestOfPieces.get(pieces);
  if (d === undefined) {
    const { shared, rest } = pieces;
    if (shared === null) d = createHash('sha256').update(rest).digest('hex');
    else {
      let state = stateAfter.get(shared);
      if (state === undefined) stateAfter.set(shared, (state = createHash('sha256').update(shared.text)));
      d = state.copy().update(rest).digest('hex');
    }
    digestOfPieces.set(pieces, d);
  }
  return d;
}

/** The definition itself: SHA-256 of the JSON of `[{role, content}, …]`. */
export function plainDigest(messages: readonly ChatMessage[]): string {
  return createHash('sha256')
    .update(JSON.stringify(messages.map((m) => ({ role: m.role, content: m.content }))))
    .digest('hex');
}
