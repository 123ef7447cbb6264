import { MOJIBAKE_TABLE } from '../data/mojibake-table.js';
import { SEVERITY_PARAMS } from '../severity-params.js';
import { applyTextNoise, letterPositions, pickPosition, type TextMutation, type TextNoiseParams } from '../text-noise.js';
import type { LogOperator } from '../types.js';

/** One mojibake substitution at a letter that has one (`e` → `Ã©`). */
const garble: TextMutation = (rng, text, limit) => {
  const i = pickPosition(rng, letterPositions(text, limit, (ch) => ch in MOJIBAKE_TABLE));
  if (i === null) return null;
  return text.slice(0, i) + MOJIBAKE_TABLE[text[i]] + text.slice(i + 1);
};

/**
 * Mojibake (preserving for the answers): accented letters misread as Windows-1252 in remarks and counterparty names,
 * one consistent spelling per counterparty.
 */
export const mojibake: LogOperator<TextNoiseParams> = {
  id: 'mojibake',
  kind: 'preserving',
  stage: 'log',
  keepsQuestions: true,
  summary: 'mojibake (UTF-8 read as Windows-1252) in remarks and counterparty names',
  severityParams: SEVERITY_PARAMS.mojibake,
  expectedCodes: [],
  integrity: [],
  usesRate: true,
  apply(state, params, ctx) {
    return applyTextNoise('mojibake', state, params, ctx, garble);
  },
};
