import type { ChatMessage } from './wire.js';

// Contents shorter than this are escaped whole: sharing a prefix only pays off for the long log blocks.
const MIN_SHARED_PREFIX = 1024;

/**
 * The start of a messages JSON text shared by consecutive message lists: everything before the last message's
 * content, then the escaped long prefix of that content without its closing quote. A log's items share the system
 * prompt and the log block, so this is the ~15 KB common to all of them. Consumers attach what they derive from it
 * once (the hash state of the digest, the UTF-8 bytes of the request body).
 */
export interface SharedJsonPrefix {
  /** The JSON text of the shared part. */
  readonly text: string;
  /** The raw (unescaped) content prefix it covers, to recognise the next list that shares it. */
  readonly contentPrefix: string;
  /** Everything in `text` before the last content's opening quote. */
  readonly head: string;
}

/**
 * `JSON.stringify(messages.map(({role, content}) => ({role, content})))` in two pieces: `(shared?.text ?? '') + rest`.
 * `shared` is set when the list shares a long prefix with the list before it (see `messagesJson`).
 */
export interface MessagesJson {
  readonly shared: SharedJsonPrefix | null;
  readonly rest: string;
}

/** Pieces with the roles and contents they were built from (`[role, content, …]`), to notice a list changed since. */
interface CachedPieces {
  pieces: MessagesJson;
  source: string[];
}

/** The pieces of each message list, computed once per list (the digest and the request body both need them). */
const piecesOf = new WeakMap<readonly ChatMessage[], CachedPieces>();

/** The shared prefix of the most recent long list, and that list's last content (to find the next shared prefix). */
let current: SharedJsonPrefix | null = null;
let previousContent = '';

/**
 * The JSON text of a message list as `[{role, content}, …]`, in pieces (computed once per list and cached by
 * identity). Equal to the definition byte for byte (tested), but when consecutive lists end in contents sharing a
 * long prefix, the prefix is escaped once: JSON escaping is per character, so `JSON(a + b)` is `JSON(a)` without its
 * closing quote followed by `JSON(b)` without its opening one, unless the cut splits a surrogate pair (the cut is
 * moved before it).
 */
export function messagesJson(messages: readonly ChatMessage[]): MessagesJson {
  const cached = piecesOf.get(messages);
  // A caller may push to or edit a list it passed before (the transport is public): then the pieces are rebuilt.
  // The contents are usually the very same strings, so the check is a few pointer comparisons.
  if (cached !== undefined && sameSource(cached.source, messages)) return cached.pieces;
  const pieces = computePieces(messages);
  const source: string[] = [];
  for (const m of messages) source.push(m.role, m.content);
  piecesOf.set(messages, { pieces, source });
  return pieces;
}

function sameSource(source: readonly string[], messages: readonly ChatMessage[]): boolean {
  if (source.length !== 2 * messages.length) return false;
  for (let i = 0; i < messages.length; i++) {
    if (source[2 * i] !== messages[i].role || source[2 * i + 1] !== messages[i].content) return false;
  }
  return true;
}

function computePieces(messages: readonly ChatMessage[]): MessagesJson {
  const n = messages.length;
  const last = n > 0 ? messages[n - 1] : undefined;
  if (last === undefined || typeof last.role !== 'string' || typeof last.content !== 'string' || last.content.length < MIN_SHARED_PREFIX) {
    return { shared: null, rest: JSON.stringify(messages.map((m) => ({ role: m.role, content: m.content }))) };
  }
  const content = last.content;
  const head = headJson(messages);
  const s = current;
  // `slice(…) ===` rather than `startsWith`: on a concatenated (rope) string V8's startsWith can walk it char by char.
  if (s !== null && s.head === head && content.length >= s.contentPrefix.length && content.slice(0, s.contentPrefix.length) === s.contentPrefix) {
    previousContent = content;
    return { shared: s, rest: JSON.stringify(content.slice(s.contentPrefix.length)).slice(1) + '}]' };
  }
  let cut = commonPrefixLength(previousContent, content);
  // Never cut between the halves of a surrogate pair: each half alone would be escaped as a lone surrogate.
  if (cut > 0 && isHighSurrogate(content.charCodeAt(cut - 1))) cut--;
  previousContent = content;
  if (cut < MIN_SHARED_PREFIX) return { shared: null, rest: head + JSON.stringify(content) + '}]' };
  // This list starts the new shared prefix and is the first to use it (its content is not escaped twice).
  const contentPrefix = content.slice(0, cut);
  current = { head, contentPrefix, text: head + JSON.stringify(contentPrefix).slice(0, -1) };
  return { shared: current, rest: JSON.stringify(content.slice(cut)).slice(1) + '}]' };
}

/** The last head built, with the roles and contents it was built from (a log's items share the system prompt). */
let lastHead: { text: string; lastRole: string; earlier: string[] } | null = null;

/**
 * The JSON text before the last message's content: `[` + earlier messages + `{"role":…,"content":`. Consecutive
 * lists usually share their earlier messages (the system prompt, ~2 KB whose escaping costs more than the rest of
 * the digest), so the previous head is reused, as the same string, when roles and contents are equal.
 */
function headJson(messages: readonly ChatMessage[]): string {
  const n = messages.length;
  const lastRole = messages[n - 1].role;
  const prev = lastHead;
  if (prev !== null && prev.earlier.length === 2 * (n - 1) && prev.lastRole === lastRole) {
    let same = true;
    for (let i = 0; i < n - 1 && same; i++) same = prev.earlier[2 * i] === messages[i].role && prev.earlier[2 * i + 1] === messages[i].content;
    if (same) return prev.text;
  }
  let text = '[';
  const earlier: string[] = [];
  for (let i = 0; i < n - 1; i++) {
    const { role, content } = messages[i];
    text += JSON.stringify({ role, content }) + ',';
    earlier.push(role, content);
  }
  text += `{"role":${JSON.stringify(lastRole)},"content":`;
  lastHead = { text, lastRole, earlier };
  return text;
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

/**
 * Length of the common prefix of two strings. Whole chunks are compared with `slice(…) ===` first: the contents are
 * usually concatenations (rope strings), where `charCodeAt` walks the rope for every character, and slicing
 * flattens a string once.
 */
function commonPrefixLength(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  const CHUNK = 256;
  let i = 0;
  while (i + CHUNK <= n && a.slice(i, i + CHUNK) === b.slice(i, i + CHUNK)) i += CHUNK;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}
