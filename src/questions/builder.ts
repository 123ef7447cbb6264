import type { ClientKind, Log } from '../schema/log-row.js';
import type { Difficulty, Item } from '../schema/item.js';
import type { Detection } from '../schema/labels.js';
import type { SignalId } from '../schema/signal-id.js';
import { createRng, streamKey } from '../random/rng.js';
import { shuffle } from '../random/draw.js';
import { CclupeError } from '../errors.js';
import { detectLazily } from '../signals/index.js';
import { LogFacts } from './facts.js';
import { templateRngs } from './stream.js';
import { checkLeakage } from './leakage.js';
import { DIFFICULTY_MIN_STEPS, FORMAT_RULES, findLogic } from './taxonomy.js';
import { TEMPLATES } from './templates/index.js';
import { answerPriors, type PriorTable } from './answer-priors.js';
import { resolveFace, type Admission, type Admit, type Choice, type Draft, type Template, type TemplatePrior } from './template.js';
import { OPTION_KEYS, PositionDealer, arrangeChoices } from './positions.js';

/** Items per difficulty level: the mix of SPEC §6 (15 items per log, L:M:H = 5:5:5). */
export const PER_DIFFICULTY: Readonly<Record<Difficulty, number>> = { L: 5, M: 5, H: 5 };
/**
 * Rare templates (a logic few logs support once answers are balanced) keep their logic covered: their answers are
 * accepted at least this often, and in this share of logs (their own stream) a build without the priors may stand in
 * for a declined one. Both are kept small: such items carry their template's answer prior.
 */
export const RARE_MIN_ACCEPT = 0.1;
export const RARE_LENIENT_SHARE = 0.05;
/** Minimum multi-select items per log, by client kind (SPEC §6). */
export const MIN_MULTI: Readonly<Record<ClientKind, number>> = { personal: 1, sme: 2 };

/** Options of `buildItems`. */
export interface BuildOptions {
  /** The dataset seed; with the log id it fixes every random choice. */
  seed: string | number;
  /** Client kind when the log does not carry one (else the log's own, else the log-id prefix p/s). */
  clientKind?: ClientKind;
  /** Templates to draw from (default: all). */
  templates?: readonly Template[];
  /**
   * `false` builds without the answer priors (no answer-aware acceptance, decoys not drawn from other logs' answers,
   * multi options not rate-balanced): what `npm run answer-priors` measures the priors on.
   */
  priors?: false;
  /**
   * Answer priors consulted before the shipped ones (keyed like `ANSWER_PRIORS`): a dataset's own
   * (`answer-priors.json`, fitted for its custom and fitted profiles), or the table `fitAnswerPriors` is tuning.
   */
  priorTable?: PriorTable;
  /**
   * Template ids this log may not draw from (the dataset balancing pass, `balance.ts`). They are dropped after the
   * seeded shuffle, so the other templates keep their order and their streams, and the log's other items mostly stay.
   */
  exclude?: ReadonlySet<string>;
}

/** Result of `buildItems`: items, or none and the reasons when the log cannot support a full balanced set. */
export interface BuildResult {
  items: Item[];
  problems: string[];
  /** Template id and balancing tier of each item (0 kept by the balancing, 1 declined answer, 2 built without priors). */
  tiers?: Array<{ template: string; tier: 0 | 1 | 2 }>;
}

/** The client kind of a log: explicit option, the log's own, or its id prefix (`p…` personal, `s…` SME). */
export function resolveClientKind(log: Log, clientKind?: ClientKind): ClientKind | null {
  if (clientKind) return clientKind;
  if (log.clientKind) return log.clientKind;
  const c = log.logId.charAt(0).toLowerCase();
  return c === 'p' ? 'personal' : c === 's' ? 'sme' : null;
}

/** Replaces `{acct}`/`{Acct}` with the third- or first-person name of the account. */
export function personaliseStem(stem: string, kind: ClientKind, style: 'third' | 'first'): string {
  const forms = STEM_FORMS[kind][style];
  const hit = forms.get(stem);
  if (hit !== undefined) return hit;
  const out = personalise(stem, kind, style);
  if (forms.size >= 10_000) forms.clear();
  forms.set(stem, out);
  return out;
}

/** Personalised stems, cached per client kind and style (stems are template text, so few distinct). */
const STEM_FORMS: Record<ClientKind, Record<'third' | 'first', Map<string, string>>> = {
  personal: { third: new Map(), first: new Map() },
  sme: { third: new Map(), first: new Map() },
};

function personalise(stem: string, kind: ClientKind, style: 'third' | 'first'): string {
  const noun = kind === 'sme' ? 'business account' : 'account';
  const acct = style === 'first' ? `my ${noun}` : `this ${noun}`;
  return stem.replaceAll('{acct}', acct).replaceAll('{Acct}', acct.charAt(0).toUpperCase() + acct.slice(1));
}

/**
 * A template whose answer the acceptance declined before its options were built (`TemplateContext.admit`): a tier-1
 * candidate whose draft is built only when the declined slots need it (`realize`).
 */
interface Declined {
  template: Template;
  /** The acceptance probability of its answer. */
  accept: number;
}

interface Candidate {
  template: Template;
  draft: Draft;
  /** Set when the candidate is chosen (`stemsOf`). */
  stems?: { third: string; first: string };
  difficulty: Difficulty;
  perspective: string;
  /** Template id and correct option texts: no two chosen items may share it. */
  answer: string;
  /** 0 kept by the balancing, 1 declined by answer-aware acceptance, 2 built without the priors. */
  tier: 0 | 1 | 2;
  /** The acceptance probability of its answer (1 when not balanced). */
  accept: number;
}


function checkDraft(t: Template, d: Draft): void {
  const where = `template ${t.id}`;
  if (d.program.length < DIFFICULTY_MIN_STEPS[t.tags.difficulty]) {
    throw new CclupeError(`${where} has ${d.program.length} steps, below the minimum for difficulty ${t.tags.difficulty}`);
  }
  const rule = FORMAT_RULES[t.tags.format];
  let nCorrect = 0;
  for (const c of d.choices) if (c.correct) nCorrect++;
  if (d.choices.length < rule.minOptions || d.choices.length > rule.maxOptions) {
    throw new CclupeError(`${where} gave ${d.choices.length} options for format ${t.tags.format}`);
  }
  if (nCorrect < rule.minCorrect || nCorrect > rule.maxCorrect) {
    throw new CclupeError(`${where} gave ${nCorrect} correct options for format ${t.tags.format}`);
  }
  for (let i = 0; i < d.choices.length; i++) {
    for (let j = i + 1; j < d.choices.length; j++) {
      if (d.choices[i].text === d.choices[j].text) throw new CclupeError(`${where} gave duplicate option texts`);
    }
  }
}

/**
 * Builds the fifteen items of one log (SPEC §6): every template that fits the log computes its answer, then a
 * seeded draw picks five per difficulty with the required multi-selects, spreading perspectives. Every stem is
 * checked for leakage, and a leak throws. A log that cannot support a full set yields no items and a problem.
 * Deterministic in (seed, log id); cost ≈ one pass over the rows per template.
 */
export function buildItems(log: Log, options: BuildOptions): BuildResult {
  const kind = resolveClientKind(log, options.clientKind);
  if (!kind) return { items: [], problems: [`${log.logId}: client kind unknown (no clientKind and no p/s id prefix)`] };
  if (log.rows.length === 0) return { items: [], problems: [`${log.logId}: log has no rows`] };
  const seed = String(options.seed);
  const facts = new LogFacts(log);
  const detectLog = log.clientKind === kind ? log : { ...log, clientKind: kind };
  let detections: Record<SignalId, Detection> | null = null;
  const logKey = streamKey('questions', seed, log.logId);
  const rng = createRng(logKey);
  // = templateRng(streamKey('questions', seed, log.logId, …)), the log's prefix hashed once
  const streamOf = templateRngs(`${logKey}\u241f`);
  const shuffled = shuffle(
    rng,
    (options.templates ?? TEMPLATES).filter((t) => t.tags.logics[kind]),
  );
  const exclude = options.exclude;
  const allowed = exclude?.size ? shuffled.filter((t) => !exclude.has(t.id)) : shuffled;
  const order = [...allowed.filter((t) => t.rare), ...allowed.filter((t) => !t.rare)];
  // Templates are built lazily, in the seeded order, only while their difficulty still needs items: a log
  // pays for about twenty programs, not for all of them. Each template has up to three tiers of candidate:
  //   0. built with the answer priors (decoys from other logs' answers, rate-balanced multi options, no forced calc
  //      rank) and kept by answer-aware acceptance;
  //   1. the same item when acceptance declined it;
  //   2. built without the priors (lenient bounds).
  // Tier 0 fills every slot it can. A slot it cannot fill takes a tier-1 item, the one whose answer is least
  // over-represented first (highest acceptance), and only then a tier-2 item. `npm run answer-priors` runs this very
  // selection on calibration logs and lowers the acceptance of answers that come back through tiers 1 and 2, so that
  // the dataset's answers stay balanced while every log keeps its full set.
  const balanced = options.priors !== false;
  const priors = balanced ? answerPriors(kind, log.profile, options.priorTable) : undefined;
  const built = new Map<Template, Candidate | Declined | null>();
  const builtLenient = new Map<Template, Candidate | null>();
  // a candidate's stems are personalised and checked for leakage when it is chosen (`take`; most candidates are not)
  const make = (t: Template, draft: Draft, tier: 0 | 1 | 2, accept: number): Candidate => {
    checkDraft(t, draft);
    const ref = t.tags.logics[kind]!;
    return { template: t, draft, difficulty: t.tags.difficulty, perspective: ref.perspective, answer: answerKey(t, draft), tier, accept };
  };
  // each detector runs on the first read of its signal (a template may read only one)
  const detectionsOnce = (): Record<SignalId, Detection> => (detections ??= detectLazily(detectLog));
  const build = (t: Template, lenient: boolean, prior: TemplatePrior | undefined, admit?: Admit): Draft | null => {
    const bounds = resolveFace(t.face, facts.months.length);
    return t.build({
      facts,
      kind,
      rng: streamOf(t.id),
      detections: detectionsOnce,
      bounds: lenient ? { ...bounds, lenient: true } : bounds,
      prior: lenient || !balanced ? undefined : prior,
      admit,
    });
  };
  const acceptP = (t: Template, prior: TemplatePrior | undefined, a: Admission | undefined): number =>
    balanced ? Math.max(acceptanceOf(t, prior, a), t.rare ? RARE_MIN_ACCEPT : 0) : 1;
  /** Whether answer-aware acceptance keeps an answer of acceptance `p` (the template's own accept stream). */
  const keeps = (t: Template, p: number): boolean => p >= 1 || streamOf(`${t.id}\u241faccept`).next() < p;
  /**
   * The tier-0 or tier-1 candidate of a template (built once). The acceptance is decided as soon as the template
   * knows its answer (`admit`): a declined answer stops the build before its options and program, and waits as a
   * `Declined` entry. The accept stream is the template's own, so deciding before or after the options draws the
   * same number, and a declined build that would have failed later is found failed when it is realized: the items
   * are those of deciding on the finished draft.
   */
  const strict = (t: Template): Candidate | Declined | null => {
    const had = built.get(t);
    if (had !== undefined) return had;
    const prior = priors?.get(t.id);
    let decided: { p: number; keep: boolean } | undefined;
    const admit: Admit | undefined = balanced
      ? (a) => {
          if (decided) throw new CclupeError(`template ${t.id} asked for acceptance twice on log ${log.logId}`);
          const p = acceptP(t, prior, a);
          decided = { p, keep: keeps(t, p) };
          return decided.keep;
        }
      : undefined;
    const draft = build(t, false, prior, admit);
    let c: Candidate | Declined | null = null;
    if (decided && !decided.keep) c = { template: t, accept: decided.p };
    else if (draft) {
      const p = acceptP(t, prior, admissionOf(t, draft));
      if (decided && decided.p !== p) throw new CclupeError(`template ${t.id} was accepted on another answer than its draft's on log ${log.logId}`);
      c = make(t, draft, decided || keeps(t, p) ? 0 : 1, p);
    }
    built.set(t, c);
    return c;
  };
  /** The tier-1 candidate of a declined template: its draft built in full (no `admit`), null when it does not fit. */
  const realize = (t: Template): Candidate | null => {
    const c = strict(t);
    if (!c || isCandidate(c)) return c;
    const prior = priors?.get(t.id);
    const draft = build(t, false, prior);
    const p = draft ? acceptP(t, prior, admissionOf(t, draft)) : c.accept;
    if (p !== c.accept) throw new CclupeError(`template ${t.id} was declined on another answer than its draft's on log ${log.logId}`);
    const out = draft ? make(t, draft, 1, p) : null;
    built.set(t, out);
    return out;
  };
  const lenient = (t: Template): Candidate | null => {
    if (!balanced) return null;
    const had = builtLenient.get(t);
    if (had !== undefined) return had;
    const draft = build(t, true, undefined);
    const c = draft ? make(t, draft, 2, 0) : null;
    builtLenient.set(t, c);
    return c;
  };
  /** Whether a rare template's lenient build may stand in on this log (its own stream's first draw, drawn once). */
  const standsIn = new Map<Template, boolean>();
  const lenientStandsIn = (t: Template): boolean => {
    let yes = standsIn.get(t);
    if (yes === undefined) standsIn.set(t, (yes = streamOf(`${t.id}\u241frare`).next() < RARE_LENIENT_SHARE));
    return yes;
  };
  const chosen: Candidate[] = [];
  const taken = new Set<Template>();
  const perDiff: Record<Difficulty, number> = { L: 0, M: 0, H: 0 };
  const perPersp = new Map<string, number>();
  const answers = new Set<string>();
  const open = (t: Template): boolean => !taken.has(t) && perDiff[t.tags.difficulty] < PER_DIFFICULTY[t.tags.difficulty];
  const take = (c: Candidate | null): boolean => {
    if (!c || answers.has(c.answer) || !open(c.template)) return false;
    c.stems = stemsOf(c.template, c.draft, log, kind);
    chosen.push(c);
    taken.add(c.template);
    perDiff[c.difficulty]++;
    perPersp.set(c.perspective, (perPersp.get(c.perspective) ?? 0) + 1);
    answers.add(c.answer);
    return true;
  };
  const tier0 = (t: Template): Candidate | null => {
    const c = strict(t);
    if (c && isCandidate(c) && c.tier === 0) return c;
    return t.rare && balanced && lenientStandsIn(t) ? lenient(t) : null;
  };
  /**
   * The tier-1 entries of the open templates among `ts`, least over-represented answer first (stable in `ts` order).
   * Their acceptance is known before their drafts, so each is realized only when its turn comes (`takeDeclined`).
   */
  const declined = (ts: readonly Template[]): Array<Candidate | Declined> => {
    const waiting: Array<Candidate | Declined> = [];
    for (const t of ts) {
      const c = open(t) ? strict(t) : null;
      if (c && (!isCandidate(c) || c.tier === 1)) waiting.push(c);
    }
    return waiting.sort((a, b) => b.accept - a.accept);
  };
  /** Takes a waiting tier-1 entry if its template is still open: realized then, so a filled slot spares its build. */
  const takeDeclined = (w: Candidate | Declined): boolean => {
    const c = open(w.template) ? realize(w.template) : null;
    return c !== null && c.tier === 1 && take(c);
  };
  let multis = 0;
  // rare templates first (they are already at the front), then cheap ones, then those that run the detectors
  const multiOrder = [...order.filter((t) => t.rare || !t.usesDetectors), ...order.filter((t) => !t.rare && t.usesDetectors)];
  const multiTemplates = multiOrder.filter((t) => t.tags.format === 'multi');
  for (const t of multiTemplates) {
    if (multis >= MIN_MULTI[kind]) break;
    if (open(t) && take(tier0(t))) multis++;
  }
  if (multis < MIN_MULTI[kind]) {
    for (const w of declined(multiTemplates)) if (takeDeclined(w) && ++multis >= MIN_MULTI[kind]) break;
  }
  for (const t of multis < MIN_MULTI[kind] ? multiTemplates : []) if (multis < MIN_MULTI[kind] && open(t) && take(lenient(t))) multis++;
  for (const cap of [1, 2, Infinity]) {
    for (const t of order) {
      if (open(t) && (perPersp.get(t.tags.logics[kind]!.perspective) ?? 0) < cap) take(tier0(t));
    }
  }
  // slots tier 0 could not fill: declined items (least over-represented first), then lenient builds
  for (const w of declined(order)) takeDeclined(w);
  for (const t of order) if (open(t)) take(lenient(t));

  const problems: string[] = [];
  for (const d of ['L', 'M', 'H'] as const) {
    if (perDiff[d] < PER_DIFFICULTY[d]) problems.push(`${log.logId}: only ${perDiff[d]} ${d} items fit this log (need ${PER_DIFFICULTY[d]})`);
  }
  if (multis < MIN_MULTI[kind]) problems.push(`${log.logId}: only ${multis} multi-select items fit this log (need ${MIN_MULTI[kind]})`);
  if (problems.length) return { items: [], problems };

  const rank: Record<Difficulty, number> = { L: 0, M: 1, H: 2 };
  chosen.sort((a, b) => rank[a.difficulty] - rank[b.difficulty]);
  const dealer = new PositionDealer(rng);
  const items = chosen.map((c, i) => toItem(c, i, log, kind, rng, dealer));
  return { items, problems: [], tiers: chosen.map((c) => ({ template: c.template.id, tier: c.tier })) };
}

/**
 * Answer-aware acceptance of single-choice and calc items (issue #13): the probability of keeping an item whose answer
 * text is common for this template across logs of its profile (`TemplatePrior.accept`), so that over a dataset no
 * answer text dominates a template; for calc, the `keep` its options carry (how often its gold can be surrounded by
 * other logs' answers, see `calcChoices`), and a declined calc item waits as a tier-1 candidate like a single one.
 * Multi-select items and answers without an entry are always kept.
 */
function acceptanceOf(t: Template, prior: TemplatePrior | undefined, a: Admission | undefined): number {
  // calc: the probability that keeps the options exchangeable (`calcChoices`), on the correct option
  if (t.tags.format === 'calc') return (a && 'keep' in a ? a.keep : undefined) ?? 1;
  if (t.tags.format === 'multi' || !prior?.accept) return 1;
  const answer = a && 'text' in a ? a.text : undefined;
  return (answer === undefined ? undefined : prior.accept[answer]) ?? 1;
}

/** What the acceptance reads of a finished draft: the correct option's `keep` (calc) or text. */
function admissionOf(t: Template, d: Draft): Admission | undefined {
  const correct = d.choices.find((c) => c.correct);
  if (!correct) return undefined;
  if (t.tags.format !== 'calc') return { text: correct.text };
  return correct.keep === undefined ? undefined : { keep: correct.keep };
}

function isCandidate(c: Candidate | Declined): c is Candidate {
  return 'draft' in c;
}

/** The third- and first-person stems of a chosen draft; a stem that names anything of its log throws (zero leakage). */
function stemsOf(t: Template, draft: Draft, log: Log, kind: ClientKind): { third: string; first: string } {
  const stems = { third: personaliseStem(draft.stem, kind, 'third'), first: personaliseStem(draft.stem, kind, 'first') };
  for (const stem of [stems.third, stems.first]) {
    const leaks = checkLeakage(stem, log);
    if (leaks.length) throw new CclupeError(`template ${t.id} leaked into its stem on log ${log.logId}: ${leaks.join('; ')}`);
  }
  return stems;
}

function answerKey(t: Template, d: Draft): string {
  const correct = d.choices.filter((x) => x.correct);
  // one correct option (single, calc): its text, as the sorted join of one text would be
  const texts = correct.length === 1 ? correct[0].text : correct.map((x) => x.text).sort().join('\u241e');
  return `${t.id}\u241f${texts}`;
}

/** Templates whose logic reference was found in the taxonomy, per client kind (checked once per template). */
const KNOWN_LOGIC: Record<ClientKind, WeakSet<Template>> = { personal: new WeakSet(), sme: new WeakSet() };

function knownLogic(t: Template, kind: ClientKind): boolean {
  if (KNOWN_LOGIC[kind].has(t)) return true;
  const ref = t.tags.logics[kind];
  if (!ref || !findLogic(kind, ref.perspective, ref.logic)) return false;
  KNOWN_LOGIC[kind].add(t);
  return true;
}

/** Keys of the correct options, in option order. */
function correctKeys(arranged: readonly Choice[]): Item['answer'] {
  const out: Item['answer'] = [];
  for (let k = 0; k < arranged.length; k++) if (arranged[k].correct) out.push(OPTION_KEYS[k]);
  return out;
}

function toItem(c: Candidate, i: number, log: Log, kind: ClientKind, rng: ReturnType<typeof createRng>, dealer: PositionDealer): Item {
  const t = c.template;
  const ref = t.tags.logics[kind]!;
  if (!knownLogic(t, kind)) throw new CclupeError(`template ${t.id} names unknown logic ${ref.perspective}/${ref.logic}`);
  const target = t.tags.format === 'multi' ? null : dealer.next();
  const arranged = arrangeChoices(rng, c.draft.choices, target);
  const options = arranged.map((ch, k) =>
    ch.misconception ? { key: OPTION_KEYS[k], text: ch.text, misconception: ch.misconception } : { key: OPTION_KEYS[k], text: ch.text },
  );
  const item: Item = {
    id: `${log.logId}-q${String(i + 1).padStart(2, '0')}`,
    log_id: log.logId,
    client_kind: kind,
    format: t.tags.format,
    stem: c.stems!.third,
    stem_first_person: c.stems!.first,
    options,
    answer: correctKeys(arranged),
    ...(t.tags.format === 'calc' && c.draft.numericAnswer !== undefined ? { numeric_answer: c.draft.numericAnswer } : {}),
    domain: t.tags.domain,
    sub_domain: ref.sub_domain ?? t.tags.sub_domain,
    perspective: ref.perspective,
    logic: ref.logic,
    cognition: t.tags.cognition,
    difficulty: t.tags.difficulty,
    steps: c.draft.program.length,
    evidence: c.draft.evidence,
    template: { id: t.id, version: t.version },
    program: c.draft.program,
  };
  return item;
}
