import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReferenceSketch } from '../../src/drift/accumulator.js';
import { CANONICAL_DIALECT } from '../../src/reader/dialect-canonical.js';
import { readDialect } from '../../src/io/dialect-read.js';
import { CorpusHasher, clientKindOf, dialectCarriesChannel, formatReferenceJson, readReference, streamCorpus, writeReference } from '../../src/io/reference-file.js';
import { formatLogTsv } from '../../src/log/format-tsv.js';
import { InputError } from '../../src/errors.js';
import { makeLog } from './helpers.js';

// Tests of src/io/reference-file.ts live with the drift tests (the drift area owns that file).
describe('CorpusHasher', () => {
  it('does not depend on the order files are added, nor on their directory', () => {
    const a = new CorpusHasher();
    a.add('x/p1.tsv', 'one');
    a.add('x/p2.tsv', 'two');
    const b = new CorpusHasher();
    b.add('y/p2.tsv', 'two');
    b.add('p1.tsv', 'one');
    expect(a.digest()).toBe(b.digest());
    const c = new CorpusHasher();
    c.add('p1.tsv', 'one!');
    c.add('p2.tsv', 'two');
    expect(c.digest()).not.toBe(a.digest());
    expect(a.digest()).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});

describe('streamCorpus', () => {
  it('hashes files like the in-memory corpus they were written from, and streams every log', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cclupe-stream-'));
    try {
      const mem = new CorpusHasher();
      let rows = 0;
      for (let i = 0; i < 5; i++) {
        const log = makeLog(`p00000${i}`);
        writeFileSync(join(dir, `${log.logId}.tsv`), formatLogTsv(log));
        mem.add(`${log.logId}.tsv`, formatLogTsv(log));
        rows += log.rows.length;
      }
      const kinds: Array<string | undefined> = [];
      const summary = streamCorpus([dir], { onLog: (_log, info) => kinds.push(info.kind) });
      expect(summary.corpusHash).toBe(mem.digest());
      expect(summary).toMatchObject({ files: 5, logs: 5, rows, errors: 0 });
      expect(kinds).toEqual(['personal', 'personal', 'personal', 'personal', 'personal']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('writeReference / readReference', () => {
  it('round-trips a reference, with number arrays kept on one line', () => {
    const s = new ReferenceSketch();
    for (let i = 0; i < 20; i++) s.add(makeLog(`L${i}`));
    const ref = s.fit({ bins: 6, createdBy: 'test', source: { corpusHash: 'sha256:x', files: 20, logs: 20, rows: 1 } });
    const dir = mkdtempSync(join(tmpdir(), 'cclupe-ref-'));
    try {
      writeReference(join(dir, 'r.json'), ref);
      expect(readReference(join(dir, 'r.json'))).toEqual(ref);
      expect(readFileSync(join(dir, 'r.json'), 'utf8')).toMatch(/"counts": \[\d+(,\d+)*\]/);
      writeFileSync(join(dir, 'bad.json'), JSON.stringify({ ...ref, schemaVersion: 99 }));
      expect(() => readReference(join(dir, 'bad.json'))).toThrow(InputError);
      expect(() => readReference(join(dir, 'bad.json'))).toThrow(/schemaVersion/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('formats strings with quotes inside arrays correctly', () => {
    expect(JSON.parse(formatReferenceJson({ a: ['x "y"', 'z'] }))).toEqual({ a: ['x "y"', 'z'] });
  });
});

describe('dialectCarriesChannel', () => {
  it('is true for the canonical dialect and false for Berka, whose channel is derived', () => {
    expect(dialectCarriesChannel(CANONICAL_DIALECT)).toBe(true);
    expect(dialectCarriesChannel(undefined)).toBe(true);
    expect(dialectCarriesChannel(readDialect(join(import.meta.dirname, '..', '..', 'dialects', 'berka.json')))).toBe(false);
  });
});

describe('clientKindOf', () => {
  it('prefers the declared kind and otherwise reads generated ids', () => {
    expect(clientKindOf({ logId: 's000001', clientKind: 'personal' })).toBe('personal');
    expect(clientKindOf({ logId: 'p000017' })).toBe('personal');
    expect(clientKindOf({ logId: 's1234567' })).toBe('sme');
    expect(clientKindOf({ logId: 'berka-25' })).toBeUndefined();
    expect(clientKindOf({ logId: 'parser' })).toBeUndefined();
  });
});
