import { cloneFormat } from '../format-spec.js';
import { SEVERITY_PARAMS } from '../severity-params.js';
import type { FormatOperator } from '../types.js';

/** Thousands separators (preserving): groups the integer part of amount and balance (`12345.60` → `12,345.60`). */
export const thousandsSeparator: FormatOperator<{ separator: ',' | "'" | ' ' }> = {
  id: 'thousands-separator',
  kind: 'preserving',
  stage: 'format',
  keepsQuestions: true,
  summary: 'groups money digits in thousands with , or \' or a space',
  severityParams: SEVERITY_PARAMS['thousands-separator'],
  expectedCodes: [],
  integrity: [],
  usesRate: false,
  apply(format, { separator }) {
    const f = cloneFormat(format);
    f.thousandsSeparator = separator;
    return { state: f, edits: [], params: { separator } };
  },
};
