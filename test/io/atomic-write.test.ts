import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import os from 'node:os';
import { AtomicFileWriter, writeFileAtomic, writeFileAtomicAsync, writeFileAtomicWith } from '../../src/io/atomic-write.js';

describe('writeFileAtomicAsync', () => {
  it('writes the same file writeFileAtomic writes, and leaves no temporary file', async () => {
    const dir = mkdtempSync(join(os.tmpdir(), 'cclupe-atomic-'));
    writeFileAtomic(join(dir, 'a.json'), '{"x":1}\n');
    const done = writeFileAtomicAsync(join(dir, 'sub', 'b.json'), '{"x":1}\n');
    await done;
    expect(readFileSync(join(dir, 'sub', 'b.json'), 'utf8')).toBe(readFileSync(join(dir, 'a.json'), 'utf8'));
    expect(readdirSync(join(dir, 'sub'))).toEqual(['b.json']);
  });

  it('replaces an existing file', async () => {
    const dir = mkdtempSync(join(os.tmpdir(), 'cclupe-atomic-'));
    await writeFileAtomicAsync(join(dir, 'c.txt'), 'old');
    await writeFileAtomicAsync(join(dir, 'c.txt'), Buffer.from('new'));
    expect(readFileSync(join(dir, 'c.txt'), 'utf8')).toBe('new');
    expect(readdirSync(dir)).toEqual(['c.txt']);
  });

  it('rejects and removes its temporary file when the rename fails', async () => {
    const dir = mkdtempSync(join(os.tmpdir(), 'cclupe-atomic-'));
    mkdirSync(join(dir, 'taken', 'inside'), { recursive: true });
    await expect(writeFileAtomicAsync(join(dir, 'taken'), 'x')).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(['taken']);
  });
});

describe('writeFileAtomicWith', () => {
  it('writes the pieces it is given, in order', () => {
    const dir = mkdtempSync(join(os.tmpdir(), 'cclupe-atomic-'));
    writeFileAtomicWith(join(dir, 'p.txt'), (append) => {
      append('one ');
      append(Buffer.from('two '));
      append('three');
    });
    expect(readFileSync(join(dir, 'p.txt'), 'utf8')).toBe('one two three');
    expect(readdirSync(dir)).toEqual(['p.txt']);
  });

  it('leaves the old file and no temporary file when filling throws', () => {
    const dir = mkdtempSync(join(os.tmpdir(), 'cclupe-atomic-'));
    writeFileAtomic(join(dir, 'q.txt'), 'old');
    expect(() =>
      writeFileAtomicWith(join(dir, 'q.txt'), (append) => {
        append('half of the new');
        throw new Error('source went away');
      }),
    ).toThrow('source went away');
    expect(readFileSync(join(dir, 'q.txt'), 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['q.txt']);
  });
});

describe('AtomicFileWriter', () => {
  it('shows nothing under the name until commit, then the whole content; abort leaves no file at all', () => {
    const dir = mkdtempSync(join(os.tmpdir(), 'cclupe-afw-'));
    const path = join(dir, 'out.jsonl');
    const w = new AtomicFileWriter(path);
    w.append('{"a":1}\n');
    w.append(Buffer.from('{"b":2}\n'));
    expect(existsSync(path)).toBe(false);
    w.commit();
    expect(readFileSync(path, 'utf8')).toBe('{"a":1}\n{"b":2}\n');
    expect(() => w.append('x')).toThrow(/after commit/);
    const gone = new AtomicFileWriter(join(dir, 'gone.jsonl'));
    gone.append('partial');
    gone.abort();
    expect(readdirSync(dir)).toEqual(['out.jsonl']);
  });
});
