import { UsageError } from '../../errors.js';
import { SCORE_TABLE_FORMATS, type ScoreTableFormat } from '../../score/render-table.js';
import { MAX_REPLICATES, parseIntegerOption } from '../integer-option.js';

/** Output formats of the score verbs: the table formats plus JSON. */
export type ScoreOutputFormat = ScoreTableFormat | 'json';

/** Parses a number option; throws `UsageError` naming the option. */
export function parseNumberOption(text: string | undefined, field: string): number | undefined {
  if (text === undefined) return undefined;
  const x = Number(text);
  if (text.trim() === '' || !Number.isFinite(x)) throw new UsageError(`${field} must be a number, got ${text}`, field);
  return x;
}

/** Parses a bootstrap replicate count (`--replicates`): a whole number from 0 (no CIs) to `MAX_REPLICATES`. */
export function parseCountOption(text: string | undefined, field: string): number | undefined {
  return text === undefined ? undefined : parseIntegerOption(text, field, { min: 0, max: MAX_REPLICATES });
}

/** Resolves `--format` and `--json` (which wins) into one output format, checking it is allowed here. */
export function resolveFormat(format: string | undefined, json: boolean | undefined, allowed: readonly ScoreOutputFormat[]): ScoreOutputFormat {
  const f = json ? 'json' : (format ?? 'text');
  if (!(allowed as readonly string[]).includes(f)) throw new UsageError(`--format must be one of ${allowed.join(', ')}, got ${f}`, '--format');
  return f as ScoreOutputFormat;
}

/** Every output format of the score verbs. */
export const ALL_SCORE_FORMATS: readonly ScoreOutputFormat[] = [...SCORE_TABLE_FORMATS, 'json'];
