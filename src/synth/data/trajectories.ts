import type { ClientKind } from '../../schema/log-row.js';

/**
 * A balance trajectory: how much of the period's income a log keeps (positive) or draws from its savings
 * (negative), as a band [lo, hi] of the net change over the period ÷ the period's income, and how often it occurs.
 */
export interface Trajectory {
  name: string;
  weight: number;
  net: readonly [number, number];
}

/**
 * Balance trajectories per client kind (data, issue #13). Clients do not all save: some put money by, some run the
 * account flat, some live a little off their savings through the year (a big purchase, a slow year for a shop). With
 * every log saving, the lowest balance fell in the first month in most logs and the last month-end balance was
 * nearly always the highest; a flat walk puts its low point anywhere in the year. A log's discretionary spending is
 * scaled toward its band (within the profile's `spend_scale`), and what it still has left over beyond the band goes
 * out as a monthly sweep (`SWEEP_DESTINATIONS`), as clients with a surplus do. Drawn by profiles that keep a cover
 * (`opening_cover_months` > 0) and have no balance level (`balance`, which walks its own way). Discretionary spending is scaled (within the profile's
 * `spend_scale`) to meet the band; healthy profiles' opening balance covers the shortfall on top of their cover.
 */
export const TRAJECTORIES: Readonly<Record<ClientKind, readonly Trajectory[]>> = {
  personal: [
    { name: 'saving', weight: 0.2, net: [0.08, 0.2] },
    { name: 'saving a little', weight: 0.22, net: [0.01, 0.08] },
    { name: 'flat', weight: 0.28, net: [-0.01, 0.01] },
    { name: 'drawing a little', weight: 0.2, net: [-0.06, -0.01] },
    { name: 'drawing down', weight: 0.1, net: [-0.12, -0.06] },
  ],
  sme: [
    { name: 'retaining profit', weight: 0.2, net: [0.06, 0.15] },
    { name: 'retaining a little', weight: 0.22, net: [0.01, 0.06] },
    { name: 'flat', weight: 0.28, net: [-0.01, 0.01] },
    { name: 'drawing a little', weight: 0.2, net: [-0.05, -0.01] },
    { name: 'drawing down', weight: 0.1, net: [-0.1, -0.05] },
  ],
};

/** Where a log's monthly surplus goes: a row type, counterparty and remark kinds, and how often (by weight). */
export interface SweepDestination {
  weight: number;
  type: 'Investment Buy' | 'Card Repayment' | 'Transfer Out';
  counterparty: string;
  remark: string;
}

/**
 * Where what a client has left over each month goes, one destination per log: savings or a wealth product, the
 * credit card bill (the spending a debit account shows only as one monthly repayment), money to the family; for a
 * business, a wealth product or the owner's draw. One destination for every log would make it the largest outflow
 * of most logs (issue #13).
 */
export const SWEEP_DESTINATIONS: Readonly<Record<ClientKind, readonly SweepDestination[]>> = {
  personal: [
    { weight: 0.35, type: 'Investment Buy', counterparty: 'investment', remark: 'savings_transfer' },
    { weight: 0.4, type: 'Card Repayment', counterparty: 'card_issuer', remark: 'card_repayment' },
    { weight: 0.25, type: 'Transfer Out', counterparty: 'family', remark: 'family_support' },
  ],
  sme: [
    { weight: 0.5, type: 'Investment Buy', counterparty: 'investment', remark: 'investment_buy' },
    { weight: 0.5, type: 'Transfer Out', counterparty: 'person', remark: 'owner_draw' },
  ],
};

/** Per-month spread of a sweep's amount, exp(N(0, variation²)), and the hours it is made in. */
export const SWEEP_TIMING = { variation: 0.35, hours: [8, 22] } as const;
