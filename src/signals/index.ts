import type { Log } from '../schema/log-row.js';
import type { Detection } from '../schema/labels.js';
import { SIGNAL_IDS, type SignalId } from '../schema/signal-id.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../schema/thresholds.js';
import { buildView, type LogView } from './view.js';
import { concentrationFromView } from './concentration.js';
import { microloansFromView } from './microloans.js';
import { spikesFromView } from './spikes.js';
import { refundsFromView } from './refunds.js';
import { nighttimeFromView } from './nighttime.js';
import { overseasFromView } from './overseas.js';
import { seasonalityFromView } from './seasonality.js';
import { liquidityFromView } from './liquidity.js';
import { repaymentsFromView } from './repayments.js';
import { essentialsFromView } from './essentials.js';
import { subscriptionFromView } from './subscription.js';
import { riskyFromView } from './risky.js';
import { penaltiesFromView } from './penalties.js';
import { nonessentialFromView } from './nonessential.js';
import { alignmentFromView } from './alignment.js';
import { liquiditySmeFromView } from './liquidity-sme.js';

export * from '../schema/thresholds.js';
export { buildView, type LogView } from './view.js';
export { detectConcentration } from './concentration.js';
export { detectMicroloans } from './microloans.js';
export { detectSpikes } from './spikes.js';
export { detectRefunds } from './refunds.js';
export { detectNighttime } from './nighttime.js';
export { detectOverseas } from './overseas.js';
export { detectSeasonality } from './seasonality.js';
export { detectLiquidity } from './liquidity.js';
export { detectRepayments } from './repayments.js';
export { detectEssentials } from './essentials.js';
export { detectSubscription } from './subscription.js';
export { detectRisky } from './risky.js';
export { detectPenalties } from './penalties.js';
export { detectNonessential } from './nonessential.js';
export { detectAlignment } from './alignment.js';
export { detectLiquiditySme } from './liquidity-sme.js';

/** A detector on precomputed log features: deterministic, pure, thresholds passed in. */
type ViewDetector<K extends SignalId> = (view: LogView, t: Thresholds[K]) => Detection;

const FROM_VIEW: { [K in SignalId]: ViewDetector<K> } = {
  concentration: concentrationFromView,
  microloans: microloansFromView,
  spikes: spikesFromView,
  refunds: refundsFromView,
  nighttime: nighttimeFromView,
  overseas: overseasFromView,
  seasonality: seasonalityFromView,
  liquidity: liquidityFromView,
  repayments: repaymentsFromView,
  essentials: essentialsFromView,
  subscription: subscriptionFromView,
  risky: riskyFromView,
  penalties: penaltiesFromView,
  nonessential: nonessentialFromView,
  alignment: alignmentFromView,
  liquidity_sme: liquiditySmeFromView,
};

/** A signal detector: a deterministic, pure function of the log alone and the thresholds (SPEC §3). */
export type Detector = (log: Log, thresholds?: Thresholds) => Detection;

/** One detector per signal id; each takes the full thresholds object (defaults when omitted). */
export const DETECTORS: Readonly<Record<SignalId, Detector>> = Object.fromEntries(
  SIGNAL_IDS.map((id) => [id, (log: Log, thresholds: Thresholds = DEFAULT_THRESHOLDS) => detectSignal(id, log, thresholds)]),
) as Record<SignalId, Detector>;

/** Runs one signal's detector on a log. */
export function detectSignal(id: SignalId, log: Log, thresholds: Thresholds = DEFAULT_THRESHOLDS): Detection {
  return (FROM_VIEW[id] as ViewDetector<SignalId>)(buildView(log), thresholds[id] as never);
}

/**
 * Runs all sixteen detectors on a log, sharing one pass of per-row features. Signals of the other client
 * kind (and Alignment without a business category) come out absent. Keys in `SIGNAL_IDS` order.
 * `rowTimes` (optional): each row's timestamp in whole seconds since 1970-01-01, when the caller has them (see
 * `buildView`); the result is the same.
 */
export function detectAll(log: Log, thresholds: Thresholds = DEFAULT_THRESHOLDS, rowTimes?: ArrayLike<number>): Record<SignalId, Detection> {
  const view = buildView(log, rowTimes);
  const out = {} as Record<SignalId, Detection>;
  for (const id of SIGNAL_IDS) out[id] = (FROM_VIEW[id] as ViewDetector<SignalId>)(view, thresholds[id] as never);
  return out;
}

/**
 * `detectAll` read lazily: each signal's detection is computed on its first read (from one shared view, built on the
 * first read of any), with the same result as `detectAll`. For callers that often read one signal (the question
 * builder: a template may need only Nonessential), where sixteen detectors cost about 0.1 ms a log.
 */
export function detectLazily(log: Log, thresholds: Thresholds = DEFAULT_THRESHOLDS): Record<SignalId, Detection> {
  const state: LazyState = { log, thresholds, view: undefined, hits: new Array<Detection | undefined>(SIGNAL_IDS.length) };
  return new Proxy(state, LAZY) as unknown as Record<SignalId, Detection>;
}

interface LazyState {
  log: Log;
  thresholds: Thresholds;
  view: LogView | undefined;
  hits: (Detection | undefined)[];
}

const SIGNAL_INDEX: ReadonlyMap<string | symbol, number> = new Map(SIGNAL_IDS.map((id, k) => [id, k]));

function lazyRead(s: LazyState, key: string | symbol): Detection | undefined {
  const k = SIGNAL_INDEX.get(key);
  if (k === undefined) return undefined;
  const id = SIGNAL_IDS[k];
  return (s.hits[k] ??= (FROM_VIEW[id] as ViewDetector<SignalId>)((s.view ??= buildView(s.log)), s.thresholds[id] as never));
}

// A proxy whose own keys are the signal ids, in order, each read through `lazyRead`: one object a log, where sixteen
// accessor properties defined on a plain object cost about 8 µs to make.
const LAZY: ProxyHandler<LazyState> = {
  get: lazyRead,
  has: (_, key) => SIGNAL_INDEX.has(key),
  ownKeys: () => [...SIGNAL_IDS],
  getOwnPropertyDescriptor: (s, key) => (SIGNAL_INDEX.has(key) ? { value: lazyRead(s, key), enumerable: true, configurable: true, writable: false } : undefined),
};
