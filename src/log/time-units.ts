/**
 * Time units, each named with its unit: the generator and the detectors count seconds since 1970-01-01 (local wall
 * time read as UTC), the question facts and `Date.UTC` count milliseconds.
 */

/** Seconds in an hour. */
export const HOUR_S = 3_600;
/** Seconds in a day. */
export const DAY_S = 86_400;
/** Milliseconds in an hour. */
export const HOUR_MS = 3_600_000;
/** Milliseconds in a day. */
export const DAY_MS = 86_400_000;
