import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { checkLeakage } from '../../src/questions/leakage.js';
import { CHANNELS, TRANSACTION_TYPES } from '../../src/schema/transaction-types.js';
import type { Log } from '../../src/schema/log-row.js';
import { makeLog } from './fixtures.js';

/*
 * The counterparty part of checkLeakage against a plain reading of SPEC §6: a name of the log (whole, or its core
 * without business suffixes) found as whole words in the stem. checkLeakage reaches it through caches and an index of
 * names by first token that skips most names unread; this reference reads every name of every row each time.
 *
 * Names and stems are drawn from a word pool that mixes plain words, upper case, possessives, non-ASCII letters whose
 * lower case is special (the Kelvin sign and İ turn into ASCII, at the start of a word or inside it; Σ depends on
 * what follows), non-ASCII spaces and
 * business suffixes. The pool's suffixes and generic words are the only ones of the checker's lists it holds, so the
 * reference needs no more of those lists than these.
 */
const SUFFIXES = ['co., ltd.', 'ltd', 'store', 'group', 'inc.'];
const GENERIC = new Set(['online', 'bank', 'the']);
const TYPE_WORDS = new Set<string>([...TRANSACTION_TYPES, ...CHANNELS].map((t) => t.toLowerCase()));
const WORDS = [
  'bright', 'star', 'zhang', 'noodle', 'bar', 'hongyun', 'hotpot', 'paid', 'to', 'at', 'x', 'ab', 'may', 'one',
  'online', 'bank', 'the', 'purchase', 'salary', 'pos', 'café', 'çay', 'straße', 'οδοσ', 'ΑΣ', 'σβ', '张伟', '𝐀lpha',
  '\u212Aelvin', 'kelvin', 'wor\u212As', 'works', 'İzmir', 'i̇zmir', 'izmir', 'bİg', 'bi̇g', "'s", "zhang's", "ZHANG'S", "bar's's", "o'neil", '42', 'ß',
];
const SEPARATORS = [' ', '  ', ', ', '-', '.', '\u00a0', '\t', '\u3000', "'", '/'];

const SPLIT_RE = /[^a-z0-9'\u00c0-\uffff]+/;
const norm = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim();
const dropPossessive = (t: string): string => (t.endsWith("'s") ? t.slice(0, -2) : t);
const rawTokens = (s: string): string[] => s.split(SPLIT_RE).filter((t) => t !== '');
const suffixRe = new RegExp(`(?:[ ,]+(?:${[...SUFFIXES].sort((a, b) => b.length - a.length).map(escape).join('|')}))+$`);

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function wholeWord(text: string, within: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escape(text)}(?![\\p{L}\\p{N}])`, 'u').test(within);
}

interface Form {
  text: string;
  label: string;
  first: string;
}

function formsOf(rawName: string): Form[] {
  const out: Form[] = [];
  const add = (text: string, label: string): void => {
    const tokens = rawTokens(text);
    if (text.length < 3 || GENERIC.has(text) || TYPE_WORDS.has(text) || tokens.length === 0) return;
    out.push({ text, label, first: dropPossessive(tokens[0]) });
  };
  const name = norm(rawName);
  add(name, 'counterparty');
  const core = name.replace(suffixRe, '');
  if (core !== name && core.length >= 4) add(core, 'counterparty name');
  return out;
}

const NO_ROWS = makeLog('none', 0, []);

/** Every finding checkLeakage should give: those of the stem alone, then the names of the log it holds. */
function reference(stem: string, log: Log): string[] {
  // the findings of the stem alone (digits, number and date words) come first and are tested in leakage.test.ts
  const out = checkLeakage(stem, NO_ROWS);
  const s = norm(stem);
  const forms: Form[] = [];
  const seen = new Set<string>();
  for (const row of log.rows) {
    for (const f of formsOf(row.counterparty)) {
      if (seen.has(f.text)) continue;
      seen.add(f.text);
      forms.push(f);
    }
  }
  for (const tok of new Set(rawTokens(s).map(dropPossessive))) {
    for (const f of forms) {
      if (f.first === tok && wholeWord(f.text, s) && !out.some((o) => o.includes(`"${f.text}"`))) out.push(`${f.label} "${f.text}"`);
    }
  }
  return out;
}

const word = fc.constantFrom(...WORDS);
const separator = fc.constantFrom(...SEPARATORS);
const casing = fc.constantFrom<(w: string) => string>(
  (w) => w,
  (w) => w.toUpperCase(),
  (w) => w.charAt(0).toUpperCase() + w.slice(1),
);

/** A counterparty name: words between separators, sometimes a leading separator and business suffixes. */
const nameArb = fc
  .tuple(
    fc.option(separator),
    fc.array(fc.tuple(word, casing, separator), { minLength: 1, maxLength: 4 }),
    fc.array(fc.tuple(fc.constantFrom(' ', ', ', ','), fc.constantFrom(...SUFFIXES), casing), { maxLength: 2 }),
  )
  .map(([lead, words, suffixes]) => {
    const body = words.map(([w, c, sep], i) => (i ? sep : '') + c(w)).join('');
    return (lead ?? '') + body + suffixes.map(([sep, x, c]) => sep + c(x)).join('');
  });

/** A piece of a stem: a pool word, or a name of the log (by index) as written, upper-cased or with an "'s". */
const pieceArb = fc.oneof(
  fc.tuple(word, casing).map(([w, c]) => (_names: string[]) => c(w)),
  fc.tuple(fc.nat(), casing, fc.boolean()).map(([i, c, possessive]) => (names: string[]) => c(names[i % names.length]) + (possessive ? "'s" : '')),
  fc.tuple(fc.nat(), fc.nat(3)).map(([i, k]) => (names: string[]) => rawTokens(norm(names[i % names.length])).slice(0, k + 1).join(' ')),
);
const stemArb = fc.array(fc.tuple(pieceArb, separator), { minLength: 1, maxLength: 8 });

const logArb = fc.array(nameArb, { minLength: 1, maxLength: 12 }).chain((names) =>
  fc.tuple(fc.constant(names), fc.array(fc.nat(names.length - 1), { minLength: 1, maxLength: 30 })),
);

function logOf(names: string[], rows: number[]): Log {
  return makeLog('gen', 100, rows.map((i, k) => [`2023-01-${String((k % 28) + 1).padStart(2, '0')} 10:00:00`, 'Purchase', 'POS', names[i], -1]));
}

describe('checkLeakage on counterparty names', () => {
  test('gives the findings of a plain reading of every name, for stems seen before the log and after', () => {
    let matched = 0;
    fc.assert(
      fc.property(logArb, fc.array(stemArb, { minLength: 1, maxLength: 6 }), ([names, rows], stems) => {
        // one log object through a sequence of stems: later stems bring tokens its index was built without
        const log = logOf(names, rows);
        for (const pieces of stems) {
          const stem = pieces.map(([piece, sep]) => piece(names) + sep).join('');
          const want = reference(stem, log);
          if (want.some((f) => f.startsWith('counterparty'))) matched++;
          expect(checkLeakage(stem, log)).toEqual(want);
        }
      }),
      { numRuns: 200 },
    );
    // the property must have met many names, or it tested nothing
    expect(matched).toBeGreaterThan(100);
  });

  test('finds a name whose first token arrives with a stem checked after the log', () => {
    const log = makeLog('late', 100, [['2023-01-02 10:00:00', 'Purchase', 'POS', 'Quokkaville Tea House', -10]]);
    expect(checkLeakage('the largest outflow', log)).toEqual([]);
    expect(checkLeakage('spent at quokkaville tea house', log)).toEqual(['counterparty "quokkaville tea house"']);
  });

  test.each([
    ['\u212Aelvin Tools', 'kelvin tools', 'counterparty "kelvin tools"'],
    ['Ma\u212Aer Hub', 'maker hub', 'counterparty "maker hub"'],
    ['İzmir Fig Store', 'i̇zmir fig', 'counterparty name "i̇zmir fig"'],
    ['ΟΔΟΣ.ΒΗΤΑ Ltd', 'οδοσ.βητα', 'counterparty name "οδοσ.βητα"'],
    ["Wanda's Loom Co., Ltd.", "at wanda's loom", `counterparty name "wanda's loom"`],
    ['\u3000Yixin\u00a0Books', 'yixin books', 'counterparty "yixin books"'],
  ])('folds %s as norm does (non-ASCII, possessive, suffix, spaces)', (name, stem, finding) => {
    const log = makeLog('fold', 100, [['2023-01-02 10:00:00', 'Purchase', 'POS', name, -10]]);
    expect(checkLeakage(stem, log)).toEqual([finding]);
  });
});
