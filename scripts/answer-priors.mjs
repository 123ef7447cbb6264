#!/usr/bin/env node
// Measures how each template's answers fall across logs (issue #13) and writes src/questions/data/answer-priors.ts:
//   calc   — the gold values many logs share (atoms, with their shares) and quantiles of the rest: decoys are drawn
//            from them, so the answer looks like any other log's (measured with lenient bounds, so that the options
//            path never hides a gold);
//   single — the probability of keeping an item with each answer text (rarer answers kept more often), and each
//            answer text's share after acceptance (wrong options are drawn by it);
//   multi  — how often each option text is true among the texts a template could offer on a log, and the share of
//            true texts (options are offered so that every text is right about as often as any other).
// Logs: every shipped profile in equal shares (1,000 logs each by default), generated in memory with a seed no dataset
// uses: a dataset of any shipped profile then draws on its own profile's priors (the client kind's priors, the path of
// fitted and custom profiles, are measured on all of them).
// Usage: npm run answer-priors [-- --count N]
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = (p) => import(join(root, 'dist', p));
const { listProfiles, loadProfile } = await dist('io/profiles.js');
const { generateLog } = await dist('synth/index.js');
const { TEMPLATES } = await dist('questions/templates/index.js');
const { LogFacts } = await dist('questions/facts.js');
const { templateRng } = await dist('questions/stream.js');
const { resolveFace } = await dist('questions/template.js');
const { detectAll } = await dist('signals/index.js');
const { buildItems } = await dist('questions/builder.js');
const { ANSWER_PRIORS } = await dist('questions/data/answer-priors.js');

const SEED = 'cclupe-answer-priors';
const PROFILES = listProfiles().map((n) => loadProfile(n));
/** Calibration logs per profile: 1,000 put a profile's commonest answers within about ±0.03 of their share. */
const PER_PROFILE = 1000;
const countArg = process.argv.indexOf('--count');
const count = countArg > 0 ? Number(process.argv[countArg + 1]) : PER_PROFILE * PROFILES.length;
/** Target largest share of one answer text per single template after acceptance (the gate is 1/k + 0.10). */
const TARGET_SHARE = 0.27;
/**
 * Single templates aim lower: their wrong options are drawn so that each text is offered in 4·(its answer share) of
 * the items (`balanced-choice.ts`), which needs every share under 1/4; the margin absorbs the noise of measuring.
 */
const SINGLE_TARGET = 0.22;
/** Passes of the real builder that tune single templates' acceptance on what it actually picks (tiers included). */
const BUILDER_PASSES = 5;
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

/**
 * A calc template's gold on a log, [value, text], or null when the template does not apply: built with lenient bounds
 * and no prior, so that the options path hides no gold, and again on other streams when its options failed (a gold
 * the spread path cannot always surround would otherwise be measured less often than it occurs).
 */
function calcGold(t, ctx, logId) {
  for (let a = 0; a < GOLD_TRIES; a++) {
    const d = t.build({ ...ctx, rng: templateRng(`${SEED}\u241f${logId}\u241f${t.id}\u241fgold\u241f${a}`), bounds: { ...ctx.bounds, lenient: true }, prior: undefined });
    if (d) return [d.numericAnswer ?? d.choices[0].value, d.choices.find((c) => c.correct).text];
  }
  return null;
}

const calc = new Map(); // key → values
const single = new Map(); // key → Map(text → n)
const multi = new Map(); // key → Map(text → {t, n, logs}): draws weighed 1/draws of their log, and logs offering it
const multiBase = new Map(); // template id → {t, n}: pool texts and how many of them true
const multiFree = new Map(); // template id → {t, n}: pool texts without a rate and how many of them true
const singleKeys = new Set(); // keys of single-choice templates
const bump = (m, k) => m.get(k) ?? (m.set(k, new Map()), m.get(k));
/** The i-th calibration log (regenerated on every pass rather than held: thousands of logs would not fit). */
const logAt = (i) => {
  const profile = PROFILES[i % PROFILES.length];
  return { log: generateLog(profile, { masterSeed: SEED, index: i }).log, profile: profile.name };
};
for (let i = 0; i < count; i++) {
  const { log } = logAt(i);
  const profile = PROFILES[i % PROFILES.length];
  const kind = log.clientKind;
  const facts = new LogFacts(log);
  // each template's answers are measured per client kind and per profile (the builder prefers the profile's)
  const groups = [kind, profile.name];
  let det = null;
  for (const t of TEMPLATES) {
    if (!t.tags.logics[kind]) continue;
    const keys = groups.map((g) => `${g}:${t.id}`);
    const ctx = { facts, kind, detections: () => (det ??= detectAll(log)), bounds: resolveFace(t.face, facts.months.length) };
    if (t.tags.format === 'calc') {
      const gold = calcGold(t, ctx, log.logId);
      for (const key of gold ? keys : []) {
        if (!calc.has(key)) calc.set(key, []);
        calc.get(key).push(gold);
      }
      continue;
    }
    const draws = t.tags.format === 'multi' ? MULTI_DRAWS : 1;
    const perLog = new Map(); // multi: text → appearances and true ones over this log's draws
    let made = 0;
    for (let d = 0; d < draws; d++) {
      const draft = t.build({ ...ctx, rng: templateRng(`${SEED}\u241f${log.logId}\u241f${t.id}\u241f${d}`) });
      if (!draft) break;
      if (t.tags.format === 'single') {
        const text = draft.choices.find((c) => c.correct).text;
        for (const key of keys) {
          singleKeys.add(key);
          const m = bump(single, key);
          m.set(text, (m.get(text) ?? 0) + 1);
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
        const b = multiBase.get(t.id) ?? { t: 0, n: 0 };
        b.n += pool.length;
        b.t += pool.filter((c) => c.correct).length;
        multiBase.set(t.id, b);
      }
    }
    for (const key of made ? keys : []) {
      const m = bump(multi, key);
      for (const [text, a] of perLog) {
        const r = m.get(text) ?? { t: 0, n: 0, logs: 0 };
        r.n += a.n / made;
        r.t += a.t / made;
        r.logs++;
        m.set(text, r);
      }
    }
  }
}

const r4 = (x) => Math.round(x * 1e4) / 1e4;
/** Odds of a rate, clamped as `multiChoices` clamps it. */
const oddsOf = (p) => {
  const c = Math.min(1 - MULTI_RATE_MIN, Math.max(MULTI_RATE_MIN, p));
  return c / (1 - c);
};
const out = {};
for (const [key, golds] of calc) {
  if (golds.length < MIN_SAMPLES) continue;
  // atoms: texts many logs share, as the mean of their values (they print alike); the rest by quantiles
  const byText = new Map();
  golds.forEach(([v, text], i) => {
    const e = byText.get(text) ?? byText.set(text, { vs: [], even: 0, odd: 0 }).get(text);
    e.vs.push(v);
    if (i % 2) e.odd++;
    else e.even++;
  });
  const half = [Math.ceil(golds.length / 2), Math.floor(golds.length / 2)];
  const atoms = [];
  const rest = [];
  for (const e of byText.values()) {
    if (e.even >= ATOM_MIN && e.even / half[0] >= ATOM_SHARE) {
      if (e.odd) atoms.push([r4(e.vs.reduce((a, b) => a + b, 0) / e.vs.length), r4(e.odd / half[1])]);
    } else rest.push(...e.vs);
  }
  atoms.sort((a, b) => a[0] - b[0]);
  const o = (out[key] ??= {});
  if (rest.length >= REST_MIN) {
    rest.sort((a, b) => a - b);
    const q = [];
    for (let j = 0; j <= QUANTILES; j++) q.push(r4(rest[Math.round((j / QUANTILES) * (rest.length - 1))]));
    if (atoms.length) o.atoms = atoms;
    o.quantiles = q;
  } else if (atoms.length) {
    const mass = atoms.reduce((a, [, s]) => a + s, 0);
    o.atoms = atoms.map(([v, s]) => [v, r4(s / mass)]);
  }
}
for (const [key, m] of single) {
  const total = [...m.values()].reduce((a, b) => a + b, 0);
  if (total < MIN_SAMPLES) continue;
  const shares = [...m].map(([text, n]) => [text, n / total]);
  const target = singleKeys.has(key) ? SINGLE_TARGET : TARGET_SHARE;
  // the largest τ whose capped distribution min(p, τ) keeps every share at or under the target
  const capped = (tau) => tau / shares.reduce((a, [, p]) => a + Math.min(p, tau), 0);
  let lo = 0;
  let hi = 1;
  for (let it = 0; it < 60; it++) {
    const mid = (lo + hi) / 2;
    if (capped(mid) <= target) lo = mid;
    else hi = mid;
  }
  // fewer than 1/TARGET_SHARE classes: equalise them (the best possible); one class alone is kept rarely
  const tau = shares.length === 1 ? ONE_CLASS_KEEP : lo > 0 ? lo : Math.min(...shares.map(([, p]) => p));
  const accept = {};
  for (const [text, p] of shares.sort((a, b) => (a[0] < b[0] ? -1 : 1))) if (p > tau) accept[text] = r4(Math.max(MIN_ACCEPT, tau / p));
  if (Object.keys(accept).length) (out[key] ??= {}).accept = accept;
  // single: each answer's share after acceptance (wrong options are drawn by it); rare texts are left out
  if (!singleKeys.has(key)) continue;
  const kept = shares.map(([text, p]) => [text, p * Math.min(1, accept[text] ?? 1)]);
  const sum = kept.reduce((a, [, w]) => a + w, 0);
  const answers = {};
  for (const [text, w] of kept.sort((a, b) => (a[0] < b[0] ? -1 : 1))) if (w / sum >= MIN_ANSWER_SHARE) answers[text] = r4(w / sum);
  if (Object.keys(answers).length) (out[key] ??= {}).answers = answers;
}
for (const [key, m] of multi) {
  const truth = {};
  // a rate needs the text in MIN_SAMPLES logs (its truth is the log's, however many draws offered it)
  for (const [text, r] of [...m].sort((a, b) => (a[0] < b[0] ? -1 : 1))) if (r.logs >= MIN_SAMPLES) truth[text] = r4(r.t / r.n);
  if (Object.keys(truth).length) (out[key] ??= {}).truth = truth;
  const id = key.slice(key.indexOf(':') + 1);
  const f = multiFree.get(id) ?? { t: 0, n: 0 };
  for (const r of m.values()) if (r.logs < MIN_SAMPLES) (f.t += r.t), (f.n += r.n);
  multiFree.set(id, f);
}
// the rate every text is brought to, one per template: that of the texts without a rate (thresholds drawn on a coin
// flip, about one half), which are then never held back; for a template without such texts, the pool's share of true
for (const key of multi.keys()) {
  const id = key.slice(key.indexOf(':') + 1);
  const f = multiFree.get(id);
  const b = f && f.n >= MIN_BASE_TEXTS ? f : multiBase.get(id);
  if (b && b.n) (out[key] ??= {}).base = r4(b.t / b.n);
}

// Single templates: run the real builder on the same logs with these priors in place, and tune each answer's
// acceptance on the share it actually reaches among the items picked (slots filled by declined items included); the
// last pass's shares become the answer shares that wrong options are drawn by.
for (const key of Object.keys(ANSWER_PRIORS)) delete ANSWER_PRIORS[key];
Object.assign(ANSWER_PRIORS, out);
const singleIds = new Set(TEMPLATES.filter((t) => t.tags.format === 'single').map((t) => t.id));
const profileNames = new Set(PROFILES.map((p) => p.name));
/** The pooled family of a `group:template` key: the profiles' runs, or the client kinds' runs. */
const pooledKey = (key) => `${profileNames.has(key.slice(0, key.indexOf(':'))) ? 'profiles' : 'kinds'}:${key.slice(key.indexOf(':') + 1)}`;
for (let pass = 0; pass < BUILDER_PASSES; pass++) {
  const got = new Map(); // key → Map(text → n)
  const offered = new Map(); // multi: key → Map(text → {t, n}), the option texts of the items picked
  for (let i = 0; i < count; i++) {
    // fresh logs on every pass: tuned again and again on the same logs, the acceptances fit those logs' noise, and a new
    // dataset then finds the answers they happened to be short of above their target (verdict-time 25% there, 33% in
    // fresh datasets); on fresh logs each pass corrects the previous pass's noise instead of fitting it
    const { log, profile } = logAt(i + (pass + 1) * count);
    // with its profile the builder reads the profile's priors; without one (a fitted or custom profile), the kind's
    for (const [g, input] of [[profile, { ...log, profile }], [log.clientKind, log]]) {
      for (const it of buildItems(input, { seed: SEED }).items) {
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
        const text = it.options.find((o) => it.answer.includes(o.key)).text;
        const m = bump(got, `${g}:${it.template.id}`);
        m.set(text, (m.get(text) ?? 0) + 1);
      }
    }
  }
  // Multi: each text's keep odds move by the odds of the rate it reached in the items over the template's base rate.
  // A text right too often is treated as more often true, so kept less when true and more when false (and the reverse);
  // the offered rate's odds move inversely to the text's odds, so the damped step converges over the passes.
  for (const [key, m] of offered) {
    const prior = ANSWER_PRIORS[key];
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
  const last = pass === BUILDER_PASSES - 1;
  // The template's items pooled the way a dataset pools them: over the four profiles (runs with a profile), and over
  // both client kinds (runs without one). A profile balanced on its own can still tilt the pooled template.
  const pooled = new Map(); // family:template → Map(text → n)
  for (const [key, m] of got) {
    const pk = pooledKey(key);
    const pm = bump(pooled, pk);
    for (const [text, n] of m) pm.set(text, (pm.get(text) ?? 0) + n);
  }
  for (const [key, m] of got) {
    const total = [...m.values()].reduce((a, b) => a + b, 0);
    const prior = (ANSWER_PRIORS[key] ??= {});
    if (last) {
      const answers = {};
      // every answer text, however rare: a text left out would never be offered as a wrong option, so right whenever seen
      for (const [text, n] of [...m].sort((x, y) => (x[0] < y[0] ? -1 : 1))) answers[text] = Number((n / total).toPrecision(3));
      prior.answers = answers;
      continue;
    }
    const pm = pooled.get(pooledKey(key));
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
      const pooledOver = pm.get(text) / pTotal / pTarget;
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

const sorted = Object.fromEntries(Object.keys(out).sort().map((k) => [k, out[k]]));
const file = join(root, 'src', 'questions', 'data', 'answer-priors.ts');
writeFileSync(
  file,
  `// Generated by \`npm run answer-priors\` (scripts/answer-priors.mjs, ${count} logs of the ${PROFILES.length} shipped profiles, seed ${SEED}):\n` +
    `// do not edit by hand.\nimport type { TemplatePrior } from '../template.js';\n\n` +
    `/** Answer priors per \`profile:template\` (every shipped profile) and \`kind:template\`, measured on calibration logs (issue #13). */\n` +
    `export const ANSWER_PRIORS: Readonly<Record<string, TemplatePrior>> = {\n` +
    Object.entries(sorted).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},\n`).join('') +
    `};\n`,
);
process.stdout.write(`wrote ${file}: ${Object.keys(sorted).length} template priors from ${count} logs\n`);
