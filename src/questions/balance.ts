import type { Item } from '../schema/item.js';
import { templateRngs } from './stream.js';

/**
 * Quotas of the dataset balancing pass (issue #13), aimed well inside the validity gates (`validity/gates.ts`: single
 * answer ≤ 1/k + 0.10 at n ≥ 50, calc rank χ² p > 0.01 at n ≥ 100, multi texts right in 20–80% at ≥ 30 appearances),
 * so that a dataset that meets them meets the gates with room, and checked from a lower item count than the gates,
 * so that a template just under a gate's count is balanced too. Tighter quotas cost rebuilds: with p > 0.2, 30–70%
 * and 1/k + 0.05 the pass rebuilt 7–12% of the logs of seeds 5, 7 and 21 (600–1,000 logs); with these, 4–6%.
 */
export const BALANCE_QUOTAS = {
  /** Single-choice: no answer text above 1/k + this share of a template's items (gate 0.10). */
  singleMargin: 0.06,
  singleMinItems: 40,
  /**
   * Calc: the χ² statistic (3 df) of the gold's rank among the sorted option values at most this: 6.251 is p = 0.1
   * (gate p > 0.01, χ² < 11.34), a band in which a template holds whatever the next few items are.
   */
  calcMaxChi2: 6.251,
  calcMinItems: 80,
  /** Multi-select: every option text right in this band of the items where it appears (gate 20–80%). */
  multiMinRate: 0.27,
  multiMaxRate: 0.73,
  multiMinAppearances: 20,
  /** Rounds of recount and swap; each round only swaps what the last one left over its quota. */
  maxRounds: 4,
  /** Rebuilds tried per measure and round, accepted or not: bounds the cost of a measure no swap can fix. */
  maxTriesPerMeasure: 40,
} as const;

/** What the balancing pass reads of an item: its template and format, its answer's shape, its coverage keys. */
export interface ItemFacts {
  template: string;
  format: Item['format'];
  /** Logic (`kind:perspective/logic`), sub-domain and domain × cognition keys: coverage must not lose any. */
  cover: readonly string[];
  /** single: the correct option text and 1/k. */
  answer?: string;
  chance?: number;
  /** calc: the gold's rank among the option values, smallest first (ties count below, as the audit reads them). */
  rank?: number;
  /** multi: each option text and whether it is right. */
  texts?: ReadonlyArray<readonly [string, boolean]>;
}

/** The number an option states ("1234.56", "37.5%", "3.5 days"): how the validity audit reads a calc option. */
function optionValue(text: string): number {
  // the audit's reading is the regex below on the trimmed text without commas; a text with no comma (every option
  // the builder prints) is read by a scan of the same pattern, with no regex and no copy but the number's own
  if (text.includes(',')) return optionValueByRegex(text);
  const s = text.trim();
  let i = s.charCodeAt(0) === MINUS ? 1 : 0;
  const first = i;
  while (isDigit(s.charCodeAt(i))) i++;
  if (i === first) return NaN;
  if (s.charCodeAt(i) === DOT && isDigit(s.charCodeAt(i + 1))) {
    i += 2;
    while (isDigit(s.charCodeAt(i))) i++;
  }
  return Number(s.slice(0, i));
}

function optionValueByRegex(text: string): number {
  const m = /^-?\d+(?:\.\d+)?/.exec(text.trim().replace(/,/g, ''));
  return m ? Number(m[0]) : NaN;
}

const MINUS = 45;
const DOT = 46;

/** An ASCII digit (`\d`); false for NaN (past the end of the text). */
function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

const asIs = (s: string): string => s;

/**
 * The facts of one item (cheap: no log needed, so a merge reads them from `questions.jsonl` lines). `intern` may map
 * equal strings to one copy (texts and keys repeat across a dataset's items: a merge holds the facts of every item).
 */
export function itemFacts(it: Item, intern: (s: string) => string = asIs): ItemFacts {
  const template = intern(it.template.id);
  const format = it.format;
  const cover = coverKeys(it);
  const gold = it.answer;
  if (format === 'multi') return { template, format, cover, texts: it.options.map((o) => [intern(o.text), gold.includes(o.key)] as const) };
  const right = it.options.find((o) => gold.includes(o.key));
  if (format === 'single') return { template, format, cover, answer: intern(right?.text ?? ''), chance: 1 / it.options.length };
  const g = right ? optionValue(right.text) : NaN;
  let below = 0;
  for (const o of it.options) if (optionValue(o.text) < g) below++;
  return { template, format, cover, rank: Math.min(3, below) };
}

/** Coverage keys per template, client kind and tags (the tags are the template's): one shared array each. */
const COVER_KEYS = new Map<string, CoverEntry[]>();
const COVER_KEYS_MAX = 10_000;
let coverEntries = 0;

interface CoverEntry {
  kind: string;
  perspective: string;
  logic: string;
  subDomain: string;
  domain: string;
  cognition: string;
  keys: readonly string[];
}

/** Looked up by template id, then the few entries of that template compared field by field (no key string per item). */
function coverKeys(it: Item): readonly string[] {
  const list = COVER_KEYS.get(it.template.id);
  if (list) {
    for (const e of list) {
      if (e.kind === it.client_kind && e.perspective === it.perspective && e.logic === it.logic && e.subDomain === it.sub_domain &&
        e.domain === it.domain && e.cognition === it.cognition) return e.keys;
    }
  }
  const keys = [`logic:${it.client_kind}:${it.perspective}/${it.logic}`, `sub:${it.sub_domain}`, `dc:${it.domain}/${it.cognition}`];
  if (coverEntries < COVER_KEYS_MAX) {
    const e: CoverEntry = { kind: it.client_kind, perspective: it.perspective, logic: it.logic, subDomain: it.sub_domain, domain: it.domain, cognition: it.cognition, keys };
    if (list) list.push(e);
    else COVER_KEYS.set(it.template.id, [e]);
    coverEntries++;
  }
  return keys;
}

/** One log's phase-1 items (as facts), in dataset order. */
export interface BalanceLog {
  logId: string;
  facts: readonly ItemFacts[];
}

/** What the pass did, for the coverage file (`balancing`); keys in a fixed order. */
export interface BalanceReport {
  rounds: number;
  logs_rebuilt: number;
  swaps: number;
  rejected: number;
  /** Measures (a template's answers or ranks, a multi text) over their quota before and after the pass. */
  over_before: number;
  over_after: number;
  /** Those still over, by id (`single:<template>`, `calc:<template>`, `multi:<template>:<text>`). */
  left: string[];
}

/** The outcome: the new items of every rebuilt log (all others keep their phase-1 items) and the report. */
export interface BalanceResult {
  replaced: Map<string, Item[]>;
  report: BalanceReport;
}

interface TemplateTally {
  n: number;
  chance: number;
  answers: Map<string, number>;
  ranks: number[];
  texts: Map<string, { n: number; c: number }>;
}

const SEP = '\u241f';

/** Running counts over the dataset's current items. */
class Tally {
  readonly templates = new Map<string, TemplateTally>();
  readonly cover = new Map<string, number>();

  add(f: ItemFacts, sign: 1 | -1): void {
    let t = this.templates.get(f.template);
    if (!t) this.templates.set(f.template, (t = { n: 0, chance: 0, answers: new Map(), ranks: [0, 0, 0, 0], texts: new Map() }));
    t.n += sign;
    for (const k of f.cover) this.cover.set(k, (this.cover.get(k) ?? 0) + sign);
    if (f.answer !== undefined) {
      t.chance += sign * (f.chance ?? 0);
      t.answers.set(f.answer, (t.answers.get(f.answer) ?? 0) + sign);
    }
    if (f.rank !== undefined) t.ranks[f.rank] += sign;
    for (const [text, right] of f.texts ?? []) {
      let s = t.texts.get(text);
      if (!s) t.texts.set(text, (s = { n: 0, c: 0 }));
      s.n += sign;
      if (right) s.c += sign;
    }
  }

  addAll(fs: readonly ItemFacts[], sign: 1 | -1): void {
    for (const f of fs) this.add(f, sign);
  }
}

/** A quota: how far it is over (0 when held), and which items are on its over side now. */
interface Measure {
  id: string;
  template: string;
  excess(t: Tally): number;
  /** A test of an item of the template: removing it moves the count towards the quota. */
  side(t: Tally): (f: ItemFacts) => boolean;
}

function chi2(ranks: readonly number[]): number {
  const n = ranks[0] + ranks[1] + ranks[2] + ranks[3];
  if (n === 0) return 0;
  const e = n / 4;
  let x = 0;
  for (const c of ranks) x += ((c - e) * (c - e)) / e;
  return x;
}

/** The most items an answer text of a single-choice template may have: (mean 1/k + margin) of its items. */
function answerLimit(t: TemplateTally): number {
  return t.chance + Q.singleMargin * t.n;
}

const Q = BALANCE_QUOTAS;
const EPS = 1e-9;

function singleMeasure(template: string): Measure {
  return {
    id: `single:${template}`,
    template,
    // items over the limit summed over the texts, plus a millionth per text over it: of two tied texts over the
    // limit, removing an item of one is progress though the limit falls with it
    excess(tally) {
      const t = tally.templates.get(template);
      if (!t || t.n < Q.singleMinItems) return 0;
      const limit = answerLimit(t);
      let x = 0;
      for (const c of t.answers.values()) if (c > limit + EPS) x += c - limit + 1e-6;
      return x;
    },
    side(tally) {
      const t = tally.templates.get(template);
      const limit = t ? answerLimit(t) : Infinity;
      return (f) => f.template === template && f.answer !== undefined && (t?.answers.get(f.answer) ?? 0) > limit;
    },
  };
}

function calcMeasure(template: string): Measure {
  return {
    id: `calc:${template}`,
    template,
    excess(tally) {
      const t = tally.templates.get(template);
      return !t || t.n < Q.calcMinItems ? 0 : Math.max(0, chi2(t.ranks) - Q.calcMaxChi2);
    },
    side(tally) {
      // the ranks above their expected count (removing an item lowers the statistic when its rank is well above)
      const t = tally.templates.get(template);
      const above = (t?.ranks ?? [0, 0, 0, 0]).map((c) => c > (t?.n ?? 0) / 4);
      return (f) => f.template === template && f.rank !== undefined && above[f.rank];
    },
  };
}

function multiMeasure(template: string, text: string): Measure {
  const rate = (tally: Tally): { n: number; r: number } => {
    const s = tally.templates.get(template)?.texts.get(text);
    return s && s.n > 0 ? { n: s.n, r: s.c / s.n } : { n: 0, r: 0.5 };
  };
  return {
    id: `multi:${template}:${text}`,
    template,
    excess(tally) {
      const { n, r } = rate(tally);
      if (n < Q.multiMinAppearances) return 0;
      return r > Q.multiMaxRate ? r - Q.multiMaxRate : r < Q.multiMinRate ? Q.multiMinRate - r : 0;
    },
    side(tally) {
      const high = rate(tally).r > 0.5;
      return (f) => f.template === template && f.texts?.some(([x, right]) => x === text && right === high) === true;
    },
  };
}

/**
 * Measures, each made once, found by template (single, calc) or by template and text (multi) without building their
 * ids (a dataset's items show tens of thousands of multi texts).
 */
class MeasureSet {
  readonly all: Measure[] = [];
  private readonly byTemplate = new Map<string, Measure>();
  private readonly byText = new Map<string, Map<string, Measure>>();

  /** Adds the measures an item set touches: its templates' single or calc quota, and every multi text it shows. */
  addOf(fs: readonly ItemFacts[]): void {
    for (const f of fs) {
      if (f.format === 'single' || f.format === 'calc') {
        if (this.byTemplate.has(f.template)) continue;
        const m = f.format === 'single' ? singleMeasure(f.template) : calcMeasure(f.template);
        this.byTemplate.set(f.template, m);
        this.all.push(m);
      } else if (f.format === 'multi') {
        let texts = this.byText.get(f.template);
        if (!texts) this.byText.set(f.template, (texts = new Map()));
        for (const [text] of f.texts ?? []) {
          if (texts.has(text)) continue;
          const m = multiMeasure(f.template, text);
          texts.set(text, m);
          this.all.push(m);
        }
      }
    }
  }
}

/**
 * The dataset-level balancing pass (issue #13): phase 1 built every log's items alone, so a template's answer
 * classes, calc gold ranks and multi text rates are balanced in expectation but binomial in a dataset. This pass
 * counts them over the whole dataset and, while a measure is over its quota (`BALANCE_QUOTAS`), rebuilds logs whose
 * item of that template is on the over side without that template (`rebuild(logId, exclude)`, i.e. `buildItems` with
 * `exclude`), so the log takes its next candidate instead. Logs are tried in the order of a hash of the seed, the
 * measure and the log id, never of their position, so the outcome does not depend on how the dataset was split into
 * shards. A swap is kept only when it lowers the measure's excess, takes no other measure over its quota (nor further
 * over), and leaves every logic, sub-domain and domain × cognition pair still covered; a rebuild without a full set
 * (`null`) keeps the log's items. Rounds repeat until every quota holds, no swap helps, or `maxRounds`.
 * Pure: facts and a rebuild function in, the replaced logs out.
 */
export function balanceDataset(
  logs: readonly BalanceLog[],
  rebuild: (logId: string, exclude: ReadonlySet<string>) => Item[] | null,
  options: { seed: string | number },
): BalanceResult {
  const tally = new Tally();
  const current = new Map<string, readonly ItemFacts[]>();
  /** The logs that have an item of each template (kept up to date by swaps). */
  const holders = new Map<string, Set<string>>();
  const hold = (id: string, fs: readonly ItemFacts[], sign: 1 | -1): void => {
    for (const f of fs) {
      let set = holders.get(f.template);
      if (!set) holders.set(f.template, (set = new Set()));
      if (sign > 0) set.add(id);
      else set.delete(id);
    }
  };
  for (const l of logs) {
    if (l.facts.length === 0) continue;
    current.set(l.logId, l.facts);
    tally.addAll(l.facts, 1);
    hold(l.logId, l.facts, 1);
  }
  const all = new MeasureSet();
  for (const fs of current.values()) all.addOf(fs);
  const overNow = (): Measure[] =>
    all.all.filter((m) => m.excess(tally) > EPS).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const excluded = new Map<string, Set<string>>();
  const replaced = new Map<string, Item[]>();
  const order = templateRngs(`balance${SEP}${String(options.seed)}${SEP}`);
  const report: BalanceReport = { rounds: 0, logs_rebuilt: 0, swaps: 0, rejected: 0, over_before: 0, over_after: 0, left: [] };
  let over = overNow();
  report.over_before = over.length;
  for (let round = 0; round < Q.maxRounds && over.length > 0; round++) {
    report.rounds++;
    let swapped = false;
    for (const m of over) {
      // the logs whose item is on the over side, in a seeded order that depends on the log id alone
      const onSide = m.side(tally);
      const candidates = [...(holders.get(m.template) ?? [])]
        .filter((id) => current.get(id)!.some(onSide))
        .map((id) => ({ id, key: order(`${m.id}${SEP}${id}`).next() }))
        .sort((a, b) => a.key - b.key || (a.id < b.id ? -1 : 1));
      let tries = 0;
      for (const { id } of candidates) {
        if (m.excess(tally) <= EPS || tries >= Q.maxTriesPerMeasure) break;
        const old = current.get(id)!;
        // the over side may have moved since the candidates were listed
        if (!old.some(m.side(tally))) continue;
        // the target's gain is known before the rebuild (the new items cannot be of its template): skip a log that
        // would not help
        const mine = old.filter((f) => f.template === m.template);
        const was = m.excess(tally);
        tally.addAll(mine, -1);
        const gains = m.excess(tally) < was - EPS;
        tally.addAll(mine, 1);
        if (!gains) continue;
        tries++;
        const exclude = new Set(excluded.get(id) ?? []);
        exclude.add(m.template);
        const items = rebuild(id, exclude);
        const next = items?.map((it) => itemFacts(it)) ?? null;
        if (!next || next.length === 0 || !trySwap(tally, m, old, next)) {
          report.rejected++;
          continue;
        }
        hold(id, old, -1);
        hold(id, next, 1);
        current.set(id, next);
        excluded.set(id, exclude);
        replaced.set(id, items!);
        all.addOf(next);
        report.swaps++;
        swapped = true;
      }
    }
    over = overNow();
    if (!swapped) break;
  }
  report.logs_rebuilt = replaced.size;
  report.over_after = over.length;
  report.left = over.map((m) => m.id);
  return { replaced, report };
}

/** Applies the swap old → next to the tally when it helps `target` and harms nothing; else leaves the tally as it was. */
function trySwap(tally: Tally, target: Measure, old: readonly ItemFacts[], next: readonly ItemFacts[]): boolean {
  const touched = new MeasureSet();
  touched.addOf(old);
  touched.addOf(next);
  // the other measures the swap touches (the target is judged on its own)
  const others = touched.all.filter((m) => m.id !== target.id);
  const targetBefore = target.excess(tally);
  const before = others.map((m) => m.excess(tally));
  const covered = [...new Set(old.flatMap((f) => f.cover))];
  tally.addAll(old, -1);
  tally.addAll(next, 1);
  let ok = target.excess(tally) < targetBefore - EPS && covered.every((k) => (tally.cover.get(k) ?? 0) > 0);
  for (let i = 0; i < others.length && ok; i++) {
    const after = others[i].excess(tally);
    if (after > EPS && after > before[i] + EPS) ok = false;
  }
  if (!ok) {
    tally.addAll(next, -1);
    tally.addAll(old, 1);
  }
  return ok;
}
