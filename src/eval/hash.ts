import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted at every depth, so that equal values always give equal text
 * (the input of every hash in a run: cache keys, config hash, dataset hash).
 */
export function stableStringify(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value as Record<string, unknown>).sort()) {
      const v = (value as Record<string, unknown>)[k];
      if (v !== undefined) out[k] = sortKeys(v);
    }
    return out;
  }
  return value;
}

/** Hex SHA-256 of a string or bytes. */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Hex SHA-256 of a value's stable JSON form. */
export function hashValue(value: unknown): string {
  return sha256Hex(stableStringify(value));
}
