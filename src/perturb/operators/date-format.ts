import { cloneFormat } from '../format-spec.js';
import { SEVERITY_PARAMS } from '../severity-params.js';
import type { FormatOperator } from '../types.js';

/** Date-format drift (preserving): rewrites every timestamp in another layout that keeps all six fields. */
export const dateFormat: FormatOperator<{ format: string }> = {
  id: 'date-format',
  kind: 'preserving',
  stage: 'format',
  keepsQuestions: true,
  summary: 'writes timestamps as DD/MM/YYYY, YYYYMMDD and other layouts',
  severityParams: SEVERITY_PARAMS['date-format'],
  expectedCodes: [],
  integrity: [],
  usesRate: false,
  apply(format, { format: layout }) {
    const f = cloneFormat(format);
    f.timestampFormat = layout;
    return { state: f, edits: [], params: { format: layout } };
  },
};
