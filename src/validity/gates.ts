/**
 * The validity gates (issue #13), as data: how close to chance a log-free reader must stay, and the shape rules
 * of the options. Points are Table 3 points (×100).
 */
export const GATES = {
  /** Best log-free learner: Avg at most this many points above random (also per format). */
  blindAvgPoints: 5,
  /** Best log-free learner: LogScore ×100 at most this. */
  blindLogScore: 3,
  /** Other-log oracle: Avg at most this many points above random. */
  otherLogPoints: 5,
  /** Calc templates with at least this many items must keep the gold's rank uniform … */
  rankMinItems: 100,
  /** … at chi-square p above this. */
  rankMinP: 0.01,
  /** Single templates with at least this many items: no answer text above 1/k + 0.10 of them. */
  classMinItems: 50,
  /** Multi option texts seen at least this often must be right in [multiMinRate, multiMaxRate] of appearances. */
  multiMinAppearances: 30,
  multiMinRate: 0.2,
  multiMaxRate: 0.8,
  /** Injected vs base rows on timing and rounding features: AUC at most this, per signal. */
  injectionAuc: 0.6,
} as const;
