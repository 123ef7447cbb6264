import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateDataset } from '../../src/io/validate-dataset.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'cli', 'main.js');

describe('a half-written dataset is INCOMPLETE_DATASET, an error (D8)', () => {
  let dir: string;
  let clean: string;
  const copy = (name: string): string => {
    const to = join(dir, name);
    cpSync(clean, to, { recursive: true });
    return to;
  };
  const codes = (path: string): Record<string, number> => validateDataset(path, { writeValidationJson: false }).report.codes;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cclupe-incomplete-'));
    clean = join(dir, 'clean');
    expect(spawnSync(process.execPath, [CLI, 'generate', '--count', '4', '--out', clean]).status).toBe(0);
  });

  it('passes a whole dataset', () => {
    expect(validateDataset(clean, { writeValidationJson: false }).report.summary.passed).toBe(true);
  });

  it('flags .parts/ left by an unfinished run, and a marked dataset without manifest or labels', () => {
    const parts = copy('parts');
    mkdirSync(join(parts, '.parts'));
    expect(codes(parts)).toEqual({ INCOMPLETE_DATASET: 1 });
    const killed = copy('killed');
    rmSync(join(killed, 'manifest.json'));
    rmSync(join(killed, 'labels.jsonl'));
    mkdirSync(join(killed, '.parts'));
    const r = validateDataset(killed, { writeValidationJson: false });
    expect(r.report.summary.passed).toBe(false);
    expect(r.report.codes.INCOMPLETE_DATASET).toBe(2);
  });

  it('flags a manifest whose logs are missing or changed', () => {
    const changed = copy('changed');
    const first = readdirSync(join(changed, 'logs'))[0];
    writeFileSync(join(changed, 'logs', first), readFileSync(join(clean, 'logs', first), 'utf8').replace(/\n$/, 'x\n'));
    expect(codes(changed).INCOMPLETE_DATASET).toBe(1); // (the changed remark itself may also fail a check)
    const missing = copy('missing');
    rmSync(join(missing, 'logs', first));
    expect(codes(missing).INCOMPLETE_DATASET).toBeGreaterThanOrEqual(2);
  });

  it('makes `cclupe validate` exit 1 with the code in its report', () => {
    const parts = copy('cli');
    mkdirSync(join(parts, '.parts'));
    const r = spawnSync(process.execPath, [CLI, 'validate', parts, '--no-write'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('INCOMPLETE_DATASET');
  });
});
