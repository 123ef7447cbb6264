import type { ChatBody } from './wire.js';
import { messagesJson, type SharedJsonPrefix } from './messages-json.js';

/** UTF-8 bytes of each shared messages prefix (a log's system prompt and block), encoded once per log. */
const bytesOf = new WeakMap<SharedJsonPrefix, Buffer>();

/**
 * The request body as sent: the UTF-8 bytes of `JSON.stringify(body)`, byte for byte (tested). A log's items share a
 * ~15 KB prefix (system prompt and log block), which the cache key has already escaped once per log
 * (`messagesJson`); the body reuses those pieces and that prefix's bytes instead of escaping and encoding 15 KB per
 * request. Bodies of another shape (a message with fields besides role and content, keys in another order) are
 * serialised with `JSON.stringify` as they are.
 */
export function encodeChatBody(body: ChatBody): Buffer {
  const { model, messages, ...params } = body;
  if (!hasUsualShape(body)) return Buffer.from(JSON.stringify(body));
  const json = messagesJson(messages);
  const paramsJson = JSON.stringify(params);
  const start = `{"model":${JSON.stringify(model)},"messages":`;
  // `{}` when there are no parameters; otherwise its fields follow the messages.
  const end = paramsJson.length === 2 ? '}' : `,${paramsJson.slice(1)}`;
  if (json.shared === null) return Buffer.from(start + json.rest + end);
  let shared = bytesOf.get(json.shared);
  if (shared === undefined) bytesOf.set(json.shared, (shared = Buffer.from(json.shared.text)));
  const tail = json.rest + end;
  const startLength = Buffer.byteLength(start);
  const out = Buffer.allocUnsafe(startLength + shared.length + Buffer.byteLength(tail));
  out.write(start, 0);
  shared.copy(out, startLength);
  out.write(tail, startLength + shared.length);
  return out;
}

/**
 * True when `JSON.stringify(body)` is `{"model":…,"messages":[{"role":…,"content":…},…],…}`: model and messages come
 * first, the model is a string and every message is a plain `{role, content}` of strings (the digest's form).
 */
function hasUsualShape(body: ChatBody): boolean {
  if (Object.getPrototypeOf(body) !== Object.prototype || typeof body.toJSON === 'function') return false;
  if (typeof body.model !== 'string' || !Array.isArray(body.messages)) return false;
  let i = 0;
  for (const k in body) {
    if ((i === 0 && k !== 'model') || (i === 1 && k !== 'messages')) return false;
    if (++i === 2) break;
  }
  for (const m of body.messages) {
    if (m === null || typeof m !== 'object' || Object.getPrototypeOf(m) !== Object.prototype) return false;
    if (typeof m.role !== 'string' || typeof m.content !== 'string') return false;
    let j = 0;
    for (const k in m) {
      if ((j === 0 && k !== 'role') || (j === 1 && k !== 'content') || j > 1) return false;
      j++;
    }
  }
  return true;
}
