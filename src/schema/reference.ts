import { z } from 'zod';
import { DRIFT_GROUPS, FEATURE_IDS } from './drift-features.js';

/** The version of the reference file format; bumped when a field changes meaning. */
export const REFERENCE_SCHEMA_VERSION = 1;

/** The binned reference distribution of one feature in one group (SPEC §5 Reference). */
export const FeatureReference = z.object({
  kind: z.enum(['continuous', 'ordinal', 'categorical']),
  /** False when the source cannot carry the feature (e.g. hour of day in Berka); then counts are empty. */
  available: z.boolean(),
  /** Values counted. */
  n: z.number().int().nonnegative(),
  /** Continuous: the K−1 inner edges of K bins (open outer bins). */
  edges: z.array(z.number()).optional(),
  /** Ordinal and categorical: one name per bin; categorical ends with `OTHER`. */
  categories: z.array(z.string()).optional(),
  counts: z.array(z.number().int().nonnegative()),
  /** Continuous: the sum of the (grid-snapped) values in each bin, for bin means in W1. */
  sums: z.array(z.number()).optional(),
  /** Continuous: mean, standard deviation, min and max of the snapped values. */
  mean: z.number().optional(),
  sd: z.number().nonnegative().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
});
export type FeatureReference = z.infer<typeof FeatureReference>;

/** All features of one client-kind group. */
export const GroupReference = z.object({
  logs: z.number().int().nonnegative(),
  rows: z.number().int().nonnegative(),
  features: z.record(z.enum(FEATURE_IDS), FeatureReference),
});
export type GroupReference = z.infer<typeof GroupReference>;

/** Where a reference came from. */
export const ReferenceSource = z.object({
  /** `sha256:` over the sorted list of (file name, sha256 of its bytes). */
  corpusHash: z.string(),
  files: z.number().int().nonnegative(),
  logs: z.number().int().nonnegative(),
  rows: z.number().int().nonnegative(),
  /** Free text, e.g. the dialect or the profile. */
  label: z.string().optional(),
  /** For references built from the generator: how to regenerate a same-size corpus. */
  generator: z
    .object({ profile: z.string(), masterSeed: z.string(), count: z.number().int().positive() })
    .optional(),
});
export type ReferenceSource = z.infer<typeof ReferenceSource>;

/** A frozen reference file (`cclupe reference build`). */
export const Reference = z.object({
  format: z.literal('cclupe-reference'),
  schemaVersion: z.literal(REFERENCE_SCHEMA_VERSION),
  createdBy: z.string(),
  /** Requested bins per continuous feature (merged duplicate edges may leave fewer). */
  bins: z.number().int().positive(),
  source: ReferenceSource,
  groups: z.partialRecord(z.enum(DRIFT_GROUPS), GroupReference),
});
export type Reference = z.infer<typeof Reference>;
