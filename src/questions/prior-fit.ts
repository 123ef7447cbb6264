import type { Log } from '../schema/log-row.js';
import type { Draft, Template, TemplateContext, TemplatePrior } from './template.js';
import { resolveFace } from './template.js';
import type { PriorTable } from './answer-priors.js';
import { detectAll } from '../signals/index.js';
import { LogFacts } from './facts.js';
import { templateRng } from './stream.js';
import { TEMPLATES } from './templates/index.js';
import { buildItems } from './builder.js';
import { minOf } from '../log/extremes.js';

// Measures how each template's answers fall across logs (issue #13) and fits the answer priors from it:
//   calc   — the gold values many logs share (atoms, with their shares) and quantiles of the rest: decoys are drawn
//            from them, so the answer looks like any other log's (measured with lenient bounds, so that the options
//            path never hides a gold);
//   single — the probability of keeping an item with each answer text (rarer answers kept more often), and each
//            answer text's share after acceptance (wrong options are drawn by it);
//   multi  — how often each option text is true among the texts a template could offer on a log, and the share of
//            true texts (options are offered so that every text is right about as often as any other).
// `npm run answer-priors` fits the shipped table on every shipped profile; `cclupe generate` fits a custom or fitted
// profile's own on logs of that profile alone (`kinds: false`).

/** The seed namespace of calibration logs and of the measuring streams: no dataset uses it. */
export const ANSWER_PRIORS_SEED = 'cclupe-answer-priors';
/** Calibration logs per profile of the shipped table: 1,000 put a profile's commonest answers within about ±0.03 of their share. */
export const PRIOR_LOGS_PER_PROFILE = 1000;
/** Target largest share of one answer text per single template after acceptance (the gate is 1/k + 0.10). */
const TARGET_SHARE = 0.27;
/**
 * Single templates aim lower: their wrong options are drawn so that each text is offered in 4·(its answer share) of
 * the items (`balanced-choice.ts`), which needs every share under 1/4; the margin absorbs the noise of measuring.
 */
const SINGLE_TARGET = 0.22;
/** Passes of the real builder that tune single templates' acceptance on what it actually picks (tiers included). */
export const BUILDER_PASSES = 5;
/**
 * Floor of an answer's acceptance when the template's items pooled over profiles are what it exceeds its share in.
 * A verdict whose profile gives one statement almost always (a healthy account never goes below zero) cannot be
 * balanced within the profile; only keeping that statement rarely there balances the template over a dataset, where
 * the audit and a learner pool its items. Lower than MIN_ACCEPT: the template stays covered by its other answers.
 */
const POOLED_MIN_ACCEPT = 0.005;
/**
 * Multi texts: an option text seen at least this often in one pass's items of a `group:template` has its keep odds
 * tuned on the rate it reaches there. The pool rates alone left texts at 28–58% (issue #13): an item exists only when
 * enough texts are kept, and which of the kept texts it offers depends on how many are true, so what `multiChoices`
 * offers is not what the pool holds.
 */
const MULTI_TUNE_MIN = 20;
/**
 * Damping of a multi text's odds step on the first builder pass (1 would be a full Newton step: the offered rate's
 * odds fall as the text's odds rise), divided by the pass number after it: the first step takes the bulk of the gap
 * between pool and offered rates, the later ones average the noise of a few dozen appearances per text and pass
 * instead of following it (a fixed step left texts 0.10 off their base on fresh logs).
 */
const MULTI_TUNE_STEP = 0.7;
/** Bounds of a tuned multi rate: `multiChoices` clamps rates there (a text never right is still offered now and then). */
const MULTI_RATE_MIN = 0.005;

const QUANTILES = 100;
/** No answer text is kept less often than this, so every template (and logic) still appears now and then. */
const MIN_ACCEPT = 0.05;
/** A single template whose answer is always the same text keeps this share of its items (its logic stays covered). */
const ONE_CLASS_KEEP = 0.05;
const MIN_SAMPLES = 30;
const MULTI_DRAWS = 6;
/** Pool entries of texts without a rate needed to take their rate as a multi template's base rate. */
const MIN_BASE_TEXTS = 500;
/** Answer texts rarer than this are left out of a single template's answer shares (they weigh as the floor). */
const MIN_ANSWER_SHARE = 0.002;
/**
 * A calc gold text at least this common (and seen at least ATOM_MIN times) is an atom, drawn as that exact value. Atoms
 * are chosen on the even-numbered golds and their shares measured on the odd ones: a text chosen for being common in a
 * sample is, in that sample, more common than it truly is, and would come back as a decoy more often than it is right.
 */
const ATOM_SHARE = 0.02;
const ATOM_MIN = 5;
/** Fewer non-atom golds than this: no quantiles, the atoms carry the whole distribution. */
const REST_MIN = 3;
/** Lenient builds of a calc template on one log before its gold counts as unmeasurable (see `calcGold`). */
const GOLD_TRIES = 20;

/** The calibration logs a fit reads, one at a time (regenerated on every pass rather than held: thousands would not fit). */
export interface PriorLogSource {
  /** Logs per pass: the measurement reads logs 0…count−1, builder pass p reads (p+1)·count… (p+2)·count−1. */
  count: number;
  /** The i-th calibration log and the name of the profile it was generated from. */
  logAt(i: number): { log: Log; profile: string };
  /** The profiles of the logs: a key `name:template` is a profile's, any other group a client kind's. */
  profiles: readonly string[];
}

/** Options of `fitAnswerPriors`. */
export interface PriorFitOptions {
  /** Builder passes that tune the acceptances and multi rates (default `BUILDER_PASSES`; fewer in tests). */
  passes?: number;
  /**
   * `false` fits the profiles' keys only, leaving the client kinds' to the shipped table (a custom profile's fit: its
   * logs alone say nothing of a kind). Default: both, as the shipped table is fitted.
   */
  kinds?: false;
  /** Called after each log read (count × (1 + passes) in all). */
  onLog?: () => void;
}

/** Measurements of the first pass, by `group:template` key (group: a client kind or a profile). */
interface Measured {
  calc: Map<string, Array<[number, string]>>;
  single: Map<string, Map<string, number>>;
  /** Texts' draws weighed 1/draws of their log, and the logs offering each. */
  multi: Map<string, Map<string, { t: number; n: number; logs: number }>>;
  /** Per template id: pool texts and how many of them true. */
  multiBase: Map<string, { t: number; n: number }>;
  singleKeys: Set<string>;
}

const bump = <V>(m: Map<string, Map<string, V>>, k: string): Map<string, V> => {
  let v = m.get(k);
  if (!v) m.set(k, (v = new Map()));
  return v;
};
const r4 = (x: number): number => Math.round(x * 1e4) / 1e4;
const byText = <T>(a: [string, T], b: [string, T]): number => (a[0] < b[0] ? -1 : 1);
/** Odds of a rate, clamped as `multiChoices` clamps it. */
const oddsOf = (p: number): number => {
  const c = Math.min(1 - MULTI_RATE_MIN, Math.max(MULTI_RATE_MIN, p));
  return c / (1 - c);
};

/**
 * Fits the answer priors (`TemplatePrior` per `group:template`) on the logs of `source`: one measuring pass over logs
 * 0…count−1, then `passes` runs of the real builder on fresh logs that tune the single acceptances and multi rates on
 * what it actually picks. Keys sorted; deterministic in the source. Cost ≈ count × (1 + 2·passes) builds of a log's
 * items (one per pass with `kinds: false`), about 0.1 s per 100 logs and build on one core.
 */
export function fitAnswerPriors(source: PriorLogSource, options: PriorFitOptions = {}): Record<string, TemplatePrior> {
  const kinds = options.kinds !== false;
  const measured = measure(source, kinds, options.onLog);
  const out: Record<string, TemplatePrior> = {};
  fitCalc(measured, out);
  fitSingle(measured, out);
  fitMulti(measured, out);
  tune(source, out, options.passes ?? BUILDER_PASSES, kinds, options.onLog);
  return Object.fromEntries(Object.keys(out).sort().map((k) => [k, out[k]]));
}

/**
 * A calc template's gold on a log, [value, text], or null when the template does not apply: built with lenient bounds
 * and no prior, so that the options path hides no gold, and again on other streams when its options failed (a gold
 * the spread path cannot always surround would otherwise be measured less often than it occurs).
 */
function calcGold(t: Template, ctx: Omit<TemplateContext, 'rng'>, logId: string): [number, string] | null {
  for (let a = 0; a < GOLD_TRIES; a++) {
    const rng = templateRng(`${ANSWER_PRIORS_SEED}\u241f${logId}\u241f${t.id}\u241fgold\u241f${a}`);
    const d = t.build({ ...ctx, rng, bounds: { ...ctx.bounds, lenient: true }, prior: undefined });
    if (d) return [(d.numericAnswer ?? d.choices[0].value) as number, d.choices.find((c) => c.correct)!.text];
  }
  return null;
}

/** The measuring pass: calc golds, single answer texts and multi pool truths per key, on logs 0…count−1. */
function measure(source: PriorLogSource, kinds: boolean, onLog: (() => void) | undefined): Measured {
  const m: Measured = { calc: new Map(), single: new Map(), multi: new Map(), multiBase: new Map(), singleKeys: new Set() };
  for (let i = 0; i < source.count; i++) {
    const { log, profile } = source.logAt(i);
    const kind = log.clientKind!;
    const facts = new LogFacts(log);
    // each template's answers are measured per client kind and per profile (the builder prefers the profile's)
    const groups = kinds ? [kind, profile] : [profile];
    let det: ReturnType<typeof detectAll> | null = null;
    for (const t of TEMPLATES) {
      if (!t.tags.logics[kind]) continue;
      const keys = groups.map((g) => `${g}:${t.id}`);
      const ctx = { facts, kind, detections: () => (det ??= detectAll(log)), bounds: resolveFace(t.face, facts.months.length) };
      if (t.tags.format === 'calc') {
        const gold = calcGold(t, ctx, log.logId);
        for (const key of gold ? keys : []) {
          if (!m.calc.has(key)) m.calc.set(key, []);
          m.calc.get(key)!.push(gold!);
        }
        continue;
      }
      measureChoices(m, t, keys, (d) => t.build({ ...ctx, rng: templateRng(`${ANSWER_PRIORS_SEED}\u241f${log.logId}\u241f${t.id}\u241f${d}`) }));
    }
    onLog?.();
  }
  return m;
}

/** A single or multi template's answers on one log (`build(d)`: its d-th draw), counted under `keys`. */
function measureChoices(m: Measured, t: Template, keys: readonly string[], build: (draw: number) => Draft | null): void {
  const draws = t.tags.format === 'multi' ? MULTI_DRAWS : 1;
  const perLog = new Map<string, { t: number; n: number }>(); // multi: text → appearances and true ones over this log's draws
  let made = 0;
  for (let d = 0; d < draws; d++) {
    const draft = build(d);
    if (!draft) break;
    if (t.tags.format === 'single') {
      const text = draft.choices.find((c) => c.correct)!.text;
      for (const key of keys) {
        m.singleKeys.add(key);
        const s = bump(m.single, key);
        s.set(text, (s.get(text) ?? 0) + 1);
      }
    } else if (t.tags.format === 'multi') {
      // every text the template could offer on this log, not only those drawn: the rate of the log population
      const pool = draft.pool ?? draft.choices;
      // every draw's pool counts: a text that only some draws could offer (a type stated as present in a quarter
      // of them) is kept or held back per draw, so its rate is the rate per draw that offers it; the draws of a log
      // are weighed together as one log (below), so a text every draw offers counts once, as before
      for (const c of pool) {
        const r = perLog.get(c.text) ?? { t: 0, n: 0 };
        r.n++;
        if (c.correct) r.t++;
        perLog.set(c.text, r);
      }
      made++;
      // one base rate per template, whatever the profile or client kind: a learner that pools a template's items
      // must find every text right equally often, and texts differ in which profiles offer them
      const b = m.multiBase.get(t.id) ?? { t: 0, n: 0 };
      b.n += pool.length;
      b.t += pool.filter((c) => c.correct).length;
      m.multiBase.set(t.id, b);
    }
  }
  for (const key of made ? keys : []) {
    const mm = bump(m.multi, key);
    for (const [text, a] of perLog) {
      const r = mm.get(text) ?? { t: 0, n: 0, logs: 0 };
      r.n += a.n / made;
      r.t += a.t / made;
      r.logs++;
      mm.set(text, r);
    }
  }
}

/** Calc priors: atoms (texts many logs share, as the mean of their values: they print alike), the rest by quantiles. */
function fitCalc(m: Measured, out: Record<string, TemplatePrior>): void {
  for (const [key, golds] of m.calc) {
    if (golds.length < MIN_SAMPLES) continue;
    const texts = new Map<string, { vs: number[]; even: number; odd: number }>();
    golds.forEach(([v, text], i) => {
      let e = texts.get(text);
      if (!e) texts.set(text, (e = { vs: [], even: 0, odd: 0 }));
      e.vs.push(v);
      if (i % 2) e.odd++;
      else e.even++;
    });
    const half = [Math.ceil(golds.length / 2), Math.floor(golds.length / 2)];
    const atoms: Array<[number, number]> = [];
    const rest: number[] = [];
    for (const e of texts.values()) {
      if (e.even >= ATOM_MIN && e.even / half[0] >= ATOM_SHARE) {
        if (e.odd) atoms.push([r4(e.vs.reduce((a, b) => a + b, 0) / e.vs.length), r4(e.odd / half[1])]);
      } else for (const v of e.vs) rest.push(v);
    }
    atoms.sort((a, b) => a[0] - b[0]);
    const o = (out[key] ??= {});
    if (rest.length >= REST_MIN) {
      rest.sort((a, b) => a - b);
      const q: number[] = [];
      for (let j = 0; j <= QUANTILES; j++) q.push(r4(rest[Math.round((j / QUANTILES) * (rest.length - 1))]));
      if (atoms.length) o.atoms = atoms;
      o.quantiles = q;
    } else if (atoms.length) {
      const mass = atoms.reduce((a, [, s]) => a + s, 0);
      o.atoms = atoms.map(([v, s]) => [v, r4(s / mass)]);
    }
  }
}

/** Single priors from the measured shares: each answer's acceptance, and its share after acceptance. */
function fitSingle(m: Measured, out: Record<string, TemplatePrior>): void {
  for (const [key, counts] of m.single) {
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    if (total < MIN_SAMPLES) continue;
    const shares: Array<[string, number]> = [...counts].map(([text, n]) => [text, n / total]);
    const target = m.singleKeys.has(key) ? SINGLE_TARGET : TARGET_SHARE;
    // the largest τ whose capped distribution min(p, τ) keeps every share at or under the target
    const capped = (tau: number): number => tau / shares.reduce((a, [, p]) => a + Math.min(p, tau), 0);
    let lo = 0;
    let hi = 1;
    for (let it = 0; it < 60; it++) {
      const mid = (lo + hi) / 2;
      if (capped(mid) <= target) lo = mid;
      else hi = mid;
    }
    // fewer than 1/TARGET_SHARE classes: equalise them (the best possible); one class alone is kept rarely
    const tau = shares.length === 1 ? ONE_CLASS_KEEP : lo > 0 ? lo : minOf(shares.map(([, p]) => p));
    const accept: Record<string, number> = {};
    for (const [text, p] of shares.sort(byText)) if (p > tau) accept[text] = r4(Math.max(MIN_ACCEPT, tau / p));
    if (Object.keys(accept).length) (out[key] ??= {}).accept = accept;
    // single: each answer's share after acceptance (wrong options are drawn by it); rare texts are left out
    if (!m.singleKeys.has(key)) continue;
    const kept: Array<[string, number]> = shares.map(([text, p]) => [text, p * Math.min(1, accept[text] ?? 1)]);
    const sum = kept.reduce((a, [, w]) => a + w, 0);
    const answers: Record<string, number> = {};
    for (const [text, w] of kept.sort(byText)) if (w / sum >= MIN_ANSWER_SHARE) answers[text] = r4(w / sum);
    if (Object.keys(answers).length) (out[key] ??= {}).answers = answers;
  }
}

/** Multi priors: each text's rate where offered (seen in MIN_SAMPLES logs), and the template's base rate. */
function fitMulti(m: Measured, out: Record<string, TemplatePrior>): void {
  const multiFree = new Map<string, { t: number; n: number }>(); // template id → pool texts without a rate, true ones
  for (const [key, texts] of m.multi) {
    const truth: Record<string, number> = {};
    // a rate needs the text in MIN_SAMPLES logs (its truth is the log's, however many draws offered it)
    for (const [text, r] of [...texts].sort(byText)) if (r.logs >= MIN_SAMPLES) truth[text] = r4(r.t / r.n);
    if (Object.keys(truth).length) (out[key] ??= {}).truth = truth;
    const id = key.slice(key.indexOf(':') + 1);
    const f = multiFree.get(id) ?? { t: 0, n: 0 };
    for (const r of texts.values()) if (r.logs < MIN_SAMPLES) (f.t += r.t), (f.n += r.n);
    multiFree.set(id, f);
  }
  // the rate every text is brought to, one per template: that of the texts without a rate (thresholds drawn on a coin
  // flip, about one half), which are then never held back; for a template without such texts, the pool's share of true
  for (const key of m.multi.keys()) {
    const id = key.slice(key.indexOf(':') + 1);
    const f = multiFree.get(id);
    const b = f && f.n >= MIN_BASE_TEXTS ? f : m.multiBase.get(id);
    if (b && b.n) (out[key] ??= {}).base = r4(b.t / b.n);
  }
}

/** What one builder pass picked: single answer texts, and multi option texts with how often each was right. */
interface Picked {
  got: Map<string, Map<string, number>>;
  offered: Map<string, Map<string, { t: number; n: number }>>;
}

/**
 * The builder passes. Single templates: run the real builder on fresh logs with the priors in place, and tune each
 * answer's acceptance on the share it actually reaches among the items picked (slots filled by declined items
 * included); the last pass's shares become the answer shares that wrong options are drawn by. The builder reads a
 * table of its own (`BuildOptions.priorTable`), whose priors are those of `out`, changed in place pass after pass; a
 * key first met in a pass is added to the table only (the builder keeps the prior it first looked up for a key).
 */
function tune(source: PriorLogSource, out: Record<string, TemplatePrior>, passes: number, kinds: boolean, onLog: (() => void) | undefined): void {
  const table: Record<string, TemplatePrior> = { ...out };
  const singleIds = new Set(TEMPLATES.filter((t) => t.tags.format === 'single').map((t) => t.id));
  const profileNames = new Set(source.profiles);
  /** The pooled family of a `group:template` key: the profiles' runs, or the client kinds' runs. */
  const pooledKey = (key: string): string => `${profileNames.has(key.slice(0, key.indexOf(':'))) ? 'profiles' : 'kinds'}:${key.slice(key.indexOf(':') + 1)}`;
  for (let pass = 0; pass < passes; pass++) {
    const picked = builderPass(source, table, pass, kinds, singleIds, onLog);
    tuneMulti(picked.offered, table, pass);
    tuneSingle(picked.got, table, pooledKey, pass === passes - 1);
  }
}

function builderPass(source: PriorLogSource, table: PriorTable, pass: number, kinds: boolean, singleIds: ReadonlySet<string>, onLog: (() => void) | undefined): Picked {
  const got = new Map<string, Map<string, number>>();
  const offered = new Map<string, Map<string, { t: number; n: number }>>();
  for (let i = 0; i < source.count; i++) {
    // fresh logs on every pass: tuned again and again on the same logs, the acceptances fit those logs' noise, and a new
    // dataset then finds the answers they happened to be short of above their target (verdict-time 25% there, 33% in
    // fresh datasets); on fresh logs each pass corrects the previous pass's noise instead of fitting it
    const { log, profile } = source.logAt(i + (pass + 1) * source.count);
    // with its profile the builder reads the profile's priors; without one (a fitted or custom profile), the kind's
    const runs: Array<[string, Log]> = [[profile, { ...log, profile }]];
    if (kinds) runs.push([log.clientKind!, log]);
    for (const [g, input] of runs) {
      for (const it of buildItems(input, { seed: ANSWER_PRIORS_SEED, priorTable: table }).items) {
        if (it.format === 'multi') {
          const m = bump(offered, `${g}:${it.template.id}`);
          for (const o of it.options) {
            const r = m.get(o.text) ?? { t: 0, n: 0 };
            r.n++;
            if (it.answer.includes(o.key)) r.t++;
            m.set(o.text, r);
          }
          continue;
        }
        if (!singleIds.has(it.template.id)) continue;
        const text = it.options.find((o) => it.answer.includes(o.key))!.text;
        const m = bump(got, `${g}:${it.template.id}`);
        m.set(text, (m.get(text) ?? 0) + 1);
      }
    }
    onLog?.();
  }
  return { got, offered };
}

/**
 * Multi: each text's keep odds move by the odds of the rate it reached in the items over the template's base rate.
 * A text right too often is treated as more often true, so kept less when true and more when false (and the reverse);
 * the offered rate's odds move inversely to the text's odds, so the damped step converges over the passes. Each pass
 * gives a prior a new `truth` object (`keepTable` in options.ts caches by it).
 */
function tuneMulti(offered: Picked['offered'], table: Record<string, TemplatePrior>, pass: number): void {
  for (const [key, m] of offered) {
    const prior = table[key];
    if (!prior || prior.base === undefined) continue;
    const truth = { ...(prior.truth ?? {}) };
    for (const [text, r] of m) {
      if (r.n < MULTI_TUNE_MIN) continue;
      const q = (r.t + 0.5) / (r.n + 1);
      const o = oddsOf(truth[text] ?? 0.5) * (oddsOf(q) / oddsOf(prior.base)) ** (MULTI_TUNE_STEP / (pass + 1));
      truth[text] = r4(Math.min(1 - MULTI_RATE_MIN, Math.max(MULTI_RATE_MIN, o / (1 + o))));
    }
    prior.truth = Object.fromEntries(Object.keys(truth).sort().map((k) => [k, truth[k]]));
  }
}

/**
 * Single: the template's items pooled the way a dataset pools them, over the profiles (runs with a profile) and over
 * both client kinds (runs without one): a profile balanced on its own can still tilt the pooled template. Each
 * answer's acceptance falls by (share / target)^−0.7 while over its target; the last pass records the shares instead.
 */
function tuneSingle(got: Picked['got'], table: Record<string, TemplatePrior>, pooledKey: (key: string) => string, last: boolean): void {
  const pooled = new Map<string, Map<string, number>>(); // family:template → Map(text → n)
  for (const [key, m] of got) {
    const pm = bump(pooled, pooledKey(key));
    for (const [text, n] of m) pm.set(text, (pm.get(text) ?? 0) + n);
  }
  for (const [key, m] of got) {
    const total = [...m.values()].reduce((a, b) => a + b, 0);
    const prior = (table[key] ??= {});
    if (last) {
      const answers: Record<string, number> = {};
      // every answer text, however rare: a text left out would never be offered as a wrong option, so right whenever seen
      for (const [text, n] of [...m].sort(byText)) answers[text] = Number((n / total).toPrecision(3));
      prior.answers = answers;
      continue;
    }
    const pm = pooled.get(pooledKey(key))!;
    const pTotal = [...pm.values()].reduce((a, b) => a + b, 0);
    if (pTotal < MIN_SAMPLES || pm.size <= 1) continue;
    // the profile's own shares count when measured on enough items and there is more than one answer to balance; a
    // profile with one answer alone (or kept too rarely to measure) may still fill the pooled template
    const own = total >= MIN_SAMPLES && m.size > 1;
    const target = Math.max(SINGLE_TARGET, 1 / m.size);
    const pTarget = Math.max(SINGLE_TARGET, 1 / pm.size);
    const accept = { ...(prior.accept ?? {}) };
    for (const [text, n] of m) {
      const share = n / total;
      // over its target in the profile, or in the pooled template (only then may it fall below MIN_ACCEPT)
      const pooledOver = pm.get(text)! / pTotal / pTarget;
      const over = Math.max(own ? share / target : 0, pooledOver);
      const a = accept[text] ?? 1;
      const floor = pooledOver > 1 ? POOLED_MIN_ACCEPT : Math.min(MIN_ACCEPT, a);
      // damped, so that a share measured on few items does not swing the acceptance
      const next = Math.min(1, Math.max(floor, a * over ** -0.7));
      if (over > 1 || a < 1) accept[text] = r4(next);
    }
    for (const text of Object.keys(accept)) if (accept[text] >= 1) delete accept[text];
    if (Object.keys(accept).length) prior.accept = accept;
    else delete prior.accept;
  }
}
