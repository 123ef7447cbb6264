import { z } from 'zod';

/**
 * Ids that name files (`logs/<log_id>.tsv`, `dialects/<log_id>.json`) and rows of our records: letters, digits, `_`
 * and `-` only, so that an id from a data file can never be a path (`../../outside/secret`) or hide a separator.
 */
export const SAFE_ID_RE = /^[A-Za-z0-9_-]+$/;

/** A string id restricted to `SAFE_ID_RE`. */
export const SafeId = z.string().regex(SAFE_ID_RE, 'must hold only letters, digits, _ and - (no dots, slashes or spaces)');
