import { describe, expect, it } from 'vitest';
import { COUNTERPARTY_KINDS, hasBusinessSuffix } from '../../src/synth/data/counterparties.js';
import { REMARK_KINDS } from '../../src/synth/data/remarks.js';
import { BRANDS, CITIES, GIVEN_NAMES, SURNAMES } from '../../src/synth/data/names.js';
import { Vocabulary } from '../../src/synth/vocabulary.js';
import { sharedFaker } from '../../src/synth/faker-rng.js';
import { createRng } from '../../src/random/rng.js';
import { safeText, containsLeakage } from '../../src/synth/text.js';

// The vocabulary skips run-time checks for texts built from these tables, so the tables themselves must be safe.
const SAFE = (s: string): boolean => s !== '' && !/[\t\n\r"]/.test(s) && !/^[=+\-@\s]/.test(s) && !/\s$/.test(s) && !containsLeakage(s);

describe('vocabulary data', () => {
  it('holds only safe texts: no forbidden character, formula lead or leakage word', () => {
    for (const list of [BRANDS, CITIES, GIVEN_NAMES, SURNAMES]) for (const s of list) expect(SAFE(s), s).toBe(true);
    for (const [kind, t] of Object.entries(COUNTERPARTY_KINDS)) for (const s of [...t.personal, ...t.sme]) expect(SAFE(s), `${kind}: ${s}`).toBe(true);
    for (const [kind, list] of Object.entries(REMARK_KINDS)) for (const s of list) expect(SAFE(s), `${kind}: ${s}`).toBe(true);
  });

  it('gives every SME template a business suffix or an institution name', () => {
    for (const [kind, t] of Object.entries(COUNTERPARTY_KINDS)) for (const s of t.sme) expect(hasBusinessSuffix(s.split('@')[0]), `${kind}: ${s}`).toBe(true);
  });
});

describe('Vocabulary', () => {
  it('names SME counterparties with business suffixes, also for unknown kinds', () => {
    const { faker, randomizer } = sharedFaker();
    const rng = createRng('vocab');
    randomizer.current = rng;
    const v = new Vocabulary(faker, rng, 'sme');
    for (const kind of [...Object.keys(COUNTERPARTY_KINDS), 'steel_supplier', 'risky_platform']) {
      for (let i = 0; i < 5; i++) {
        const name = v.counterparty(kind);
        expect(hasBusinessSuffix(name), name).toBe(true);
        expect(SAFE(name), name).toBe(true);
      }
    }
  });

  it('fills {month} and {ref} and drops the month when it is unknown', () => {
    const { faker } = sharedFaker();
    const v = new Vocabulary(faker, createRng('r'), 'personal');
    for (let i = 0; i < 20; i++) expect(v.remark('rent', 3)).toMatch(/^(Rent Mar|Monthly rent|Apartment rent Mar)$/);
    for (let i = 0; i < 20; i++) expect(v.remark('salary')).toMatch(/^(Salary|Monthly wages|Payroll credit)$/);
    expect(v.remark('some_new_kind')).toBe('Some new kind');
    expect(v.remark('risky_bet')).toBe('Payment');
  });
});

describe('safeText', () => {
  it('repairs forbidden characters and formula leads, and falls back on leakage words', () => {
    expect(safeText('=SUM(A1)', 'x')).toBe('SUM(A1)');
    expect(safeText('a\tb"c', 'x')).toBe('a b c');
    expect(safeText('  ', 'x')).toBe('x');
    expect(safeText('Overdue notice', 'x')).toBe('x');
    expect(safeText('Lunch', 'x')).toBe('Lunch');
  });
});
