import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDialect } from '../../src/io/dialect-read.js';
import { ISSUE_CODES } from '../../src/schema/issue-codes.js';
import { validateDataset, type ValidateDatasetOptions } from '../../src/io/validate-dataset.js';

/**
 * Hand-made fixtures (test/fixtures/validate/<CODE>/): each `bad*` file must raise its code, each `good*` file is a
 * look-alike that must come out with no issue at all.
 */
const ROOT = join(import.meta.dirname, '..', 'fixtures', 'validate');

interface Case {
  code: string;
  bad: string[];
  good: string[];
  options?: ValidateDatasetOptions;
  badWith?: Record<string, ValidateDatasetOptions>;
  labels?: string;
  labelsFor?: string[];
  dialectFor?: Record<string, string>;
}

const cases = readdirSync(ROOT)
  .filter((d) => existsSync(join(ROOT, d, 'case.json')))
  .sort()
  .map((d) => ({ dir: join(ROOT, d), c: JSON.parse(readFileSync(join(ROOT, d, 'case.json'), 'utf8')) as Case }));

function run(dir: string, c: Case, file: string) {
  const options: ValidateDatasetOptions = { rowCount: null, writeValidationJson: false, ...c.options, ...c.badWith?.[file] };
  if (c.labels && c.labelsFor?.includes(file)) options.labelsPath = join(dir, c.labels);
  if (c.dialectFor?.[file]) options.dialect = readDialect(join(dir, c.dialectFor[file]));
  return validateDataset([join(dir, file)], options).results.flatMap((r) => r.issues);
}

describe('issue code fixtures', () => {
  it('cover every code the validator raises (DRIFT belongs to cclupe drift)', () => {
    const covered = new Set(cases.map((x) => x.c.code));
    expect(ISSUE_CODES.filter((code) => code !== 'DRIFT' && !covered.has(code))).toEqual([]);
  });
  for (const { dir, c } of cases) {
    describe(c.code, () => {
      for (const file of c.bad) {
        it(`flags ${file}`, () => {
          const issues = run(dir, c, file);
          expect(issues.map((i) => i.code)).toContain(c.code);
          const hit = issues.find((i) => i.code === c.code)!;
          expect(hit.file).toBeDefined();
          expect(hit.message.length).toBeGreaterThan(0);
        });
      }
      for (const file of c.good) {
        it(`passes the look-alike ${file} with no issue`, () => {
          expect(run(dir, c, file)).toEqual([]);
        });
      }
    });
  }
});
