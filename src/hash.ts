import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted at every depth, so that equal values always give equal text
 * (the input of every hash in a run: cache keys, config hash, dataset hash).
 */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      const v = value[i];
      out += v === undefined || typeof v === 'function' ? 'null' : stableStringify(v);
    }
    return out + ']';
  }
  const obj = value as Record<string, unknown>;
  let out = '{';
  let first = true;
  for (const k of Object.keys(obj).sort()) {
    const v = obj[k];
    if (v === undefined || typeof v === 'function') continue;
    out += (first ? '' : ',') + JSON.stringify(k) + ':' + stableStringify(v);
    first = false;
  }
  return out + '}';
}

/** Hex SHA-256 of a string or bytes. */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Hex SHA-256 of a value's stable JSON form. */
export function hashValue(value: unknown): string {
  return sha256Hex(stableStringify(value));
}
