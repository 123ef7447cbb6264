/**
 * Counterparty kinds and remarks the injectors use, as data. Kinds not in the generator's COUNTERPARTY_KINDS
 * read as `{brand} <Kind In Words>` (plus `Co., Ltd.` in SME logs), so a name states the merchant's trade,
 * never a risk label (SPEC §3). Every remark here is checked against LEAKAGE_WORDS by a test.
 */

/** Online lending platforms for microloans (no "loan", "cash" or "shark": they read like fintech brands). */
export const MICRO_LENDER_KINDS = ['consumer_finance', 'credit_technology', 'installment_platform', 'digital_credit', 'credit_services', 'fintech_services'] as const;

/** Platforms of night-time online spending. */
export const NIGHT_KINDS = ['online_shop', 'live_streaming', 'mobile_games', 'video_platform', 'esports_arena', 'online_shop'] as const;
/** Venues of night-time in-person spending (none of them everyday needs). */
export const NIGHT_VENUE_KINDS = ['internet_cafe', 'billiards_club', 'cocktail_bar', 'karaoke_club', 'mahjong_parlour'] as const;
/** Remarks of night-time online spending. */
export const NIGHT_REMARKS = ['Online order', 'Gift tokens', 'In-app purchase', 'Top-up', 'Virtual gifts', 'Membership upgrade', 'Flash sale order'] as const;
/** Remarks of night-time venue spending. */
export const NIGHT_VENUE_REMARKS = ['Drinks', 'Room booking', 'Table fee', 'Hourly package', 'Night pass'] as const;

/** Kinds of a spike: a sudden large purchase, cash-out or transfer. */
export const SPIKE_PURCHASES: ReadonlyArray<{ kind: string; remarks: readonly string[] }> = [
  { kind: 'electronics', remarks: ['Laptop and tablet', 'Phone upgrade', 'Camera and lenses'] },
  { kind: 'household', remarks: ['Home appliances', 'Furniture set', 'Kitchen appliance'] },
  { kind: 'travel', remarks: ['Holiday package', 'Cruise booking', 'Resort stay'] },
  { kind: 'jewellery_store', remarks: ['Gold bracelet', 'Diamond ring', 'Jade pendant'] },
  { kind: 'luxury_goods', remarks: ['Designer handbag', 'Wristwatch', 'Leather goods'] },
];

/** Kinds of a seasonal splurge. */
export const SEASON_KINDS = ['online_shop', 'clothing', 'electronics', 'household', 'beauty', 'dining', 'travel'] as const;

/**
 * What a seasonal splurge buys at each kind of merchant, and how it pays there: a banquet at a restaurant by QR code,
 * new-year goods at a home store, a festival order online.
 */
export const SEASON_PURCHASES: Readonly<Record<(typeof SEASON_KINDS)[number], { remarks: readonly string[]; channels: ReadonlyArray<'ONLINE' | 'QR' | 'POS'> }>> = {
  online_shop: { remarks: ['Shopping festival order', 'Festival flash sale order', 'Holiday gifts order'], channels: ['ONLINE'] },
  clothing: { remarks: ['New year clothes', 'Festival outfit', 'Holiday gifts'], channels: ['POS', 'QR', 'ONLINE'] },
  electronics: { remarks: ['Festival sale gadget', 'Holiday gift phone', 'Shopping festival order'], channels: ['POS', 'ONLINE'] },
  household: { remarks: ['New year goods', 'Festival decorations', 'Gift boxes'], channels: ['POS', 'QR'] },
  beauty: { remarks: ['Festival gift set', 'Holiday gifts', 'New year makeover'], channels: ['POS', 'QR'] },
  dining: { remarks: ['Family banquet', 'New year dinner', 'Festival group dinner'], channels: ['QR', 'POS'] },
  travel: { remarks: ['Holiday trip', 'Festival travel package', 'Holiday hotel stay'], channels: ['ONLINE'] },
};

/** High-risk platform kinds (gaming/betting-like, crypto exchanges), named by trade only. */
export const RISKY_KINDS = ['digital_asset_exchange', 'token_trading_platform', 'interactive_entertainment', 'sports_lottery_service', 'coin_exchange_services', 'card_room'] as const;
export const RISKY_OUT_REMARKS = ['Account top-up', 'Wallet recharge', 'Platform deposit', 'Balance top-up', 'Points purchase'] as const;
export const RISKY_IN_REMARKS = ['Withdrawal to bank card', 'Balance withdrawal', 'Platform payout', 'Account settlement'] as const;

/** Penalty-style Fee remarks (match the penalties detector's feeRemarkPatterns). */
export const PENALTY_FEE_REMARKS = ['Returned payment charge', 'Insufficient funds charge', 'Penalty interest', 'Late charge on invoice', 'Dishonoured debit charge'] as const;

/** Luxury and entertainment kinds for SME nonessential spending, with fitting remarks. */
export const LUXURY: ReadonlyArray<{ kind: string; remarks: readonly string[] }> = [
  { kind: 'jewellery', remarks: ['Gold necklace', 'Jade bracelet', 'Diamond ring'] },
  { kind: 'golf_club', remarks: ['Green fees', 'Annual membership', 'Golf lessons'] },
  { kind: 'karaoke_club', remarks: ['Private room booking', 'Drinks and room', 'Evening booking'] },
  { kind: 'luxury_boutique', remarks: ['Handbag', 'Leather goods', 'Designer coat'] },
  { kind: 'resort', remarks: ['Weekend stay', 'Villa booking', 'Holiday package'] },
  { kind: 'watch_gallery', remarks: ['Wristwatch', 'Watch purchase'] },
  { kind: 'day_spa', remarks: ['Spa package', 'Massage and sauna', 'Wellness treatment'] },
  { kind: 'cigar_lounge', remarks: ['Cigars', 'Lounge membership'] },
];

/** Supply classes that may not fit a business, with counterparty kinds and remarks (alignment injector). */
export const MISFIT_SUPPLIES: Readonly<Record<string, { kinds: readonly string[]; remarks: readonly string[] }>> = {
  steel: { kinds: ['steel_trading', 'steel_pipe', 'metal_materials'], remarks: ['Steel plates', 'Rebar order', 'Steel pipes', 'Angle steel'] },
  building: { kinds: ['building_materials', 'cement', 'timber_trading'], remarks: ['Cement bags', 'Timber', 'Bricks and sand', 'Building materials'] },
  agrochemical: { kinds: ['fertilizer', 'agrochemical', 'pesticide_trading'], remarks: ['Compound fertilizer', 'Crop spray', 'Fertilizer order'] },
  livestock: { kinds: ['livestock_feed', 'livestock_trading', 'hatchery'], remarks: ['Feed pellets', 'Piglets', 'Chicks order'] },
  mining: { kinds: ['coal_trading', 'mining_supplies', 'iron_ore'], remarks: ['Coal delivery', 'Ore samples', 'Mining explosives storage'] },
  medical: { kinds: ['medical_device', 'surgical_supplies'], remarks: ['Surgical instruments', 'Medical device order', 'Infusion pumps'] },
  heavy_machinery: { kinds: ['excavator_rental', 'crane_services', 'heavy_machinery'], remarks: ['Excavator hire', 'Crane hire', 'Bulldozer parts'] },
  marine: { kinds: ['shipyard_services', 'marine_engine'], remarks: ['Hull repair', 'Marine engine parts'] },
  bulk_food: { kinds: ['slaughterhouse', 'grain_depot', 'seafood_wholesale'], remarks: ['Bulk pork carcasses', 'Grain tonnage', 'Frozen seafood pallets'] },
};

/** A supplier kind that fits each business category (liquidity_sme declines). */
export const FITTING_SUPPLIER: Readonly<Record<string, { kind: string; remark: string }>> = {
  restaurant: { kind: 'food_supplier', remark: 'food_purchase' },
  retail: { kind: 'goods_wholesaler', remark: 'goods_purchase' },
  factory: { kind: 'raw_material_supplier', remark: 'raw_materials' },
  logistics: { kind: 'fuel_supplier', remark: 'fuel_purchase' },
  services: { kind: 'software_vendor', remark: 'software' },
};

/** Subscription services an SME piles up. */
export const SUBSCRIPTION_KINDS = ['software_vendor', 'cloud_services', 'online_marketing', 'design_tools', 'crm_software', 'video_conferencing', 'data_services', 'streaming', 'membership_services'] as const;
