/**
 * Merchants abroad, as data: per destination (ISO 3166 alpha-2) the towns a traveller from China visits and name
 * templates that read like that country's merchants, each with the remarks that fit it (after `@`, `;`-separated).
 * `{town}` is one of the country's towns. `atm` names the cash machines of local banks. A name never states a
 * risk label (SPEC §3).
 */
export interface MerchantsAbroad {
  towns: readonly string[];
  merchants: readonly string[];
  atm: readonly string[];
}

export const MERCHANTS_ABROAD: Readonly<Record<string, MerchantsAbroad>> = {
  JP: {
    towns: ['Tokyo', 'Osaka', 'Kyoto', 'Sapporo', 'Fukuoka'],
    merchants: ['{town} Station Duty Free@Duty free shopping', '{town} Drugstore@Pharmacy abroad;Cosmetics abroad', 'Hotel {town} Bay@Hotel abroad', '{town} Ramen Yokocho@Restaurant abroad', '{town} Department Store@Shopping abroad'],
    atm: ['Seven Bank ATM {town}', 'Japan Post Bank ATM {town}'],
  },
  KR: {
    towns: ['Seoul', 'Busan', 'Jeju'],
    merchants: ['{town} Duty Free@Duty free shopping', 'Olive Beauty {town}@Cosmetics abroad', '{town} Hanok Stay@Hotel abroad', '{town} Korean BBQ@Restaurant abroad'],
    atm: ['Shinhan Bank ATM {town}', 'Woori Bank ATM {town}'],
  },
  TH: {
    towns: ['Bangkok', 'Phuket', 'Chiang Mai', 'Pattaya'],
    merchants: ['{town} Night Market@Shopping abroad', '{town} Beach Resort@Hotel abroad', '{town} Thai Kitchen@Restaurant abroad', 'King Power {town}@Duty free shopping', '{town} Pharmacy@Pharmacy abroad'],
    atm: ['Bangkok Bank ATM {town}', 'Kasikornbank ATM {town}'],
  },
  SG: {
    towns: ['Orchard', 'Marina Bay', 'Changi'],
    merchants: ['{town} Shopping Centre@Shopping abroad', '{town} Hotel@Hotel abroad', '{town} Hawker Centre@Restaurant abroad', 'Changi Duty Free@Duty free shopping'],
    atm: ['DBS ATM {town}', 'OCBC ATM {town}'],
  },
  MY: {
    towns: ['Kuala Lumpur', 'Penang', 'Kota Kinabalu'],
    merchants: ['{town} Mall@Shopping abroad', '{town} Resort@Hotel abroad', '{town} Nasi Kandar@Restaurant abroad'],
    atm: ['Maybank ATM {town}', 'CIMB ATM {town}'],
  },
  HK: {
    towns: ['Causeway Bay', 'Tsim Sha Tsui', 'Central'],
    merchants: ['{town} Pharmacy@Pharmacy abroad;Cosmetics abroad', '{town} Harbour Hotel@Hotel abroad', '{town} Cha Chaan Teng@Restaurant abroad', '{town} Jewellery@Shopping abroad'],
    atm: ['Hang Seng Bank ATM {town}', 'BOC Hong Kong ATM {town}'],
  },
  MO: {
    towns: ['Macau Peninsula', 'Taipa', 'Cotai'],
    merchants: ['{town} Resort Hotel@Hotel abroad', '{town} Portuguese Restaurant@Restaurant abroad', '{town} Bakery@Egg tarts and almond cookies'],
    atm: ['BNU ATM {town}', 'Tai Fung Bank ATM {town}'],
  },
  US: {
    towns: ['New York', 'Los Angeles', 'San Francisco', 'Las Vegas'],
    merchants: ['{town} Outlets@Shopping abroad', '{town} Marriott@Hotel abroad', '{town} Steakhouse@Restaurant abroad', '{town} Walgreens@Pharmacy abroad'],
    atm: ['Chase ATM {town}', 'Bank of America ATM {town}'],
  },
  FR: {
    towns: ['Paris', 'Nice', 'Lyon'],
    merchants: ['Galeries {town}@Shopping abroad', 'Hôtel {town} Centre@Hotel abroad', 'Brasserie {town}@Restaurant abroad', 'Pharmacie {town}@Pharmacy abroad'],
    atm: ['BNP Paribas ATM {town}', 'Crédit Agricole ATM {town}'],
  },
  IT: {
    towns: ['Rome', 'Milan', 'Florence', 'Venice'],
    merchants: ['{town} Outlet Village@Shopping abroad', 'Hotel {town} Centro@Hotel abroad', 'Trattoria {town}@Restaurant abroad', 'Farmacia {town}@Pharmacy abroad'],
    atm: ['UniCredit ATM {town}', 'Intesa Sanpaolo ATM {town}'],
  },
  GB: {
    towns: ['London', 'Edinburgh', 'Manchester'],
    merchants: ['{town} Bicester Village@Shopping abroad', '{town} Premier Inn@Hotel abroad', '{town} Fish and Chips@Restaurant abroad', 'Boots {town}@Pharmacy abroad'],
    atm: ['Barclays ATM {town}', 'HSBC UK ATM {town}'],
  },
  AU: {
    towns: ['Sydney', 'Melbourne', 'Gold Coast'],
    merchants: ['{town} Chemist Warehouse@Pharmacy abroad;Health supplements abroad', '{town} Harbour Hotel@Hotel abroad', '{town} Seafood Grill@Restaurant abroad', '{town} Duty Free@Duty free shopping'],
    atm: ['Commonwealth Bank ATM {town}', 'Westpac ATM {town}'],
  },
  VN: {
    towns: ['Ho Chi Minh City', 'Hanoi', 'Da Nang'],
    merchants: ['{town} Pho House@Restaurant abroad', '{town} Riverside Hotel@Hotel abroad', '{town} Ben Thanh Market@Shopping abroad'],
    atm: ['Vietcombank ATM {town}', 'BIDV ATM {town}'],
  },
  AE: {
    towns: ['Dubai', 'Abu Dhabi'],
    merchants: ['{town} Mall@Shopping abroad', '{town} Duty Free@Duty free shopping', '{town} Marina Hotel@Hotel abroad', '{town} Lebanese Grill@Restaurant abroad'],
    atm: ['Emirates NBD ATM {town}', 'ADCB ATM {town}'],
  },
};
