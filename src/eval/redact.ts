/**
 * Replaces every occurrence of a secret in a text with `[redacted]`. Servers and proxies sometimes echo the key in
 * error bodies; every failure message the harness stores or prints passes through here first.
 * Secrets shorter than 6 characters are left alone (they would match ordinary words).
 */
export function redactSecret(text: string, secret: string | undefined): string {
  if (secret === undefined || secret.length < 6) return text;
  return text.split(secret).join('[redacted]');
}
