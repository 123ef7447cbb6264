import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATORS } from '../../src/perturb/operators/index.js';

const doc = readFileSync(new URL('../../docs/perturb.md', import.meta.url), 'utf8');
const fmt = (p: Record<string, unknown>) =>
  Object.entries(p)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join('+') : typeof v === 'string' ? JSON.stringify(v) : String(v)}`)
    .join(', ');

describe('docs/perturb.md', () => {
  it('documents every operator with its five severity parameter sets, exactly as the data says', () => {
    for (const op of OPERATORS) {
      const row = `| \`${op.id}\` | ${op.kind} | ${op.stage} | ${op.severityParams.map((p) => '`' + fmt(p as Record<string, unknown>) + '`').join(' | ')} |`;
      expect(doc, op.id).toContain(row);
    }
  });
  it('lists every operator with its expected codes', () => {
    for (const op of OPERATORS) expect(doc, op.id).toContain(`| \`${op.id}\` | ${op.summary.replace(/\|/g, '\\|')} | ${op.expectedCodes.join(', ') || '– (format findings only)'} |`);
  });
});
