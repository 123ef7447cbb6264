import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

describe('npm run fuzz, smoke size (issue 15)', () => {
  it('finds no crash, hang, lost output or leak on random inputs, kill -9 trials, faults and traversals', () => {
    const r = spawnSync(process.execPath, [join(ROOT, 'scripts', 'fuzz.mjs'), '--smoke', '--json'], { encoding: 'utf8', timeout: 600_000, maxBuffer: 1 << 26 });
    expect(r.stderr).toBe('');
    const { rows, gates } = JSON.parse(r.stdout) as { rows: Array<{ suite: string; tried: number; notes: string[] }>; gates: Record<string, number | null> };
    expect(rows.map((x) => x.suite)).toHaveLength(7);
    for (const x of rows) expect(x.tried, x.suite).toBeGreaterThan(0);
    expect({ ...gates, validateRssRatio: undefined }).toEqual({ exits70: 0, hangs: 0, lost: 0, leaked: 0, injectionFalsePositives: 0, validateRssRatio: undefined });
    expect(r.status).toBe(0);
  }, 600_000);
});
