import { cloneFormat } from '../format-spec.js';
import { SEVERITY_PARAMS } from '../severity-params.js';
import type { FormatOperator } from '../types.js';

/** Decimal comma (preserving): `1234.50` → `1234,50`, with `.` or space thousands groups at higher severity. */
export const decimalComma: FormatOperator<{ thousands: '' | '.' | ' ' }> = {
  id: 'decimal-comma',
  kind: 'preserving',
  stage: 'format',
  keepsQuestions: true,
  summary: 'writes money with a decimal comma (European style)',
  severityParams: SEVERITY_PARAMS['decimal-comma'],
  expectedCodes: [],
  integrity: [],
  usesRate: false,
  apply(format, { thousands }) {
    const f = cloneFormat(format);
    f.decimalSeparator = ',';
    f.thousandsSeparator = thousands;
    return { state: f, edits: [], params: { decimal: ',', thousands } };
  },
};
