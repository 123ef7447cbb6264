/**
 * Account currencies a profile may use (ISO 4217) and how many CNY one unit of each is worth (2023 averages,
 * rounded): the generator's amounts are in the profile's currency, and a withdrawal abroad converts the local notes
 * it pays out into it. CZK is the Berka corpus's currency (dialects/berka.json).
 */
export const CNY_PER_UNIT: Readonly<Record<string, number>> = {
  CNY: 1,
  CZK: 0.319,
  EUR: 7.66,
  USD: 7.08,
  GBP: 8.81,
  JPY: 0.0505,
  HKD: 0.905,
  SGD: 5.27,
  AUD: 4.7,
  KRW: 0.00543,
  THB: 0.203,
  MYR: 1.55,
  MOP: 0.878,
  AED: 1.93,
  VND: 0.000297,
  CHF: 7.88,
  PLN: 1.69,
  HUF: 0.0203,
  SEK: 0.668,
  CAD: 5.25,
  INR: 0.0857,
};

/** The currencies `CNY_PER_UNIT` knows, sorted. */
export const CURRENCIES = Object.keys(CNY_PER_UNIT).sort();

/** A message naming the known currencies when `code` is not one of them, else null. */
export function unknownCurrency(code: string): string | null {
  return CNY_PER_UNIT[code] === undefined ? `unknown currency ${code} (known: ${CURRENCIES.join(', ')})` : null;
}
