import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../eval/fixtures.js';
import { skipWithout } from '../support/prerequisites.js';
import { CLI, cclupe } from '../support/cli.js';

// Odd inputs to each command, one case per defect found: each reproduces the defect in a temp dir through the real CLI.

const DIALECTS = resolve('dialects');

describe.skipIf(skipWithout(CLI, 'the built CLI (npm run build)'))('odd inputs to the CLI', () => {
  it('validate reports a formula lead once, at its own column, when two fields read the same cell (debit-credit)', async () => {
    const dir = tempDir('cclupe-odd-');
    const file = join(dir, 'a.csv');
    writeFileSync(file, 'Reference,Date,Description,Debit,Credit,Balance\nR1,01/02/2023,Salary,,100.00,100.00\nR2,02/02/2023,=HYPERLINK(x),10.00,,90.00\n');
    const r = await cclupe(['validate', file, '--dialect', join(DIALECTS, 'debit-credit.yaml'), '--json']);
    const issues = (JSON.parse(r.stdout) as { files: { issues: { code: string; line: number; column?: string }[] }[] }).files.flatMap((f) => f.issues);
    const unsafe = issues.filter((i) => i.code === 'UNSAFE_TEXT');
    expect(unsafe).toEqual([expect.objectContaining({ line: 3, column: 'Description' })]);
  });
});
