import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cclupe as run } from '../support/cli.js';

/** The built CLI in this process (`test/support/cli.ts`). */
const cclupe = (...args: string[]) => run(args);

describe('cclupe generate --questions', () => {
  it('builds the same questions as a separate cclupe questions run, and says so in --json', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cclupe-genq-'));
    const one = join(dir, 'one');
    const two = join(dir, 'two');
    const r1 = await cclupe('generate', '--count', '12', '--seed', '5', '--out', one, '--questions', '--json');
    expect(r1.status, r1.stderr).toBe(0);
    const summary = JSON.parse(r1.stdout);
    expect(summary.logs).toBe(12);
    expect(summary.questions.items).toBe(15 * (12 - summary.questions.problems));

    expect((await cclupe('generate', '--count', '12', '--seed', '5', '--out', two)).status).toBe(0);
    const r2 = await cclupe('questions', two);
    expect(r2.status, r2.stderr).toBe(0);
    expect(readFileSync(join(one, 'questions.jsonl'), 'utf8')).toBe(readFileSync(join(two, 'questions.jsonl'), 'utf8'));
  });
});
