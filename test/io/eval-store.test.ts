import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppendLog, readAppendLog } from '../../src/io/eval-store.js';
import { InputError } from '../../src/errors.js';

const Rec = z.object({ n: z.number() });
const tmp = () => mkdtempSync(join(tmpdir(), 'cclupe-store-'));

describe('AppendLog', () => {
  it('writes every appended record, in order, once each promise resolves', async () => {
    const path = join(tmp(), 'r.jsonl');
    const log = await AppendLog.open(path);
    await Promise.all(Array.from({ length: 200 }, (_, n) => log.append({ n })));
    await log.close();
    expect(readAppendLog(path, Rec).map((r) => r.n)).toEqual(Array.from({ length: 200 }, (_, n) => n));
  });

  it('cuts a torn last line before appending, so the next record starts clean', async () => {
    const path = join(tmp(), 'r.jsonl');
    writeFileSync(path, '{"n":1}\n{"n":2}\n{"n":');
    const log = await AppendLog.open(path);
    await log.append({ n: 3 });
    await log.close();
    expect(readFileSync(path, 'utf8')).toBe('{"n":1}\n{"n":2}\n{"n":3}\n');
  });
});

describe('readAppendLog', () => {
  it('ignores a torn last line', () => {
    const path = join(tmp(), 'r.jsonl');
    writeFileSync(path, '{"n":1}\n{"n":2');
    expect(readAppendLog(path, Rec)).toEqual([{ n: 1 }]);
  });

  it('returns nothing for a missing file', () => {
    expect(readAppendLog(join(tmp(), 'none.jsonl'), Rec)).toEqual([]);
  });

  it('reports a corrupt middle line with its location', () => {
    const path = join(tmp(), 'r.jsonl');
    writeFileSync(path, '{"n":1}\nnot json\n');
    appendFileSync(path, '{"n":3}\n');
    expect(() => readAppendLog(path, Rec)).toThrow(InputError);
    try {
      readAppendLog(path, Rec);
    } catch (e) {
      // column 2: `n` may start `null`, `o` cannot continue it (where JSON.parse stops too)
      expect((e as InputError).location).toEqual({ file: path, line: 2, column: 2 });
    }
  });
});
