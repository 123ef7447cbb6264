import { createHash, type Hash } from 'node:crypto';
import type { ChatMessage } from './client.js';

// Contents shorter than this are hashed whole: sharing a prefix only pays off for the long log blocks.
const MIN_SHARED_PREFIX = 1024;

/** The digest of a message list, computed once per list (the prompt hash and the cache key both need it). */
const digestOfMessages = new WeakMap<readonly ChatMessage[], string>();

/**
 * The hash state after the JSON text that precedes the last message's content, plus the JSON of a long prefix of
 * that content (without its closing quote). A log's items share the system prompt and the log block, so consecutive
 * item prompts differ only after the block: the shared part is escaped and hashed once per log instead of per item.
 */
let shared: { head: string; prefix: string; hash: Hash } | null = null;
/** The last message content hashed, to find the prefix it shares with the next one. */
let previousContent = '';

/**
 * Hex SHA-256 of `JSON.stringify(messages.map(({role, content}) => ({role, content})))`, the messages' part of the
 * cache key and of the prompt hash. Equal to that definition byte for byte (tested), but when consecutive lists end
 * in contents sharing a long prefix, the prefix is escaped and hashed once (`Hash.copy`): JSON escaping is per
 * character, so `JSON(a + b)` is `JSON(a)` without its closing quote followed by `JSON(b)` without its opening one,
 * unless the cut splits a surrogate pair (the cut is moved before it).
 */
export function messagesDigest(messages: readonly ChatMessage[]): string {
  let d = digestOfMessages.get(messages);
  if (d === undefined) {
    d = computeDigest(messages);
    digestOfMessages.set(messages, d);
  }
  return d;
}

function computeDigest(messages: readonly ChatMessage[]): string {
  const n = messages.length;
  const last = n > 0 ? messages[n - 1] : undefined;
  if (last === undefined || typeof last.role !== 'string' || typeof last.content !== 'string' || last.content.length < MIN_SHARED_PREFIX) {
    return plainDigest(messages);
  }
  const content = last.content;
  // JSON text before the last content: `[` + earlier messages + `{"role":…,"content":`.
  let head = '[';
  for (let i = 0; i < n - 1; i++) head += JSON.stringify({ role: messages[i].role, content: messages[i].content }) + ',';
  head += `{"role":${JSON.stringify(last.role)},"content":`;
  let digest: string;
  // `slice(…) ===` rather than `startsWith`: on a concatenated (rope) string V8's startsWith can walk it char by char.
  if (shared !== null && shared.head === head && content.length >= shared.prefix.length && content.slice(0, shared.prefix.length) === shared.prefix) {
    digest = shared.hash
      .copy()
      .update(JSON.stringify(content.slice(shared.prefix.length)).slice(1))
      .update('}]')
      .digest('hex');
  } else {
    digest = createHash('sha256').update(head).update(JSON.stringify(content)).update('}]').digest('hex');
    let cut = commonPrefixLength(previousContent, content);
    // Never cut between the halves of a surrogate pair: each half alone would be escaped as a lone surrogate.
    if (cut > 0 && isHighSurrogate(content.charCodeAt(cut - 1))) cut--;
    if (cut >= MIN_SHARED_PREFIX) {
      const prefix = content.slice(0, cut);
      const prefixJson = JSON.stringify(prefix);
      shared = { head, prefix, hash: createHash('sha256').update(head).update(prefixJson.slice(0, -1)) };
    }
  }
  previousContent = content;
  return digest;
}

/** The definition itself: SHA-256 of the JSON of `[{role, content}, …]`. */
export function plainDigest(messages: readonly ChatMessage[]): string {
  return createHash('sha256')
    .update(JSON.stringify(messages.map((m) => ({ role: m.role, content: m.content }))))
    .digest('hex');
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

function commonPrefixLength(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}
