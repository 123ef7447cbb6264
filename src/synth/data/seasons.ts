/**
 * Dates of the Chinese New Year (Spring Festival, first day of the first lunar month), 2015–2035, as data.
 * Source: Hong Kong Observatory Gregorian–lunar calendar conversion tables.
 */
export const SPRING_FESTIVAL: Readonly<Record<number, string>> = {
  2015: '2015-02-19',
  2016: '2016-02-08',
  2017: '2017-01-28',
  2018: '2018-02-16',
  2019: '2019-02-05',
  2020: '2020-01-25',
  2021: '2021-02-12',
  2022: '2022-02-01',
  2023: '2023-01-22',
  2024: '2024-02-10',
  2025: '2025-01-29',
  2026: '2026-02-17',
  2027: '2027-02-06',
  2028: '2028-01-26',
  2029: '2029-02-13',
  2030: '2030-02-03',
  2031: '2031-01-23',
  2032: '2032-02-11',
  2033: '2033-01-31',
  2034: '2034-02-19',
  2035: '2035-02-08',
};

/**
 * Windows of the seasonal peaks, relative to an anchor date of each year, in days (inclusive):
 * - spring_festival: the three weeks of New-Year shopping before the festival and the first week of the holiday;
 * - national_day: the Golden Week, 1–7 October;
 * - double_11: the pre-sale days 1–11 November of the Singles' Day shopping festival;
 * - summer: July and August.
 */
export const SEASON_WINDOWS = {
  spring_festival: { anchor: 'spring_festival', from: -21, to: 6 },
  national_day: { anchor: '10-01', from: 0, to: 6 },
  double_11: { anchor: '11-01', from: 0, to: 10 },
  summer: { anchor: '07-01', from: 0, to: 61 },
} as const;
