import { UsageError } from '../../errors.js';
import { SCORE_TABLE_FORMATS, type ScoreTableFormat } from '../../score/render-table.js';

/** Output formats of the score verbs: the table formats plus JSON. */
export type ScoreOutputFormat = ScoreTableFormat | 'json';

/** Parses a number option; throws `UsageError` naming the option. */
export function parseNumberOption(text: string | undefined, field: string): number | undefined {
  if (text === undefined) return undefined;
  const x = Number(text);
  if (text.trim() === '' || !Number.isFinite(x)) throw new UsageError(`${field} must be a number, got ${text}`, field);
  return x;
}

/** Parses a non-negative integer option (e.g. `--replicates`). */
export function parseCountOption(text: string | undefined, field: string): number | undefined {
  const x = parseNumberOption(text, field);
  if (x !== undefined && (!Number.isInteger(x) || x < 0)) throw new UsageError(`${field} must be a non-negative integer, got ${text}`, field);
  return x;
}

/** Resolves `--format` and `--json` (which wins) into one output format, checking it is allowed here. */
export function resolveFormat(format: string | undefined, json: boolean | undefined, allowed: readonly ScoreOutputFormat[]): ScoreOutputFormat {
  const f = json ? 'json' : (format ?? 'text');
  if (!(allowed as readonly string[]).includes(f)) throw new UsageError(`--format must be one of ${allowed.join(', ')}, got ${f}`, '--format');
  return f as ScoreOutputFormat;
}

/** Every output format of the score verbs. */
export const ALL_SCORE_FORMATS: readonly ScoreOutputFormat[] = [...SCORE_TABLE_FORMATS, 'json'];
