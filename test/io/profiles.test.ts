import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import os from 'node:os';
import { listProfiles, loadProfile, mergeProfile } from '../../src/io/profiles.js';
import { UsageError } from '../../src/errors.js';
import { BUSINESS_CATEGORIES } from '../../src/schema/profile.js';

function tempDir(): string {
  return mkdtempSync(join(os.tmpdir(), 'cclupe-profiles-'));
}

describe('loadProfile', () => {
  it('loads every shipped profile', () => {
    for (const name of listProfiles()) {
      const p = loadProfile(name);
      expect(p.name).toBe(name);
      expect(['personal-healthy', 'personal-overdue', 'sme-healthy', 'sme-overdue']).toContain(p.base);
    }
  });

  it('resolves extends: an archetype keeps its base fields and overrides its own', () => {
    const base = loadProfile('personal-healthy');
    const student = loadProfile('personal-student');
    expect(student.base).toBe('personal-healthy');
    expect(student.income.map((f) => f.name)).not.toContain('salary');
    expect(student.income.map((f) => f.name)).toContain('allowance');
    expect(student.obligations.map((f) => f.name)).toContain('utilities');
    expect(student.spending.find((c) => c.name === 'dining')!.weight).toBe(34);
    expect(student.spending.find((c) => c.name === 'dining')!.channels).toEqual(base.spending.find((c) => c.name === 'dining')!.channels);
  });

  it('gives every SME profile one of the five business categories', () => {
    for (const name of listProfiles()) {
      const p = loadProfile(name);
      if (p.client_kind === 'sme') expect(BUSINESS_CATEGORIES).toContain(p.business_category);
      else expect(p.business_category).toBeNull();
    }
  });

  it('accepts a new archetype as a file, without code', () => {
    const dir = tempDir();
    const file = join(dir, 'personal-nurse.json');
    writeFileSync(file, JSON.stringify({ extends: 'personal-night-shift', description: 'A nurse on rotating shifts', income: [{ name: 'salary', day: 15 }] }));
    const p = loadProfile(file);
    expect(p.name).toBe('personal-nurse');
    expect(p.base).toBe('personal-healthy');
    expect(p.income.find((f) => f.name === 'salary')!.day).toBe(15);
  });

  it('names the field of an invalid profile in a UsageError', () => {
    const dir = tempDir();
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ extends: 'personal-healthy', income: [{ name: 'salary', cadence: 'hourly' }] }));
    expect(() => loadProfile(file)).toThrow(UsageError);
    expect(() => loadProfile(file)).toThrow(/income\[0\]\.cadence/);
  });

  it('rejects malformed JSON, unknown names and extends cycles', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'broken.json'), '{ "name": ');
    expect(() => loadProfile(join(dir, 'broken.json'))).toThrow(/invalid JSON/);
    expect(() => loadProfile('no-such-profile')).toThrow(/no profile no-such-profile/);
    writeFileSync(join(dir, 'a.json'), JSON.stringify({ extends: './b.json' }));
    writeFileSync(join(dir, 'b.json'), JSON.stringify({ extends: './a.json' }));
    expect(() => loadProfile(join(dir, 'a.json'))).toThrow(/cycle/);
  });

  it('rejects an SME profile without a business category', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'x.json'), JSON.stringify({ extends: 'sme-healthy', business_category: null }));
    expect(() => loadProfile(join(dir, 'x.json'))).toThrow(/business_category/);
  });

  it('reads YAML profiles too', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'sme-bakery.yaml'), 'extends: sme-restaurant\ndescription: A bakery\nopening_balance: { dist: fixed, value: 5000 }\n');
    const p = loadProfile(join(dir, 'sme-bakery.yaml'));
    expect(p.business_category).toBe('restaurant');
    expect(p.opening_balance).toEqual({ dist: 'fixed', value: 5000 });
  });
});

describe('mergeProfile', () => {
  it('merges objects by key, named arrays by name, and replaces other arrays', () => {
    const parent = { a: { x: 1, y: 2 }, list: [{ name: 'p', v: 1 }, { name: 'q', v: 2 }], tags: [1, 2] };
    const child = { a: { y: 3 }, list: [{ name: 'q', v: 9 }, { name: 'p', remove: true }, { name: 'r', v: 5 }], tags: [7] };
    expect(mergeProfile(parent, child)).toEqual({ a: { x: 1, y: 3 }, list: [{ name: 'q', v: 9 }, { name: 'r', v: 5 }], tags: [7] });
  });
});

void UsageError;
