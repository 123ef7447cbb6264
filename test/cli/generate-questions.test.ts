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
    expect(summary.questions.items).toBe(15 * (12 - summary.questions.failed_logs));

    expect((await cclupe('generate', '--count', '12', '--seed', '5', '--out', two)).status).toBe(0);
    const r2 = await cclupe('questions', two);
    expect(r2.status, r2.stderr).toBe(0);
    expect(readFileSync(join(one, 'questions.jsonl'), 'utf8')).toBe(readFileSync(join(two, 'questions.jsonl'), 'utf8'));
  });

  it('counts the logs that could not support a full set, not their problems (4 one-row logs, 13 shortfalls)', async () => {
    const tiny = join(mkdtempSync(join(tmpdir(), 'cclupe-genq-')), 'tiny');
    const r = await cclupe('generate', '--count', '4', '--rows-min', '1', '--rows-max', '1', '--out', tiny, '--questions');
    expect(r.status, r.stderr).toBe(0);
    // the problems are one line per shortfall, "<logId>: …"; the logs behind them are counted once each
    const coverage = JSON.parse(readFileSync(join(tiny, 'questions-coverage.json'), 'utf8')) as { problems: string[] };
    const logs = new Set(coverage.problems.map((p) => p.slice(0, p.indexOf(':'))));
    expect(logs.size).toBe(4);
    expect(coverage.problems.length).toBeGreaterThan(4);
    expect(r.stdout).toContain(`; 4 logs could not support a full balanced set (${coverage.problems.length} problems; see questions-coverage.json)\n`);

    const q = await cclupe('questions', tiny);
    expect(q.status, q.stderr).toBe(0);
    expect(q.stdout).toContain(`\n4 logs could not support a full balanced set (${coverage.problems.length} problems):\n`);
  });
});
