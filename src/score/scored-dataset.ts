import type { RunScores, ScoredDataset } from '../schema/results.js';

/** A dataset identity in words: the start of the questions hash, and the manifest's seed. */
function describeScoredDataset(d: ScoredDataset): string {
  return `questions.jsonl sha256 ${d.questions_sha256.slice(0, 12)}…, ${d.master_seed === null ? 'no dataset seed' : `dataset seed ${d.master_seed}`}`;
}

/**
 * Why run `b` was not scored on the questions run `a` was, by the dataset identity both record, or null when they
 * were the same (or either records none: results written before identities were, see `unidentifiedRuns`). Item ids
 * repeat across datasets, so runs of two datasets would pair by id without a word.
 */
export function otherQuestions(a: Pick<RunScores, 'dataset'>, b: Pick<RunScores, 'dataset'>): string | null {
  if (!a.dataset || !b.dataset || a.dataset.questions_sha256 === b.dataset.questions_sha256) return null;
  return `scored on other questions (${describeScoredDataset(b.dataset)}; the other run: ${describeScoredDataset(a.dataset)})`;
}

/** The indexes of runs that record no dataset identity, whose questions cannot be checked against the others'. */
export function unidentifiedRuns(runs: ReadonlyArray<Pick<RunScores, 'dataset'>>): number[] {
  const out: number[] = [];
  runs.forEach((r, i) => {
    if (!r.dataset) out.push(i);
  });
  return out;
}
