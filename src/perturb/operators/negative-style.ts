import { cloneFormat, type NegativeStyle } from '../format-spec.js';
import { SEVERITY_PARAMS } from '../severity-params.js';
import type { FormatOperator } from '../types.js';

/** Negatives in parentheses or with a trailing minus (preserving): `-12.50` → `(12.50)` or `12.50-`. */
export const negativeStyle: FormatOperator<{ style: Exclude<NegativeStyle, 'minus'> }> = {
  id: 'negative-style',
  kind: 'preserving',
  stage: 'format',
  keepsQuestions: true,
  summary: 'writes negative money in parentheses or with a trailing minus',
  severityParams: SEVERITY_PARAMS['negative-style'],
  expectedCodes: [],
  integrity: [],
  usesRate: false,
  apply(format, { style }) {
    const f = cloneFormat(format);
    f.negative = style;
    return { state: f, edits: [], params: { style } };
  },
};
