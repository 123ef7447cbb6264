import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readLogFile } from '../../src/io/log-files.js';
import { readRegularFile, UnreadableFileError } from '../../src/io/read-regular.js';
import { cclupe } from '../support/cli.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = join(ROOT, 'dist', 'cli', 'main.js');
const GOOD = 'txn_id\ttimestamp\ttype\tchannel\tcounterparty\tamount\tbalance\tstatus\tlocation\tremark\nT0001\t2023-01-04 08:02:19\tSalary\tTRANSFER\tAcme\t100.00\t100.00\tSUCCESS\tCN\tPay\n';

describe('readRegularFile: only regular files, never a hang or an endless read (D2)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cclupe-regular-'));
    writeFileSync(join(dir, 'good.tsv'), GOOD);
    expect(spawnSync('mkfifo', [join(dir, 'pipe.tsv')]).status).toBe(0);
    symlinkSync(join(dir, 'pipe.tsv'), join(dir, 'link-to-pipe.tsv'));
    symlinkSync('/dev/zero', join(dir, 'zero.tsv'));
    mkdirSync(join(dir, 'folder.tsv'));
  });

  it('reads a regular file whole', () => {
    expect(readRegularFile(join(dir, 'good.tsv')).toString()).toBe(GOOD);
  });

  it('refuses a FIFO (also behind a symlink), a character device and a directory, naming the kind', () => {
    const kinds: Array<[string, RegExp]> = [
      ['pipe.tsv', /FIFO/],
      ['link-to-pipe.tsv', /FIFO/],
      ['zero.tsv', /character device/],
      ['folder.tsv', /directory/],
    ];
    for (const [name, kind] of kinds) {
      expect(() => readRegularFile(join(dir, name))).toThrow(UnreadableFileError);
      expect(() => readRegularFile(join(dir, name))).toThrow(kind);
    }
  });

  it('refuses a file over the byte limit, with the limit in the message', () => {
    expect(() => readRegularFile(join(dir, 'good.tsv'), { maxBytes: 10 })).toThrow(/over the limit of 10 \(--max-file-bytes\)/);
  });

  it('turns each into one READ_ERROR issue in the log reader', () => {
    const r = readLogFile(join(dir, 'zero.tsv'), { file: 'zero.tsv' });
    expect(r.logs).toEqual([]);
    expect(r.issues.map((i) => [i.code, i.file])).toEqual([['READ_ERROR', 'zero.tsv']]);
    expect(r.issues[0].message).toContain('character device');
  });

  it('lets `cclupe validate` report the good file of a directory holding a FIFO link and a device link, exit 1, in seconds', () => {
    const r = spawnSync(process.execPath, [CLI, 'validate', dir, '--no-row-count', '--json'], { encoding: 'utf8', timeout: 20_000 });
    expect(r.signal).toBeNull();
    expect(r.status).toBe(1);
    const report = JSON.parse(r.stdout) as { summary: { passedLogs: number }; files: Array<{ file: string; issues: Array<{ code: string; message: string }> }> };
    expect(report.summary.passedLogs).toBe(1);
    const errs = Object.fromEntries(report.files.filter((f) => f.issues.length > 0).map((f) => [f.file.split('/').pop(), f.issues[0].message]));
    expect(errs['link-to-pipe.tsv']).toMatch(/FIFO/);
    expect(errs['pipe.tsv']).toMatch(/FIFO/);
    expect(errs['zero.tsv']).toMatch(/character device/);
  });

  it('takes --max-file-bytes with a suffix and refuses a bad value with exit 2', async () => {
    // the built CLI in this process (test/support/cli.ts); the FIFO case above stays a process of its own, with a timeout
    const ok = await cclupe(['validate', join(dir, 'good.tsv'), '--no-row-count', '--max-file-bytes', '1K']);
    expect(ok.status).toBe(0);
    const small = await cclupe(['validate', join(dir, 'good.tsv'), '--no-row-count', '--max-file-bytes', '100']);
    expect(small.status).toBe(1);
    expect(small.stdout).toContain('over the limit of 100');
    const bad = await cclupe(['validate', join(dir, 'good.tsv'), '--max-file-bytes', 'lots']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^cclupe: --max-file-bytes expects/);
  });
});
