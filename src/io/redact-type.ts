/**
 * What every writer of an eval run passes its output through before it reaches the disk: the run's secrets redacted
 * (`createRedactor` in `src/eval/redact.ts`). `text` filters a string, `deep` every string and key of a JSON-like value.
 */
export interface Redact {
  text(s: string): string;
  deep<T>(value: T): T;
}

/** The filter that changes nothing, for runs without secrets. */
export const NO_REDACTION: Redact = { text: (s) => s, deep: (v) => v };
