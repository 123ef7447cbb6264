import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { detectAll, generateLog, loadProfile, validateLog } from '../src/index.js';

const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const README = fileURLToPath(new URL('../README.md', import.meta.url));
const cclupe = (...args: string[]) =>
  spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { ...process.env, CI: '1' } });
const baselineRows = (text: string) =>
  text.split('\n').filter((l) => /^\| (oracle|random|select-all|abstain|first-option|blind) \|/.test(l));

describe('README', () => {
  it("shows the baselines' Table 3 rows that the demo dataset really gives", () => {
    // The same dataset as scripts/demo.mjs builds.
    const dir = join(mkdtempSync(join(tmpdir(), 'cclupe-readme-')), 'dataset');
    const mix = 'personal-healthy=1,personal-overdue=1,sme-healthy=1,sme-overdue=1';
    const g = cclupe('generate', '--count', '200', '--profile', mix, '--seed', '42', '--out', dir, '--questions');
    expect(g.status, g.stderr).toBe(0);
    const s = cclupe('score', dir, '--baseline', 'all', '--format', 'markdown');
    expect(s.status, s.stderr).toBe(0);
    const actual = baselineRows(s.stdout);
    expect(actual).toHaveLength(6);
    expect(baselineRows(readFileSync(README, 'utf8'))).toEqual(actual);
  });

  it('says of its library example only what holds: a generated log validates clean with its labels', () => {
    const text = readFileSync(README, 'utf8');
    expect(text).toContain("generateLog(loadProfile('personal-overdue'), { masterSeed: '42', index: 17 });");
    expect(text).toContain('validateLog(log, { labels });    // → Issue[]: empty for generated logs with their labels');
    for (let index = 0; index < 40; index++) {
      const { log, labels } = generateLog(loadProfile(index % 2 ? 'personal-overdue' : 'sme-healthy'), { masterSeed: '42', index });
      expect(validateLog(log, { labels })).toEqual([]);
    }
    const { log } = generateLog(loadProfile('personal-overdue'), { masterSeed: '42', index: 17 });
    expect(Object.keys(detectAll(log))).toHaveLength(16);
  });
});
