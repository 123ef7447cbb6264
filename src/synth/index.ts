import type { Profile } from '../schema/profile.js';
import { INJECTORS, SETTLERS } from './inject/index.js';
import { DEFAULT_THRESHOLDS, detectAll } from '../signals/index.js';
import { generateLogWith, type GenerateLogOptions, type GeneratedLog } from './generate.js';

/**
 * Generates one log and its labels (pure): the profile's base events, the signals it draws injected by `INJECTORS`,
 * finalized rows, and labels whose present/strength/evidence come from `detectAll` on the final log.
 * Regenerating log `index` alone gives the same result as inside a full run.
 */
export function generateLog(profile: Profile, opts: GenerateLogOptions): GeneratedLog {
  return generateLogWith(profile, opts, { injectors: INJECTORS, settlers: SETTLERS, detect: (log, rowTimes) => detectAll(log, DEFAULT_THRESHOLDS, rowTimes) });
}

export { generateLogWith, logSeedKey, toPeriod, DEFAULT_PERIOD, DEFAULT_ROWS } from './generate.js';
export type { GenerateLogOptions, GeneratedLog, SignalDeps } from './generate.js';
export type { SynthEvent, SynthLoan, InjectContext, Injector, Settler, Period } from './event.js';
export { amortize, annuityPayment, scheduleDueDates } from './loan-schedule.js';
export type { LoanTerms } from './loan-schedule.js';
export { finalize, REFUND_WINDOW_DAYS } from './finalize.js';
export { openLoan } from './loans.js';
export type { OpenLoanInput } from './loans.js';
export { logIdFor } from './log-id.js';
export { dayMultipliers } from './seasonality.js';
export { SPRING_FESTIVAL, SEASON_WINDOWS } from './data/seasons.js';
export { COUNTERPARTY_KINDS, BUSINESS_SUFFIXES, INSTITUTION_SUFFIXES, hasBusinessSuffix } from './data/counterparties.js';
export { REMARK_KINDS } from './data/remarks.js';
export { safeText, containsLeakage } from './text.js';
export { TimestampFormatter, parseDate as parseLocalDate, formatDate as formatLocalDate, DAY_S as SECONDS_PER_DAY } from './calendar.js';
