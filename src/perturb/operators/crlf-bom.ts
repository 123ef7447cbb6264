import { cloneFormat } from '../format-spec.js';
import { SEVERITY_PARAMS } from '../severity-params.js';
import type { FormatOperator } from '../types.js';

/** CRLF and BOM (preserving): Windows line endings and/or a UTF-8 byte-order mark. */
export const crlfBom: FormatOperator<{ crlf: boolean; bom: boolean }> = {
  id: 'crlf-bom',
  kind: 'preserving',
  stage: 'format',
  keepsQuestions: true,
  summary: 'writes CRLF line endings and/or a UTF-8 BOM',
  severityParams: SEVERITY_PARAMS['crlf-bom'],
  expectedCodes: [],
  integrity: [],
  usesRate: false,
  apply(format, { crlf, bom }) {
    const f = cloneFormat(format);
    if (crlf) f.lineEnding = '\r\n';
    if (bom) f.bom = true;
    return { state: f, edits: [], params: { crlf, bom } };
  },
};
