import { z } from 'zod';
import { ClientKind } from './log-row.js';

/**
 * Where a canonical field's value comes from, tried in order by the reader (first non-blank result wins):
 * - `"col"` or `{ column: "col" }`: the cell of that column (a key of `Dialect.columns`), trimmed;
 * - `{ column, map }`: the cell looked up in `map` (keys compared trimmed and lower-cased); a cell not in `map` is skipped;
 * - `{ template: "{bank} {account}" }`: cells substituted into the text; skipped when any referenced cell is blank;
 * - `{ const: "CZ" }`: a fixed value.
 */
export const FieldSource = z.union([
  z.string().min(1),
  z.object({ column: z.string().min(1), map: z.record(z.string(), z.string()).optional() }).strict(),
  z.object({ template: z.string().min(1) }).strict(),
  z.object({ const: z.string() }).strict(),
]);
export type FieldSource = z.infer<typeof FieldSource>;

/**
 * How one canonical text field (txn_id, type, channel, counterparty, status, location, remark) is read.
 * With `default`, the field is optional: when every source is blank the default is used and nothing is reported.
 * Without it, a blank field is an `EMPTY_FIELD` error.
 */
export const FieldSpec = z
  .object({
    sources: z.array(FieldSource).min(1),
    default: z.string().min(1).optional(),
  })
  .strict();
export type FieldSpec = z.infer<typeof FieldSpec>;

/** Date/time format tokens: `YYYY`, `YY`, `MM`, `DD`, `HH`, `mm`, `ss`; any other character is literal. */
export const DateFormat = z.string().regex(/(YYYY|YY)/, 'a date format needs a year token (YYYY or YY)').regex(/MM/).regex(/DD/);

/**
 * How the timestamp is read: `format` is the dialect's own format; `alternatives` are other formats the reader
 * accepts with a `TIMESTAMP_FORMAT` warning (a "preserving" change of format). A format without `HH` makes the log
 * date-only (`hasTimeOfDay: false`, time `00:00:00`).
 */
export const TimestampSpec = z
  .object({
    column: z.string().min(1),
    format: DateFormat,
    alternatives: z.array(DateFormat).default([]),
    /** A two-digit year `YY` means `base + YY` (Berka: 1900). */
    twoDigitYearBase: z.number().int().default(2000),
  })
  .strict();
export type TimestampSpec = z.infer<typeof TimestampSpec>;

/**
 * The sign convention of amounts (SPEC §1 Other dialects):
 * - `signed`: one column, + money in, − money out;
 * - `debit-credit`: two columns, one of them filled (debit is money out);
 * - `type-sign`: an unsigned amount column and a column whose value gives the sign (`signs`: value → +1 / −1).
 */
export const AmountSpec = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('signed'), column: z.string().min(1) }).strict(),
  z.object({ mode: z.literal('debit-credit'), debit: z.string().min(1), credit: z.string().min(1) }).strict(),
  z
    .object({
      mode: z.literal('type-sign'),
      column: z.string().min(1),
      signColumn: z.string().min(1),
      signs: z.record(z.string(), z.union([z.literal(1), z.literal(-1)])),
    })
    .strict(),
]);
export type AmountSpec = z.infer<typeof AmountSpec>;

export const NEGATIVE_STYLES = ['minus', 'parentheses', 'trailing-minus'] as const;

/**
 * Number format. The reader first tries the dialect's own format (decimal separator, optional thousands separator,
 * `places` decimals, a leading minus); with `lenient`, it then accepts other spellings of the same value (thousands
 * separators, decimal comma, parentheses or trailing minus, currency symbols) with a `NUMBER_FORMAT` warning.
 */
export const NumberSpec = z
  .object({
    decimal: z.enum(['.', ',']).default('.'),
    thousands: z.string().max(1).nullable().default(null),
    /** Exact number of decimal places the dialect writes, or null for 0–2. More than two places is never money. */
    places: z.number().int().min(0).max(2).nullable().default(2),
    negative: z.array(z.enum(NEGATIVE_STYLES)).min(1).default(['minus']),
    currency: z.array(z.string().min(1)).default([]),
    lenient: z.boolean().default(true),
  })
  .strict();
export type NumberSpec = z.infer<typeof NumberSpec>;

/** Check settings a dialect carries (the CLI's options override them). */
export const DialectChecks = z
  .object({
    /** Reorder rows inside one day to find a consistent balance chain (date-only logs). Default: when the log has no time of day. */
    reorderWithinDay: z.boolean().optional(),
    /** Balance tolerance in currency units (Berka: 0.15). */
    tolerance: z.number().min(0).optional(),
    /** Row-count limits, or null for none. */
    rowCount: z.object({ min: z.number().int().min(0), max: z.number().int().min(0) }).strict().nullable().optional(),
    /** Known opening balance in currency units, or null when unknown. */
    openingBalance: z.number().nullable().optional(),
  })
  .strict();
export type DialectChecks = z.infer<typeof DialectChecks>;

/** The canonical text fields a dialect must say how to fill. */
export const DIALECT_FIELDS = ['txn_id', 'type', 'channel', 'counterparty', 'status', 'location', 'remark'] as const;
export type DialectField = (typeof DIALECT_FIELDS)[number];

/**
 * A file dialect: how a foreign transaction file maps onto the canonical log (SPEC §1 Other dialects).
 * Dialects are data (`dialects/*.json`), validated by this schema on load.
 */
export const Dialect = z
  .object({
    name: z.string().min(1),
    description: z.string().optional(),
    /** Field separator, e.g. `"\t"`, `";"`, `","`. */
    separator: z.string().min(1),
    /** Quote character for CSV-style quoted fields (on one line), or null when fields are never quoted. */
    quote: z.string().length(1).nullable().default(null),
    /** Whether the first line names the columns. Without a header, `columns` give positions in order. */
    header: z.boolean().default(true),
    /** Column keys → accepted header names; the first name is the dialect's own, the rest are synonyms. */
    columns: z.record(z.string(), z.array(z.string().min(1)).min(1)),
    /** Columns that must be present in the header; default: every column a field, timestamp or amount uses. */
    optionalColumns: z.array(z.string()).default([]),
    /** Report synonyms and reordered columns as `HEADER_FORMAT` warnings (the canonical dialect does). */
    strictHeader: z.boolean().default(false),
    /** Line endings the dialect writes; other endings are an `ENCODING` warning. */
    lineEnding: z.enum(['lf', 'crlf', 'any']).default('any'),
    /** Whether a byte-order mark is normal for this dialect (otherwise an `ENCODING` warning). */
    bom: z.boolean().default(false),
    /** `trim`: cells are trimmed silently; `warn`: trimmed with a `WHITESPACE` warning. */
    whitespace: z.enum(['trim', 'warn']).default('trim'),
    /** Forbid `"`, tab, CR and NUL inside text fields (`BAD_TEXT`), as the canonical format does. */
    strictText: z.boolean().default(false),
    /** A column key whose value splits one file into many logs (Berka's account_id). */
    account: z.string().optional(),
    /** Prefix of log ids built from the account value. */
    logIdPrefix: z.string().default(''),
    fields: z.object({
      txn_id: FieldSpec,
      type: FieldSpec,
      channel: FieldSpec,
      counterparty: FieldSpec,
      status: FieldSpec,
      location: FieldSpec,
      remark: FieldSpec,
    }).strict(),
    timestamp: TimestampSpec,
    amount: AmountSpec,
    balance: z.object({ column: z.string().min(1) }).strict(),
    number: NumberSpec.default({ decimal: '.', thousands: null, places: 2, negative: ['minus'], currency: [], lenient: true }),
    clientKind: ClientKind.optional(),
    businessCategory: z.string().optional(),
    /** ISO 4217 code of the amounts (Berka: CZK); `cclupe fit` writes it into the fitted profile. */
    currency: z.string().regex(/^[A-Z]{3}$/, 'currency is an ISO 4217 code such as CZK').optional(),
    checks: DialectChecks.default({}),
  })
  .strict();
export type Dialect = z.infer<typeof Dialect>;
/** A dialect as written in a file, before defaults are applied. */
export type DialectInput = z.input<typeof Dialect>;
