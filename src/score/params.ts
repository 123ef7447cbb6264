import { UsageError } from '../errors.js';
import { ScoreParams } from '../schema/results.js';

/**
 * Default scoring parameters (SPEC §7): λ = 2 (the paper requires only λ > 1), η = 0.5 (CCLUPE §4.2),
 * δ = 2 (CCLUPE §4.3), numeric tolerance ±0.2% relative (CreditCardQA's strict threshold).
 */
export const DEFAULT_SCORE_PARAMS: Readonly<ScoreParams> = Object.freeze({
  lambda: 2,
  eta: 0.5,
  delta: 2,
  numericTolerance: 0.002,
});

/** The two relative tolerances at which numeric answers are always reported (CreditCardQA Table 2). */
export const NUMERIC_TOLERANCES = [0.002, 0.05] as const;

/** Fills unset parameters with the defaults and checks ranges; throws `UsageError` naming the bad field. */
export function resolveScoreParams(partial: Partial<ScoreParams> = {}): ScoreParams {
  const merged: ScoreParams = { ...DEFAULT_SCORE_PARAMS };
  for (const key of Object.keys(DEFAULT_SCORE_PARAMS) as Array<keyof ScoreParams>) {
    if (partial[key] !== undefined) merged[key] = partial[key];
  }
  const parsed = ScoreParams.safeParse(merged);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue.path[0] ?? 'params');
    throw new UsageError(`${field}: ${issue.message}`, field);
  }
  return parsed.data;
}
