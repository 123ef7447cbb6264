import type { SignalId } from '../../schema/signal-id.js';
import type { Injector, Settler } from '../event.js';
import { injectConcentration } from './concentration.js';
import { injectMicroloans } from './microloans.js';
import { injectSpikes, settleSpikes } from './spikes.js';
import { injectRefunds } from './refunds.js';
import { injectNighttime } from './nighttime.js';
import { injectOverseas } from './overseas.js';
import { injectSeasonality } from './seasonality.js';
import { injectLiquidity } from './liquidity.js';
import { injectRepayments } from './repayments.js';
import { injectEssentials } from './essentials.js';
import { injectSubscription } from './subscription.js';
import { injectRisky } from './risky.js';
import { injectPenalties } from './penalties.js';
import { injectNonessential } from './nonessential.js';
import { injectAlignment } from './alignment.js';
import { injectLiquiditySme } from './liquidity-sme.js';

/**
 * One injector per risk signal (SPEC §3): `INJECTORS[id](ctx, intensity)` writes the signal into the events at
 * an intensity in [0, 1]. Each is sized from the detector's default thresholds so that any intensity is
 * detectable; injected events carry `signal: id`.
 */
export const INJECTORS: Readonly<Record<SignalId, Injector>> = {
  concentration: injectConcentration,
  microloans: injectMicroloans,
  spikes: injectSpikes,
  refunds: injectRefunds,
  nighttime: injectNighttime,
  overseas: injectOverseas,
  seasonality: injectSeasonality,
  liquidity: injectLiquidity,
  repayments: injectRepayments,
  essentials: injectEssentials,
  subscription: injectSubscription,
  risky: injectRisky,
  penalties: injectPenalties,
  nonessential: injectNonessential,
  alignment: injectAlignment,
  liquidity_sme: injectLiquiditySme,
};

/**
 * The signals whose injected sizes are checked again after a fitted log's balance walk (`Settler`): those measured
 * against the log's everyday rows, which the walk chooses after injection.
 */
export const SETTLERS: Readonly<Partial<Record<SignalId, Settler>>> = {
  spikes: settleSpikes,
};

export {
  injectConcentration,
  injectMicroloans,
  injectSpikes,
  injectRefunds,
  injectNighttime,
  injectOverseas,
  injectSeasonality,
  injectLiquidity,
  injectRepayments,
  injectEssentials,
  injectSubscription,
  injectRisky,
  injectPenalties,
  injectNonessential,
  injectAlignment,
  injectLiquiditySme,
};
