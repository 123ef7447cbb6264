import type { Format, Option } from '../schema/item.js';

/** What extraction made of a reply. `value` is set for free-response numeric items. */
export interface Extraction {
  selected: string[];
  value?: number;
  status: 'answered' | 'invalid' | 'no_answer' | 'truncated';
  /** Each step taken, in order, so that a surprising score can be traced back to the reply. */
  trace: string[];
}

/** Context that sharpens extraction; all optional. */
export interface ExtractOptions {
  /** Item format: `numeric` reads a number; `calc` may map a number on the answer line to the option with that value. */
  format?: Format;
  /** The item's options, for number-to-option mapping on calc items. */
  options?: readonly Option[];
  /** Separate reasoning text (`reasoning_content`), used only to tell a reasoning-only reply apart. */
  reasoning?: string | null;
  /** The server's finish reason; `length` without an answer means truncated. */
  finishReason?: string | null;
  /**
   * Texts the prompt itself contains, such as the answer instruction ("Finish with a line `Answer: <letters>`, e.g.
   * `Answer: A`…"): a verbatim echo of one in the reply is removed first, so a model that repeats the instruction is
   * not credited with its example letters.
   */
  echoes?: readonly string[];
}

const THINK_BLOCK_RE = /<(think|thinking|reasoning)>[\s\S]*?<\/\1>/gi;
const THINK_OPEN_RE = /<(think|thinking|reasoning)>[\s\S]*$/i;
const THINK_CLOSE_RE = /^[\s\S]*<\/(think|thinking|reasoning)>/i;
// After NFKC, full-width colons are ASCII; "答案" is the Chinese for "answer". Group 1 is set for the prose form
// "the answer is B", which counts only when a list of letters follows it.
const ANSWER_LABEL_RE = /(?:answer|答案)(?:\s*(?:is\s*)?:|\s+(is)\b(?!\s*:))/gi;
const BOXED_RE = /\\boxed\{([^{}]*)\}/g;
const SEPARATOR_RE = /^(?:\s*(?:,|、|&|\/|;|\+|\band\b)\s*)+|^\s+/i;
const KEY_PREFIX_RE = /^(?:options?|choices?|選項|选项)\s*/i;

/**
 * Extracts selected option keys from a model reply (SPEC §8, a pure function):
 * strip `<think>` blocks, markdown and LaTeX wrappers, apply NFKC; take the last `Answer:` line (also `答案：`, and
 * "the answer is B"), else the last `\boxed{}`, else a last line of letters alone (`B`, `**B**`);
 * read a list of single letters separated by commas (also full-width and `、`), spaces, "and", "&", "/" or ";"; every letter must be
 * one of `validKeys`, and on single-choice items (single, calc) there must be one. Never falls back to capital letters
 * found elsewhere in the text.
 * A reply with reasoning but no content is `no_answer`; a reply cut off by the token limit before an answer is `truncated`.
 */
export function extractAnswer(text: string | null | undefined, validKeys: readonly string[], opts: ExtractOptions = {}): Extraction {
  const trace: string[] = [];
  const raw = text ?? '';
  if (raw.trim() === '') {
    const hasReasoning = (opts.reasoning ?? '').trim() !== '';
    trace.push(hasReasoning ? 'reply holds reasoning only, no content' : 'empty reply');
    if (opts.finishReason === 'length') {
      trace.push('finish_reason length');
      return { selected: [], status: 'truncated', trace };
    }
    return { selected: [], status: 'no_answer', trace };
  }

  let t = raw.normalize('NFKC');
  trace.push('NFKC');
  const before = t;
  t = t.replace(THINK_BLOCK_RE, ' ');
  if (THINK_CLOSE_RE.test(t)) t = t.replace(THINK_CLOSE_RE, ' ');
  if (THINK_OPEN_RE.test(t)) t = t.replace(THINK_OPEN_RE, ' ');
  if (t !== before) trace.push('stripped think block');

  const structured = readStructured(t, validKeys, opts.format);
  if (structured) {
    for (const x of structured.trace) trace.push(x);
    return { ...structured.result, trace };
  }

  let boxed: string | null = null;
  for (const m of t.matchAll(BOXED_RE)) boxed = m[1];
  t = stripMarkdown(t);
  trace.push('stripped markdown');
  for (const echo of opts.echoes ?? []) {
    const e = stripMarkdown(echo.normalize('NFKC')).trim();
    if (e !== '' && t.includes(e)) {
      t = t.split(e).join(' ');
      trace.push('removed an echo of the prompt instruction');
    }
  }

  let line = lastAnswerLine(t, opts.format === 'numeric');
  if (line === null && boxed !== null && boxed.trim() !== '') {
    line = stripMarkdown(boxed).trim();
    trace.push('no Answer: line; read the last \\boxed{}');
  }
  if (line === null && opts.format !== 'numeric') {
    // A reply that ends in a line of letters alone ("B", "**B**", "(C).", after a think block) states its answer.
    const last = t.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '').at(-1) ?? '';
    const bare = readKeyList(last);
    if (bare !== null && /^[.!]?$/.test(bare.rest)) {
      line = last;
      trace.push('no Answer: line; the reply ends in a line of letters alone');
    }
  }
  if (line === null) {
    trace.push('no Answer: line');
    if (opts.finishReason === 'length') {
      trace.push('finish_reason length');
      return { selected: [], status: 'truncated', trace };
    }
    return { selected: [], status: 'no_answer', trace };
  }
  trace.push(`answer line: ${JSON.stringify(line.slice(0, 120))}`);

  if (opts.format === 'numeric') {
    const value = parseLooseNumber(line);
    if (value === null) {
      trace.push('no number on the answer line');
      return { selected: [], status: 'invalid', trace };
    }
    trace.push(`number ${value}`);
    return { selected: [], value, status: 'answered', trace };
  }

  const list = readKeyList(line)?.keys ?? null;
  if (list === null) {
    if (opts.format === 'calc' && opts.options) {
      const mapped = matchNumberToOption(line, opts.options);
      if (mapped) {
        trace.push(`number ${mapped.value} matches option ${mapped.key}`);
        return { selected: [mapped.key], status: 'answered', trace };
      }
    }
    trace.push('answer line does not start with option letters');
    return { selected: [], status: 'invalid', trace };
  }
  const valid = new Set(validKeys);
  const bad = list.filter((k) => !valid.has(k));
  if (bad.length > 0) {
    trace.push(`not option keys: ${bad.join(',')} (valid: ${validKeys.join(',')})`);
    return { selected: [], status: 'invalid', trace };
  }
  const selected = [...new Set(list)].sort();
  if (isSingleChoice(opts.format) && selected.length > 1) {
    trace.push(`${selected.join(',')}: more than one letter on a single-choice item`);
    return { selected: [], status: 'invalid', trace };
  }
  trace.push(`selected ${selected.join(',')}`);
  return { selected, status: 'answered', trace };
}

/** Formats with exactly one correct option, where a list of letters is not an answer. */
const isSingleChoice = (format: Format | undefined) => format === 'single' || format === 'calc';

function stripMarkdown(t: string): string {
  return t
    .replace(/\\boxed\{([^{}]*)\}/g, '$1')
    .replace(/\\text(?:bf|rm)?\{([^{}]*)\}/g, '$1')
    .replace(/\$+/g, '')
    .replace(/`+/g, '')
    .replace(/\*+/g, '')
    .replace(/(^|\s)_{1,3}|_{1,3}(?=\s|$|[.,:;])/g, '$1')
    .replace(/^[ \t]*(?:#{1,6}|>+|[-+] )[ \t]*/gm, '')
    .replace(/[ \t]+/g, ' ');
}

/**
 * The text after the last answer label; when the label ends its line, the next non-empty line. A prose label
 * ("the answer is") counts only when letters (a number on numeric items) follow it on its line, so "Answer: C. I am
 * sure the answer is right." still reads C.
 */
function lastAnswerLine(t: string, numeric: boolean): string | null {
  const labels = [...t.matchAll(ANSWER_LABEL_RE)];
  for (let i = labels.length - 1; i >= 0; i--) {
    const m = labels[i];
    const rest = t.slice(m.index + m[0].length);
    const lines = rest.split(/\r?\n/);
    if (m[1] !== undefined) {
      const first = lines[0].trim();
      if (numeric ? parseLooseNumber(first) !== null : readKeyList(first) !== null) return first;
      continue;
    }
    const first = lines[0].trim();
    if (first !== '') return first;
    for (const l of lines.slice(1)) if (l.trim() !== '') return l.trim();
    return '';
  }
  return null;
}

/**
 * Reads a leading list of single letters: `A`, `(B)`, `[A, C]`, `"A" and "D"`, `Options A & C.`.
 * The list must end the line or be followed by punctuation or a non-letter, so "A lot of…" or "I think…" are not answers.
 */
function readKeyList(line: string): { keys: string[]; rest: string } | null {
  let s = line.replace(KEY_PREFIX_RE, '').replace(/^[\[{(]\s*(?=["'(]?[A-Za-z]\b)/, '');
  const keys: string[] = [];
  for (;;) {
    const m = /^["'(]?([A-Za-z])["')]?(?![A-Za-z'’])/.exec(s);
    if (!m) return null;
    keys.push(m[1].toUpperCase());
    s = s.slice(m[0].length);
    const sep = SEPARATOR_RE.exec(s);
    if (sep && /^["'(]?[A-Za-z]["')]?(?![A-Za-z'’])/.test(s.slice(sep[0].length))) {
      s = s.slice(sep[0].length);
      continue;
    }
    break;
  }
  const rest = s.trim();
  if (rest === '' || !/^\p{L}/u.test(rest)) return { keys, rest };
  return null;
}

/** Parses the first number on a line: `1,234.56`, `1 234,56`, `-12.5%`, `CZK 1,234`. Percent signs are dropped. */
export function parseLooseNumber(line: string): number | null {
  const m = /[-−]?\d[\d,.\s'’]*/.exec(line.replace(/[−–]/g, '-'));
  if (!m) return null;
  let s = m[0].trim().replace(/[\s'’]/g, '');
  const neg = s.startsWith('-');
  if (neg) s = s.slice(1);
  s = s.replace(/[.,]+$/, '');
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    s = lastDot > lastComma ? s.replace(/,/g, '') : s.replace(/\./g, '').replace(',', '.');
  } else if (lastComma >= 0) {
    const parts = s.split(',');
    const thousands = parts.length > 1 && parts.slice(1).every((p) => p.length === 3);
    s = thousands ? parts.join('') : parts.length === 2 ? parts.join('.') : parts.join('');
  } else if ((s.match(/\./g) ?? []).length > 1) {
    s = s.replace(/\./g, '');
  }
  const v = Number(s);
  if (!Number.isFinite(v)) return null;
  return neg ? -v : v;
}

function matchNumberToOption(line: string, options: readonly Option[]): { key: string; value: number } | null {
  const value = parseLooseNumber(line);
  if (value === null) return null;
  const hits = options.filter((o) => {
    const ov = parseLooseNumber(o.text);
    return ov !== null && Math.abs(ov - value) <= 1e-9 * Math.max(1, Math.abs(ov));
  });
  return hits.length === 1 ? { key: hits[0].key, value } : null;
}

/** Reads a JSON-schema structured reply `{"answer": ["A", "C"]}` (also inside a code fence). */
function readStructured(t: string, validKeys: readonly string[], format?: Format): { result: Omit<Extraction, 'trace'>; trace: string[] } | null {
  const body = t.trim().replace(/^```(?:json)?\s*/i, '').replace(/\s*```$/, '');
  if (!body.startsWith('{') || !body.endsWith('}')) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (parsed === null || typeof parsed !== 'object' || !('answer' in parsed)) return null;
  const a = (parsed as { answer: unknown }).answer;
  const trace = ['structured JSON reply'];
  if (format === 'numeric') {
    const value = typeof a === 'number' ? a : typeof a === 'string' ? parseLooseNumber(a) : null;
    if (value === null || !Number.isFinite(value)) {
      trace.push('answer is not a number');
      return { result: { selected: [], status: 'invalid' }, trace };
    }
    trace.push(`number ${value}`);
    return { result: { selected: [], value, status: 'answered' }, trace };
  }
  const list = Array.isArray(a) ? a : [a];
  if (!list.every((k) => typeof k === 'string')) {
    trace.push('answer is not a list of letters');
    return { result: { selected: [], status: 'invalid' }, trace };
  }
  const keys = (list as string[]).map((k) => k.trim().toUpperCase());
  const valid = new Set(validKeys);
  const bad = keys.filter((k) => !valid.has(k));
  if (bad.length > 0) {
    trace.push(`not option keys: ${bad.join(',')} (valid: ${validKeys.join(',')})`);
    return { result: { selected: [], status: 'invalid' }, trace };
  }
  if (keys.length === 0) {
    trace.push('empty answer list');
    return { result: { selected: [], status: 'no_answer' }, trace };
  }
  const selected = [...new Set(keys)].sort();
  if (isSingleChoice(format) && selected.length > 1) {
    trace.push(`${selected.join(',')}: more than one letter on a single-choice item`);
    return { result: { selected: [], status: 'invalid' }, trace };
  }
  trace.push(`selected ${selected.join(',')}`);
  return { result: { selected, status: 'answered' }, trace };
}
