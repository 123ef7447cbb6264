/**
 * Replaces every occurrence of a secret in a text with `[redacted]`. Servers and proxies sometimes echo the key in
 * error bodies; every failure message the harness stores or prints passes through here first.
 * Secrets shorter than 6 characters are left alone (they would match ordinary words).
 */
export function redactSecret(text: string, secret: string | undefined): string {
  if (secret === undefined || secret.length < 6) return text;
  return text.split(secret).join('[redacted]');
}

/**
 * A copy of a JSON-like value with the secret redacted in every string, keys included: a server that echoes the key
 * in a successful reply (its content, reasoning or model name) must not get it into `responses.jsonl`,
 * `predictions.jsonl`, the report or the terminal either. Values without the secret are returned as they are.
 */
export function redactDeep<T>(value: T, secret: string | undefined): T {
  if (secret === undefined || secret.length < 6) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return v.includes(secret) ? redactSecret(v, secret) : v;
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [redactSecret(k, secret), walk(x)]));
    return v;
  };
  return walk(value) as T;
}
