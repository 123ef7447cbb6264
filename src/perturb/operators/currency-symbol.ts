import { cloneFormat } from '../format-spec.js';
import { SEVERITY_PARAMS } from '../severity-params.js';
import type { FormatOperator } from '../types.js';

/** Currency symbols (preserving): puts a currency mark before or after every money value (`¥12.50`, `12.50 CNY`). */
export const currencySymbol: FormatOperator<{ symbol: string; position: 'prefix' | 'suffix'; space: boolean }> = {
  id: 'currency-symbol',
  kind: 'preserving',
  stage: 'format',
  keepsQuestions: true,
  summary: 'adds a currency mark to every money value',
  severityParams: SEVERITY_PARAMS['currency-symbol'],
  expectedCodes: [],
  integrity: [],
  usesRate: false,
  apply(format, { symbol, position, space }) {
    const f = cloneFormat(format);
    f.currency = { symbol, position, space };
    return { state: f, edits: [], params: { symbol, position, space } };
  },
};
