/**
 * Mojibake substitutions: a plain letter is taken as its accented form, written as UTF-8 and misread as
 * Windows-1252/Latin-1, e.g. `e` → `é` → bytes C3 A9 → `Ã©`. Only lower-case letters are used: their misreadings (`Ã` + a Latin-1 sign) are visible and are what the
 * reader's mojibake check looks for.
 */
export const MOJIBAKE_TABLE: Readonly<Record<string, string>> = {
  a: 'Ã¤',
  c: 'Ã§',
  e: 'Ã©',
  n: 'Ã±',
  o: 'Ã¶',
  u: 'Ã¼',
};
