import { readdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';

/**
 * Every file under a dataset directory (relative path → SHA-256 of its bytes), `manifest.json` with its `created_at`
 * line removed (the only field two runs with the same options may differ in).
 */
export function datasetSnapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string): void => {
    for (const f of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const p = rel ? `${rel}/${f.name}` : f.name;
      if (f.isDirectory()) walk(p);
      else {
        let data = readFileSync(join(dir, p), 'utf8');
        if (p === 'manifest.json') data = data.replace(/\n {2}"created_at": "[^"]*"\n/, '\n');
        out[p] = createHash('sha256').update(data).digest('hex');
      }
    }
  };
  walk('');
  return out;
}
