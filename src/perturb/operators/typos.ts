import { int } from '../../random/draw.js';
import { SEVERITY_PARAMS } from '../severity-params.js';
import { applyTextNoise, letterPositions, pickPosition, type TextMutation, type TextNoiseParams } from '../text-noise.js';
import type { LogOperator } from '../types.js';

/** QWERTY neighbours for substitution typos. */
const NEIGHBOURS: Record<string, string> = {
  a: 'qs', b: 'vn', c: 'xv', d: 'sf', e: 'wr', f: 'dg', g: 'fh', h: 'gj', i: 'uo', j: 'hk', k: 'jl', l: 'k',
  m: 'n', n: 'bm', o: 'ip', p: 'o', q: 'w', r: 'et', s: 'ad', t: 'ry', u: 'yi', v: 'cb', w: 'qe', x: 'zc', y: 'tu', z: 'x',
};

/** One typo at a letter: swap with the next letter, drop it, double it, or hit a neighbouring key. */
const typo: TextMutation = (rng, text, limit) => {
  const i = pickPosition(rng, letterPositions(text, limit));
  if (i === null) return null;
  const ch = text[i];
  switch (int(rng, 0, 3)) {
    case 0: {
      const next = text[i + 1];
      if (i + 1 >= limit || !next || !/[A-Za-z]/.test(next) || next === ch) return null;
      return text.slice(0, i) + next + ch + text.slice(i + 2);
    }
    case 1:
      if (text.length < 4) return null;
      return text.slice(0, i) + text.slice(i + 1);
    case 2:
      return text.slice(0, i) + ch + ch + text.slice(i + 1);
    default: {
      const lower = ch.toLowerCase();
      const options = NEIGHBOURS[lower];
      const sub = options[int(rng, 0, options.length - 1)];
      return text.slice(0, i) + (ch === lower ? sub : sub.toUpperCase()) + text.slice(i + 1);
    }
  }
};

/**
 * Typos (preserving for the answers): keyboard typos in remarks and counterparty names. Counterparties change
 * consistently (one spelling per name) so that grouping, and every computed answer, is unchanged.
 */
export const typos: LogOperator<TextNoiseParams> = {
  id: 'typos',
  kind: 'preserving',
  stage: 'log',
  keepsQuestions: true,
  summary: 'keyboard typos in remarks and counterparty names (one consistent spelling per name)',
  severityParams: SEVERITY_PARAMS.typos,
  expectedCodes: [],
  integrity: [],
  usesRate: true,
  apply(state, params, ctx) {
    return applyTextNoise('typos', state, params, ctx, typo);
  },
};
