import { pick, shuffle } from '../../random/draw.js';
import { HEADER_SYNONYMS } from '../data/header-synonyms.js';
import { LOG_ID_COLUMN } from '../../schema/transaction-types.js';
import { cloneFormat } from '../format-spec.js';
import { SEVERITY_PARAMS } from '../severity-params.js';
import type { FormatOperator } from '../types.js';

/** Header synonyms (preserving): renames `columns` header cells to names real exports use (`amount` → `Txn Amount`). */
export const headerSynonyms: FormatOperator<{ columns: number }> = {
  id: 'header-synonyms',
  kind: 'preserving',
  stage: 'format',
  keepsQuestions: true,
  summary: 'renames header cells to synonyms used by bank exports',
  severityParams: SEVERITY_PARAMS['header-synonyms'],
  expectedCodes: [],
  integrity: [],
  usesRate: false,
  apply(format, { columns }, { rng }) {
    const f = cloneFormat(format);
    // the log_id column keeps its name: it names the file's log (see rowFieldIndexes)
    const chosen = shuffle(rng, f.columnOrder.filter((c) => c !== LOG_ID_COLUMN)).slice(0, columns);
    const renamed: Record<string, string> = {};
    for (const c of [...chosen].sort()) {
      f.headerNames[c] = pick(rng, HEADER_SYNONYMS[c]);
      renamed[c] = f.headerNames[c];
    }
    return { state: f, edits: [], params: { columns, renamed } };
  },
};
