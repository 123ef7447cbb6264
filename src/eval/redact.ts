import type { Redact } from '../io/redact-type.js';

/** What a redacted secret reads as. */
export const REDACTED = '[redacted]';

/** Secrets shorter than this are left alone: they would match ordinary words. */
const MIN_SECRET = 6;
/**
 * A prefix of a secret this long or longer is redacted too: a server or proxy that truncates the key it echoes
 * (`sk-abcdefgh…`) still shows most of it. Eight characters is the generic head of a key (`sk-proj-`) at most, so
 * ordinary text is not touched; secrets shorter than this are matched whole only.
 */
const MIN_PREFIX = 8;

/**
 * Removes a run's secrets from anything written or printed: the API key and the password (or token) of a URL's
 * userinfo. A secret is matched in any letter case (an error page may upper-case it), URL-encoded
 * (`encodeURIComponent`, hex digits in any case) and as any prefix of at least 8 characters (a truncated echo).
 * `text` works on a string, `deep` on a JSON-like value (strings and keys); both return their input unchanged when
 * it holds no secret. With no secret of 6 characters or more, both are the identity.
 */
export interface Redactor extends Redact {
  /** True when there is something to redact. */
  readonly active: boolean;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** `head` then each further character optional in turn: the form itself or any prefix of at least `head` characters. */
function prefixPattern(form: string): string {
  const m = form.length < MIN_PREFIX ? form.length : MIN_PREFIX;
  let tail = '';
  for (let i = form.length - 1; i >= m; i--) tail = `(?:${escapeRe(form[i])}${tail})?`;
  return escapeRe(form.slice(0, m)) + tail;
}

/** The forms a secret may take in an echo: as given and URL-encoded (letter case is left to the pattern). */
function formsOf(secret: string): string[] {
  const forms = new Set([secret, encodeURIComponent(secret)]);
  return [...forms];
}

/** A redactor for these secrets (`undefined`, empty and short ones are ignored). */
export function createRedactor(secrets: Iterable<string | null | undefined>): Redactor {
  const forms = new Set<string>();
  for (const s of secrets) if (s !== undefined && s !== null && s.length >= MIN_SECRET) for (const f of formsOf(s)) forms.add(f);
  if (forms.size === 0) return { active: false, text: (s) => s, deep: (v) => v };
  // one pattern per form, their matches merged: an alternation would stop at the first form that matches a prefix
  // (the plain key's head inside its URL-encoded form) instead of the longest
  const patterns = [...forms].map((f) => new RegExp(prefixPattern(f), 'gi'));
  const text = (s: string): string => {
    const spans: Array<[number, number]> = [];
    for (const re of patterns) for (const m of s.matchAll(re)) spans.push([m.index, m.index + m[0].length]);
    if (spans.length === 0) return s;
    spans.sort((a, b) => a[0] - b[0]);
    let out = '';
    let at = 0;
    for (let i = 0; i < spans.length; ) {
      const start = spans[i][0];
      let end = spans[i][1];
      for (i++; i < spans.length && spans[i][0] <= end; i++) end = Math.max(end, spans[i][1]);
      out += s.slice(at, start) + REDACTED;
      at = end;
    }
    return out + s.slice(at);
  };
  const deep = <T>(value: T): T => {
    const walk = (v: unknown): unknown => {
      if (typeof v === 'string') return text(v);
      if (Array.isArray(v)) return v.map(walk);
      if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [text(k), walk(x)]));
      return v;
    };
    return walk(value) as T;
  };
  return { active: true, text, deep };
}

const USERINFO_RE = /^([a-z][a-z0-9+.-]*:\/\/)([^@/?#]*)@/i;

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/**
 * The secrets of a URL's userinfo (`https://user:password@host/`): the password as written and decoded, and the
 * `user:password` pair as the `Authorization: Basic` header carries it (base64); the user name alone when there is no
 * password, since a token is often passed that way (`https://TOKEN@host/`).
 */
export function urlSecrets(url: string | undefined): string[] {
  const m = url === undefined ? null : USERINFO_RE.exec(url);
  if (!m) return [];
  const colon = m[2].indexOf(':');
  const user = colon < 0 ? m[2] : m[2].slice(0, colon);
  const password = colon < 0 ? '' : m[2].slice(colon + 1);
  if (password === '') return [user, decode(user)];
  return [password, decode(password), Buffer.from(`${decode(user)}:${decode(password)}`).toString('base64')];
}

/** The URL without its userinfo: what a run records (`http://user:pw@host/v1` → `http://host/v1`). */
export function withoutUserinfo(url: string): string {
  return url.replace(USERINFO_RE, '$1');
}

/** The URL with its userinfo masked, for messages: `http://user:pw@host/v1` → `http://***@host/v1`. */
export function maskUserinfo(url: string): string {
  return url.replace(USERINFO_RE, '$1***@');
}

/** The redactor of a run: its API key and the secrets in its base URL's userinfo. */
export function runRedactor(baseUrl: string | undefined, apiKey: string | undefined): Redactor {
  return createRedactor([apiKey, ...urlSecrets(baseUrl)]);
}

/** The error with its message redacted (in place: its class, field and location stay), for errors leaving a run. */
export function redactError<E>(err: E, redact: Redact): E {
  if (err instanceof Error) err.message = redact.text(err.message);
  return err;
}
