/**
 * Counterparty name templates per counterparty kind, as data. A template may end in `@remark;remark…`: the remarks
 * that fit that very counterparty (a water company's bill is a water bill), used instead of the event's remark kind
 * for base events (they may use `{month}`, `{ref}`, `{n}`). Placeholders: `{brand}` a two-syllable pinyin trade
 * name, `{surname}` `{given}` a pseudonymous person, `{city}` a Chinese city, `{overseas}` a foreign company name.
 * `personal` templates are used in personal logs, `sme` templates in SME logs; every `sme` template ends in a business
 * suffix (`BUSINESS_SUFFIXES`) or names a public institution (`INSTITUTION_SUFFIXES`). Names describe the trade only,
 * never a risk label (SPEC §3).
 */
export interface CounterpartyTemplates {
  personal: readonly string[];
  sme: readonly string[];
}

/** Legal-form suffixes that SME counterparties carry (SPEC §1). */
export const BUSINESS_SUFFIXES = [
  'Co., Ltd.',
  'Trading Store',
  'Factory',
  'Individual Proprietorship',
  'Logistics Co., Ltd.',
  'Studio',
  'Partnership',
] as const;

/** Public bodies an SME may pay without a business suffix (taxes, utilities run by the state). */
export const INSTITUTION_SUFFIXES = ['Tax Bureau', 'Social Insurance Center', 'Housing Fund Center'] as const;

/** True when a name ends in a business suffix or names a public institution. */
export function hasBusinessSuffix(name: string): boolean {
  for (const s of BUSINESS_SUFFIXES) if (name.endsWith(s)) return true;
  for (const s of INSTITUTION_SUFFIXES) if (name.endsWith(s)) return true;
  return false;
}

const person = ['{surname} {given}'];
const co = (nouns: readonly string[]): string[] => nouns.map((n) => `{brand} ${n} Co., Ltd.`);

/** Templates by kind; unknown kinds fall back to `{brand} <Kind In Title Case>` (+ `Co., Ltd.` for SMEs). */
export const COUNTERPARTY_KINDS: Readonly<Record<string, CounterpartyTemplates>> = {
  // income sources
  employer: { personal: co(['Technology', 'Electronics', 'Manufacturing', 'Medical Devices', 'Information Services', 'Education Technology']), sme: co(['Holdings']) },
  gig_platform: { personal: ['{brand} Delivery Platform', '{brand} Ride Services', '{brand} Errand Platform', '{brand} Freelance Marketplace'], sme: co(['Platform Services']) },
  pension_fund: { personal: ['{city} Social Insurance Center'], sme: ['{city} Social Insurance Center'] },
  family: { personal: person, sme: person.map((p) => `${p} Individual Proprietorship`) },
  person: { personal: person, sme: person.map((p) => `${p} Individual Proprietorship`) },
  university: { personal: ['{city} University', '{city} Normal University', '{city} Institute of Technology'], sme: co(['Education Services']) },
  // housing and bills
  landlord: { personal: [...person, '{brand} Property Management', '{brand} Apartments'], sme: ['{brand} Property Management Co., Ltd.', '{brand} Industrial Park Co., Ltd.'] },
  utility: {
    personal: ['{city} Power Supply Company@Electricity bill;Electricity {month}', '{city} Water Supply Group@Water bill;Water {month}', '{city} Gas Company@Gas bill;Gas {month}'],
    sme: ['{city} Power Supply Co., Ltd.@Electricity for premises;Electricity {month}', '{city} Water Supply Co., Ltd.@Water for premises;Water {month}', '{city} Gas Co., Ltd.@Gas for premises;Gas {month}'],
  },
  telecom: { personal: ['{brand} Mobile@Mobile plan {month};Phone bill {month}', '{brand} Telecom@Phone bill {month};Mobile plan {month}', '{brand} Broadband@Broadband fee'], sme: co(['Telecom', 'Broadband Network']) },
  insurer: { personal: ['{brand} Life Insurance', '{brand} Property Insurance'], sme: co(['Property Insurance']) },
  streaming: { personal: ['{brand} Video', '{brand} Music', '{brand} Cloud Storage', '{brand} Reading App'], sme: co(['Cloud Services', 'Software']) },
  gym: { personal: ['{brand} Fitness Club', '{brand} Yoga Studio', '{brand} Swimming Center'], sme: co(['Fitness']) },
  education: { personal: ['{brand} Training School', '{brand} Language Center', '{brand} Online Courses'], sme: co(['Training']) },
  // everyday spending
  grocery: { personal: ['{brand} Supermarket@Groceries;Supermarket shopping;Daily necessities', '{brand} Fresh Market@Fruit and vegetables;Groceries', '{brand} Convenience Store@Daily necessities;Snacks and drinks', '{brand} Fruit Shop@Fruit'], sme: ['{brand} Supermarket Co., Ltd.'] },
  dining: {
    personal: ['{brand} Noodle House@Lunch;Dinner;Takeaway order', '{brand} Hotpot@Dinner;Meal with friends', '{brand} Dumpling Restaurant@Lunch;Dinner;Takeaway order', '{brand} Tea House@Milk tea;Afternoon tea', '{brand} Bakery@Breakfast;Bread and pastries', '{brand} Coffee@Coffee;Breakfast', '{brand} Canteen@Lunch;Breakfast'],
    sme: ['{brand} Catering Co., Ltd.'],
  },
  online_shop: { personal: ['{brand} Online Mall', '{brand} Official Flagship Store', '{brand} E-commerce', '{brand} Group Buying'], sme: ['{brand} E-commerce Co., Ltd.'] },
  transport: { personal: ['{city} Metro@Metro ride', '{brand} Taxi@Taxi fare', '{brand} Ride Hailing@Ride hailing', '{city} Railway Ticketing@Train ticket', '{city} Bus Card@Bus card top-up'], sme: co(['Transport']) },
  fuel: { personal: ['{brand} Petrol Station', '{brand} EV Charging'], sme: ['{brand} Petroleum Co., Ltd.', '{brand} Petrol Station Individual Proprietorship'] },
  pharmacy: { personal: ['{brand} Pharmacy@Medicine', '{city} People Hospital@Clinic visit;Health check', '{brand} Clinic@Clinic visit;Medicine'], sme: co(['Pharmaceutical']) },
  clothing: { personal: ['{brand} Fashion', '{brand} Shoes', '{brand} Sportswear'], sme: co(['Garment']) },
  electronics: { personal: ['{brand} Digital', '{brand} Electronics Mall', '{brand} Phone Store'], sme: co(['Electronics']) },
  entertainment: { personal: ['{brand} Cinema@Movie tickets', '{brand} Theatre@Show tickets;Concert tickets', '{brand} Bowling@Bowling night', '{brand} Theme Park@Park tickets', '{brand} Escape Room@Escape room game'], sme: co(['Culture Media']) },
  travel: { personal: ['{brand} Travel Agency@Holiday package;Scenic area tickets', '{brand} Hotel@Hotel booking', '{brand} Airlines@Flight ticket', '{brand} Trip Booking@Hotel booking;Flight ticket;Train ticket'], sme: co(['Travel Services']) },
  beauty: { personal: ['{brand} Hair Salon@Haircut', '{brand} Beauty Center@Beauty treatment', '{brand} Cosmetics@Cosmetics'], sme: co(['Beauty']) },
  household: { personal: ['{brand} Home Furnishing@Furniture;Home supplies', '{brand} Hardware Store@Home supplies;Tools', '{brand} Appliances@Kitchen appliance;Home appliance'], sme: co(['Home Furnishing']) },
  night_venue: { personal: ['{brand} 24h Convenience Store', '{brand} Late Night Noodles', '{brand} Night Market Stall', '{brand} 24h Pharmacy'], sme: co(['Catering']) },
  bank: { personal: ['{brand} Bank'], sme: ['{brand} Rural Commercial Bank Co., Ltd.', '{brand} Commercial Bank Co., Ltd.'] },
  card_issuer: { personal: ['{brand} Bank Credit Card Center'], sme: ['{brand} Bank Co., Ltd.'] },
  atm: { personal: ['{brand} Bank ATM {city}'], sme: ['{brand} Bank Co., Ltd.'] },
  lender: { personal: ['{brand} Consumer Finance', '{brand} Bank Personal Loans'], sme: ['{brand} Commercial Bank Co., Ltd.', '{brand} Financial Leasing Co., Ltd.'] },
  investment: { personal: ['{brand} Fund Management', '{brand} Securities', '{brand} Wealth Management'], sme: co(['Fund Management', 'Securities']) },
  tax: { personal: ['{city} Tax Bureau'], sme: ['{city} Tax Bureau'] },
  social_insurance: { personal: ['{city} Social Insurance Center'], sme: ['{city} Social Insurance Center'] },
  overseas_merchant: { personal: ['{overseas}'], sme: ['{overseas} Co., Ltd.'] },
  // SME trade partners by category
  payment_processor: { personal: ['{brand} Pay'], sme: co(['Payment Technology', 'Network Payment']) },
  payroll_agent: { personal: ['{brand} HR Services'], sme: co(['Human Resources Services']) },
  corporate_customer: { personal: ['{brand} Trading'], sme: [...co(['Trading', 'Industrial', 'Commerce', 'Technology']), '{brand} Department Store Co., Ltd.'] },
  wholesale_customer: { personal: ['{brand} Wholesale'], sme: ['{brand} Trading Store', '{brand} Supermarket Co., Ltd.', '{surname} {given} Grocery Individual Proprietorship'] },
  food_supplier: { personal: ['{brand} Fresh Market'], sme: ['{brand} Fresh Produce Trading Store', '{brand} Meat Products Co., Ltd.', '{brand} Grain and Oil Trading Store', '{brand} Seafood Co., Ltd.', '{brand} Vegetable Wholesale Trading Store'] },
  beverage_supplier: { personal: ['{brand} Drinks'], sme: ['{brand} Beverage Co., Ltd.', '{brand} Tea Trading Store', '{brand} Brewery Co., Ltd.'] },
  kitchen_supplier: { personal: ['{brand} Kitchenware'], sme: ['{brand} Kitchen Equipment Co., Ltd.', '{brand} Tableware Trading Store', '{brand} Cleaning Supplies Trading Store'] },
  goods_wholesaler: { personal: ['{brand} Wholesale'], sme: ['{brand} Wholesale Trading Co., Ltd.', '{brand} Daily Goods Trading Store', '{brand} Snacks Distribution Co., Ltd.', '{brand} Textile Trading Store'] },
  raw_material_supplier: { personal: ['{brand} Materials'], sme: ['{brand} Steel Co., Ltd.', '{brand} Plastics Factory', '{brand} Chemical Materials Co., Ltd.', '{brand} Metal Products Factory', '{brand} Paper Products Factory', '{brand} Electronic Components Co., Ltd.'] },
  machinery_supplier: { personal: ['{brand} Machinery'], sme: ['{brand} Machinery Co., Ltd.', '{brand} Mould Factory', '{brand} Industrial Equipment Co., Ltd.'] },
  fuel_supplier: { personal: ['{brand} Petrol Station'], sme: ['{brand} Petroleum Co., Ltd.', '{brand} Fuel Trading Store'] },
  vehicle_service: { personal: ['{brand} Auto Repair'], sme: ['{brand} Auto Repair Individual Proprietorship', '{brand} Tyre Trading Store', '{brand} Vehicle Services Co., Ltd.'] },
  freight_partner: { personal: ['{brand} Express'], sme: ['{brand} Logistics Co., Ltd.', '{brand} Freight Forwarding Co., Ltd.', '{brand} Warehousing Co., Ltd.'] },
  toll_operator: { personal: ['{city} Expressway'], sme: ['{city} Expressway Co., Ltd.'] },
  office_supplier: { personal: ['{brand} Stationery'], sme: ['{brand} Office Supplies Trading Store', '{brand} Printing Co., Ltd.', '{brand} Computer Trading Store'] },
  software_vendor: { personal: ['{brand} Software'], sme: ['{brand} Software Co., Ltd.', '{brand} Cloud Computing Co., Ltd.', '{brand} Design Studio'] },
  professional_services: { personal: ['{brand} Consulting'], sme: ['{brand} Accounting Firm Partnership', '{brand} Law Firm Partnership', '{brand} Consulting Co., Ltd.', '{brand} Advertising Studio'] },
  client_business: { personal: ['{brand} Trading'], sme: co(['Technology', 'Culture Media', 'Real Estate Agency', 'Education Technology', 'Trading']) },
  packaging_supplier: { personal: ['{brand} Packaging'], sme: ['{brand} Packaging Factory', '{brand} Carton Co., Ltd.'] },
};
