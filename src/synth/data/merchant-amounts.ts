/**
 * What one purchase at a merchant of each everyday trade costs, in CNY (low, high): the amount range that goes with
 * the trade's remarks (a milk tea is not 300, a flight is not 20). Keyed by the trade noun of the counterparty
 * templates (`COUNTERPARTY_KINDS`, personal, without placeholders). A base purchase outside its merchant's range is
 * brought inside it (`keepToMerchantRanges`); a profile fitted to real logs keeps its source's amounts.
 */
export const MERCHANT_AMOUNTS: Readonly<Record<string, readonly [number, number]>> = {
  // grocery
  Supermarket: [8, 900],
  'Fresh Market': [5, 400],
  'Convenience Store': [3, 200],
  'Fruit Shop': [5, 300],
  // dining
  'Noodle House': [10, 200],
  Hotpot: [60, 1500],
  'Dumpling Restaurant': [10, 250],
  'Tea House': [8, 200],
  Bakery: [5, 200],
  Coffee: [10, 200],
  Canteen: [5, 100],
  // transport
  Metro: [2, 40],
  Taxi: [10, 400],
  'Ride Hailing': [8, 400],
  'Railway Ticketing': [10, 3000],
  'Bus Card': [10, 300],
  // fuel
  'Petrol Station': [30, 1200],
  'EV Charging': [5, 400],
  // health
  Pharmacy: [5, 1500],
  'People Hospital': [10, 8000],
  Clinic: [10, 3000],
  // shopping
  Fashion: [20, 8000],
  Shoes: [30, 5000],
  Sportswear: [30, 5000],
  Digital: [20, 80000],
  'Electronics Mall': [20, 80000],
  'Phone Store': [20, 30000],
  'Home Furnishing': [20, 80000],
  'Hardware Store': [5, 3000],
  Appliances: [50, 50000],
  Cosmetics: [20, 5000],
  // leisure and care
  Cinema: [20, 600],
  Theatre: [50, 5000],
  Bowling: [30, 1000],
  'Theme Park': [50, 3000],
  'Escape Room': [40, 1000],
  'Hair Salon': [15, 1500],
  'Beauty Center': [50, 8000],
  'Travel Agency': [100, 80000],
  Hotel: [100, 20000],
  Airlines: [200, 40000],
  'Trip Booking': [50, 40000],
  // night venues
  '24h Convenience Store': [3, 200],
  'Late Night Noodles': [10, 200],
  'Night Market Stall': [5, 300],
  '24h Pharmacy': [5, 1500],
};
