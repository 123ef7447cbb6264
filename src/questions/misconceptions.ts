/**
 * Named misconceptions that calc distractors come from (SPEC §6). The first seven are the SPEC's list;
 * the rest are further well-known slips, named so that every wrong option says how it was produced.
 */
export const MISCONCEPTIONS = {
  simple_vs_compound: 'simple growth or interest used where compounding applies, or the reverse',
  gross_vs_net: 'gross flow used where the net flow was asked, or the reverse',
  wrong_base_period: 'divided by the wrong number of periods (e.g. twelve months, or only active months)',
  total_vs_share: 'a total given where a share was asked, or a share of the wrong total',
  off_by_one_month: 'one month too many or too few counted',
  refunds_as_income: 'refunds counted as income',
  failed_rows_counted: 'declined (FAILED) rows counted as if they moved money',
  count_vs_amount: 'rows counted where amounts should be summed, or the reverse',
  mean_vs_median: 'mean used where the median was asked, or the reverse',
  sample_vs_population: 'sample standard deviation (n−1) used instead of population (n)',
  boundary_inclusion: 'a window or threshold boundary included or excluded wrongly',
  wrong_category: 'a related transaction type counted in or left out',
  endpoints_vs_trend: 'the change between the first and last points used instead of the fitted trend',
  single_vs_total: 'one row (the largest, or an average row) given where the total was asked',
  extreme_vs_average: 'an extreme (maximum or minimum) used where an average was asked, or the reverse',
  decoy: 'no single slip: a value drawn near the answer so that the answer does not stand out by its rank or spacing',
} as const;

/** The id of a named misconception. */
export type Misconception = keyof typeof MISCONCEPTIONS;
