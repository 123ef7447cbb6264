import { isUtf8 } from 'node:buffer';
import type { Dialect, FieldSpec, DialectField } from '../schema/dialect.js';
import { DIALECT_FIELDS } from '../schema/dialect.js';
import type { Log, LogRow } from '../schema/log-row.js';
import { FORMULA_LEAD_RE } from '../schema/log-row.js';
import { CHANNELS, LOG_ID_COLUMN, STATUSES, TRANSACTION_TYPES } from '../schema/transaction-types.js';
import { ISSUE_CODE_TABLE, makeIssue, type IssueCode, type IssueInput, type ValidationIssue } from '../schema/issue-codes.js';
import { CANONICAL_DIALECT } from './dialect-canonical.js';
import { compileDateFormat, type DateParser } from './dialect-date.js';
import { parseMoney, strictCentsParser } from './dialect-number.js';

/** Options of `parseLogText`: the file name used in issue locations and log ids, and the dialect (default canonical). */
export interface ParseLogOptions {
  file: string;
  dialect?: Dialect;
  /** Log id of a single-log file; default: the file name without its extension. */
  logId?: string;
}

/** What reading a file gives: the logs it holds (one, or one per account) and every issue found while reading. */
export interface ParsedLogText {
  logs: Log[];
  issues: ValidationIssue[];
  /** sha256 of the file's bytes, when `readLogFile` was asked for it (`hash: true`). */
  sha256?: string;
}

/** Marks of text decoded with the wrong encoding (UTF-8 read as Latin-1/CP-1252) or of undecodable bytes. */
export const MOJIBAKE_RE = /Ã[\u0080-\u00BF]|Â[\u0080-\u00BF]|â€|\uFFFD/;
/** The characters every mojibake mark starts with; a text without any of them is clean in a few native scans. */
const MOJIBAKE_LEADS = ['Ã', 'Â', 'â', '\uFFFD'];

const TYPE_SET: ReadonlySet<string> = new Set(TRANSACTION_TYPES);
const CHANNEL_SET: ReadonlySet<string> = new Set(CHANNELS);
const STATUS_SET: ReadonlySet<string> = new Set(STATUSES);
const ENUMS: Partial<Record<DialectField, ReadonlySet<string>>> = { type: TYPE_SET, channel: CHANNEL_SET, status: STATUS_SET };
const TEXT_FIELDS: ReadonlySet<DialectField> = new Set(['txn_id', 'counterparty', 'remark']);
const BAD_TEXT_RE = /["\t\r\0]/;

/** Enum labels keyed by length, first and last character, so that a cell is matched in place with one comparison. */
function enumTable(values: readonly string[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const v of values) {
    const key = enumKey(v, 0, v.length);
    out.set(key, [...(out.get(key) ?? []), v]);
  }
  return out;
}
function enumKey(line: string, start: number, end: number): number {
  return (end - start) * 0x1000000 + line.charCodeAt(start) * 0x100 + (line.charCodeAt(end - 1) & 0xff);
}
const TYPE_TABLE = enumTable(TRANSACTION_TYPES);
const CHANNEL_TABLE = enumTable(CHANNELS);
const STATUS_TABLE = enumTable(STATUSES);

/** The enum label equal to `line[start, end)`, or null; a substring is cut only when its length and end characters fit a label. */
function intern(table: Map<number, string[]>, line: string, start: number, end: number): string | null {
  if (end <= start) return null;
  const list = table.get(enumKey(line, start, end));
  if (list === undefined) return null;
  // one short substring and native comparisons: cheaper than `startsWith` at a position or a character loop
  const cell = line.substring(start, end);
  for (let j = 0; j < list.length; j++) if (cell === list[j]) return list[j];
  return null;
}

const COUNTRY_CODES = new Map<number, string>();
/** `line[start, end)` when it is two capital letters (an ISO 3166 alpha-2 shape), shared per code; else null. */
function countryCode(line: string, start: number, end: number): string | null {
  if (end - start !== 2) return null;
  const a = line.charCodeAt(start);
  const b = line.charCodeAt(start + 1);
  if (a < 65 || a > 90 || b < 65 || b > 90) return null;
  const key = a * 256 + b;
  let v = COUNTRY_CODES.get(key);
  if (v === undefined) COUNTRY_CODES.set(key, (v = String.fromCharCode(a, b)));
  return v;
}
const LOCATION_RE = /^[A-Z]{2}$/;
/** Distinct counterparty and remark texts shared per file by the fast reader (`fastPath`). */
const MAX_SHARED_TEXTS = 65_536;
/** Files shorter than this (in UTF-16 units, 1 MiB) are read without sharing texts. */
const SHARE_TEXTS_FROM_CHARS = 1 << 20;
const MAX_SHOWN = 120;

/** Normalises a header cell for matching: trimmed, lower-case, runs of space, `-` and `.` as `_`, no BOM. */
export function normalizeHeaderName(name: string): string {
  return name.replace(/^\uFEFF/, '').trim().toLowerCase().replace(/[\s\-.]+/g, '_');
}

function shown(text: string): string {
  return text.length > MAX_SHOWN ? text.slice(0, MAX_SHOWN - 3) + '...' : text;
}

/** Splits one line of a quoted CSV dialect; null when a quote is left open. Doubled quotes inside quotes are one quote. */
function splitQuoted(line: string, sep: string, quote: string): string[] | null {
  const out: string[] = [];
  let i = 0;
  const n = line.length;
  for (;;) {
    let cell = '';
    if (line.startsWith(quote, i)) {
      i += 1;
      for (;;) {
        const q = line.indexOf(quote, i);
        if (q < 0) return null;
        cell += line.slice(i, q);
        if (line.startsWith(quote, q + 1)) {
          cell += quote;
          i = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
      const next = line.indexOf(sep, i);
      const rest = next < 0 ? line.slice(i) : line.slice(i, next);
      cell += rest;
      out.push(cell);
      if (next < 0) return out;
      i = next + sep.length;
    } else {
      const next = line.indexOf(sep, i);
      if (next < 0) {
        out.push(line.slice(i));
        return out;
      }
      out.push(line.slice(i, next));
      i = next + sep.length;
    }
    if (i > n) return out;
  }
}

interface CompiledDialect {
  dialect: Dialect;
  keys: string[];
  byName: Map<string, { key: string; primary: boolean }>;
  required: Set<string>;
  date: DateParser;
  alternatives: DateParser[];
  maps: Map<object, Map<string, string>>;
  signs: Map<string, 1 | -1> | null;
  /** Header lines read so far and what they settle (`headerLayout`); files of one dataset share their header. */
  headers: Map<string, HeaderLayout>;
}

const compiledCache = new WeakMap<Dialect, CompiledDialect>();

function compile(dialect: Dialect): CompiledDialect {
  const hit = compiledCache.get(dialect);
  if (hit) return hit;
  const keys = Object.keys(dialect.columns);
  const byName = new Map<string, { key: string; primary: boolean }>();
  for (const key of keys) {
    dialect.columns[key].forEach((name, i) => {
      const norm = normalizeHeaderName(name);
      if (!byName.has(norm)) byName.set(norm, { key, primary: i === 0 });
    });
  }
  const used = new Set<string>([dialect.timestamp.column, dialect.balance.column]);
  if (dialect.amount.mode === 'debit-credit') {
    used.add(dialect.amount.debit);
    used.add(dialect.amount.credit);
  } else used.add(dialect.amount.column);
  if (dialect.amount.mode === 'type-sign') used.add(dialect.amount.signColumn);
  if (dialect.account) used.add(dialect.account);
  const maps = new Map<object, Map<string, string>>();
  for (const f of DIALECT_FIELDS) {
    for (const s of dialect.fields[f].sources) {
      if (typeof s === 'string') used.add(s);
      else if ('column' in s) {
        used.add(s.column);
        if (s.map) maps.set(s, new Map(Object.entries(s.map).map(([k, v]) => [k.trim().toLowerCase(), v])));
      } else if ('template' in s) for (const m of s.template.matchAll(/\{([^}]+)\}/g)) used.add(m[1]);
    }
  }
  const optional = new Set(dialect.optionalColumns);
  const required = new Set([...used].filter((k) => !optional.has(k)));
  const compiled: CompiledDialect = {
    dialect,
    keys,
    byName,
    required,
    date: compileDateFormat(dialect.timestamp.format, dialect.timestamp.twoDigitYearBase),
    alternatives: dialect.timestamp.alternatives.map((f) => compileDateFormat(f, dialect.timestamp.twoDigitYearBase)),
    maps,
    signs:
      dialect.amount.mode === 'type-sign'
        ? new Map(Object.entries(dialect.amount.signs).map(([k, v]) => [k.trim().toLowerCase(), v]))
        : null,
    headers: new Map(),
  };
  compiledCache.set(dialect, compiled);
  return compiled;
}

/** Decodes bytes as UTF-8; reports invalid sequences (one `ENCODING` error per affected line) and returns the text. */
function decode(input: string | Uint8Array, file: string, issues: ValidationIssue[]): string {
  if (typeof input === 'string') return input;
  const text = Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString('utf8');
  if (!isUtf8(input)) {
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (lines[i].includes('\uFFFD')) {
        issues.push(makeIssue({ code: 'ENCODING', severity: 'error', file, line: i + 1, note: '(invalid UTF-8)', actual: shown(lines[i].replace(/\r$/, '')) }));
      }
    }
  }
  return text;
}

/**
 * Reads the text of a transaction file into canonical logs (SPEC §1), collecting issues instead of throwing.
 * With no dialect, the file is canonical TSV. A dialect with an `account` column yields one log per account.
 * Each malformed line becomes an issue (file, line, column, the offending text), its row is left out of the log and
 * recorded in `unreadableLines`, and reading goes on. Cost: O(bytes), one split per line, no regular expression on
 * the canonical path.
 */
export function parseLogText(input: string | Uint8Array, opts: ParseLogOptions): ParsedLogText {
  return parseGuarded(opts, (issues) => decode(input, opts.file, issues));
}

/** Decodes (`text`) and reads a file; a failure of the reader itself is a `READ_ERROR` after the issues found so far. */
function parseGuarded(opts: ParseLogOptions, text: (issues: ValidationIssue[]) => string): ParsedLogText {
  const issues: ValidationIssue[] = [];
  try {
    return parseInner(text(issues), opts, issues);
  } catch (err) {
    issues.push(makeIssue({ code: 'READ_ERROR', file: opts.file, note: `(reader failure: ${(err as Error).message})` }));
    return { logs: [], issues };
  }
}

/** Bytes of a file handed over to the reader: `parseLogBytes` takes them out (sets `bytes` to null). */
export interface BytesSource {
  bytes: Uint8Array | null;
}

/** Decodes the bytes a source holds and lets go of them (see `parseLogBytes`). */
function take(source: BytesSource, file: string, issues: ValidationIssue[]): string {
  const bytes = source.bytes ?? new Uint8Array(0);
  source.bytes = null;
  return decode(bytes, file, issues);
}

/**
 * `parseLogText` on bytes the caller hands over: they are taken out of `source` and decoded before any row is read,
 * so that nothing holds them while the text is read (a file's bytes and its text would otherwise both be alive at the
 * reader's peak, issue 15). Same result as `parseLogText(bytes, opts)`.
 */
export function parseLogBytes(source: BytesSource, opts: ParseLogOptions): ParsedLogText {
  return parseGuarded(opts, (issues) => take(source, opts.file, issues));
}

/** What a header line settles: where each column is, and the issues about it (all located on the header line). */
interface HeaderLayout {
  /** Column key → cell index. */
  colIndex: ReadonlyMap<string, number>;
  /** The header's cells, when the line is a header. */
  headerNames: readonly string[];
  /** False when no cell names a known column: the line is the first data row and columns are read by position. */
  isHeader: boolean;
  /** A required column is missing: no row can be read. */
  missing: boolean;
  issues: ReadonlyArray<Omit<IssueInput, 'file' | 'line'>>;
}

const MAX_HEADERS = 256;

/**
 * Reads a header line against the dialect; the result depends on the line and the dialect alone, so it is kept per
 * compiled dialect and line text (a dataset's files share one header; matching its names cost more than reading a
 * short log's rows).
 */
function headerLayout(c: CompiledDialect, lineInFile: string): HeaderLayout {
  const hit = c.headers.get(lineInFile);
  if (hit !== undefined) return hit;
  // a standalone copy: the key and the cells kept must not be slices of the file's text, which would keep it alive
  const headerLine = JSON.parse(JSON.stringify(lineInFile)) as string;
  const dialect = c.dialect;
  const cells = (dialect.quote ? splitQuoted(headerLine, dialect.separator, dialect.quote) : null) ?? headerLine.split(dialect.separator);
  const issues: Array<Omit<IssueInput, 'file' | 'line'>> = [];
  const colIndex = new Map<string, number>();
  const synonyms: string[] = [];
  const unknown: string[] = [];
  for (let i = 0; i < cells.length; i++) {
    const named = c.byName.get(normalizeHeaderName(cells[i]));
    if (!named) {
      if (cells[i].trim() !== '' || cells.length > 1) unknown.push(cells[i]);
      continue;
    }
    if (colIndex.has(named.key)) {
      issues.push({ code: 'HEADER', column: cells[i], note: `(column ${named.key} named twice)`, actual: shown(headerLine) });
      continue;
    }
    colIndex.set(named.key, i);
    if (!named.primary || cells[i] !== dialect.columns[named.key][0]) synonyms.push(`${cells[i]}→${named.key}`);
  }
  let layout: HeaderLayout;
  if (colIndex.size === 0) {
    // no known column name at all: the file has no header; read the first line as data, by position (without the
    // optional columns when the line has exactly as many cells as the others: a version 1 canonical file)
    const optional = new Set(dialect.optionalColumns);
    const without = c.keys.filter((k) => !optional.has(k));
    const keys = optional.size > 0 && cells.length === without.length ? without : c.keys;
    const positional = keys.map((k) => dialect.columns[k][0]);
    issues.push({ code: 'HEADER', note: '(no header row; columns read by position)', expected: shown(positional.join(dialect.separator)), actual: shown(headerLine) });
    keys.forEach((k, i) => colIndex.set(k, i));
    layout = { colIndex, headerNames: positional, isHeader: false, missing: false, issues };
  } else {
    const missing = [...c.required].filter((k) => !colIndex.has(k));
    if (missing.length > 0) {
      issues.push({ code: 'HEADER', note: `(missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')})`, actual: shown(headerLine) });
    } else {
      if (unknown.length > 0) issues.push({ code: 'HEADER_FORMAT', note: `(unknown column${unknown.length > 1 ? 's' : ''} ignored)`, actual: unknown.join(', ') });
      if (dialect.strictHeader) {
        if (synonyms.length > 0) issues.push({ code: 'HEADER_FORMAT', note: '(synonyms of the column names)', actual: synonyms.join(', ') });
        const order = [...colIndex.entries()].sort((a, b) => a[1] - b[1]).map(([k]) => k);
        const declared = c.keys.filter((k) => colIndex.has(k));
        if (order.join('\t') !== declared.join('\t')) issues.push({ code: 'HEADER_FORMAT', note: '(columns reordered)', expected: declared.join(' '), actual: order.join(' ') });
      }
    }
    layout = { colIndex, headerNames: cells, isHeader: true, missing: missing.length > 0, issues };
  }
  if (c.headers.size >= MAX_HEADERS) c.headers.clear();
  c.headers.set(headerLine, layout);
  return layout;
}

interface LogBuilder {
  logId: string;
  rows: LogRow[];
  lines: number[];
  unreadable: number[];
}

/**
 * Reads a file in steps: `readLines` (decoding and file-wide issues), `readHeader`, `fileColumns` (the per-file plan),
 * then each line by `fastPath` when it can and `slowPath` otherwise, and `collectLogs`.
 */
function parseInner(decoded: string, opts: ParseLogOptions, issues: ValidationIssue[]): ParsedLogText {
  const dialect = opts.dialect ?? CANONICAL_DIALECT;
  const c = compile(dialect);
  const file = opts.file;
  const lines = readLines(decoded, dialect, file, issues);
  const { text, starts, ends } = lines;
  const header = readHeader(c, dialect, lines, file, issues);
  if (header === null) return { logs: [], issues };
  const col = fileColumns(c, dialect, header);
  const accounts = newAccounts(dialect, col.accIdx, opts.logId ?? fileStem(file), opts.logId);
  // the fast path reads rows in place in the text; it takes the files whose lines end in LF alone
  const fast = lines.crlf === 0 ? fastPath(c, dialect, col, text, accounts) : null;
  const slow = slowPath(c, dialect, col, file, issues, accounts);
  let dataRow = 0;
  for (let lineIdx = header.first; lineIdx < lines.count; lineIdx++) {
    const s = starts[lineIdx];
    const e = ends[lineIdx];
    const lineNo = lineIdx + 1;
    const first = e === s ? 0 : text.charCodeAt(s);
    if (first <= 32 && text.slice(s, e).trim() === '') {
      issues.push(makeIssue({ code: 'WHITESPACE', file, line: lineNo, note: '(blank line)' }));
      continue;
    }
    dataRow++;
    if (fast !== null && fast(s, e, lineNo)) continue;
    slow(text.slice(s, e), lineNo, dataRow);
  }
  return { logs: collectLogs(c, dialect, file, accountLogs(accounts, col.accIdx)), issues };
}

/**
 * Which log each row goes to: the file's own (`single`), or, with an account column, the log its account value
 * names. A file read as one named log (`expectId`) is not split: each row's account value must name that log (a
 * canonical file's `log_id` cells repeat its file name). A `log_id` column splits a file into the logs it names; rows
 * of the log the file name gives (and ragged lines whose log is not known) stay in the file's own log.
 */
interface Accounts {
  single: LogBuilder;
  byAccount: Map<string, LogBuilder>;
  expectId: string | undefined;
  /** The account cell that `expectId` needs (without the dialect's log id prefix), or null when none can. */
  expectCell: string | null;
  prefix: string;
  byLogId: boolean;
  /** The previous row's account value and builder (rows of one log come in runs). */
  lastAcc: string;
  lastBuilder: LogBuilder | null;
}

function newAccounts(dialect: Dialect, accIdx: number, ownId: string, expect: string | undefined): Accounts {
  const expectId = accIdx >= 0 ? expect : undefined;
  const prefix = dialect.logIdPrefix;
  return {
    single: { logId: ownId, rows: [], lines: [], unreadable: [] },
    byAccount: new Map(),
    expectId,
    expectCell: expectId !== undefined && expectId.startsWith(prefix) ? expectId.slice(prefix.length) : null,
    prefix,
    byLogId: dialect.account === LOG_ID_COLUMN,
    lastAcc: '',
    lastBuilder: null,
  };
}

/** The builder of account value `acc` (created on first sight). */
function accountBuilder(a: Accounts, acc: string): LogBuilder {
  let b = a.byAccount.get(acc);
  if (!b) a.byAccount.set(acc, (b = a.byLogId && a.prefix + acc === a.single.logId ? a.single : { logId: a.prefix + acc, rows: [], lines: [], unreadable: [] }));
  a.lastAcc = acc;
  a.lastBuilder = b;
  return b;
}

/** The builders whose logs the file yields. */
function accountLogs(a: Accounts, accIdx: number): LogBuilder[] {
  if (accIdx < 0 || a.expectId !== undefined) return [a.single];
  if (!a.byLogId) return [...a.byAccount.values()];
  // split by log_id: the logs named, and the file's own log when it holds anything (or nothing else was read)
  const named = [...a.byAccount.values()].filter((b) => b !== a.single);
  const own = a.single.rows.length > 0 || a.single.unreadable.length > 0 || named.length === 0;
  return own ? [a.single, ...named] : named;
}

/**
 * A file's text and where its lines are (a CR before each LF left out), found in place: no string is cut per line
 * (a line is `text.slice(starts[i], ends[i])`, made only when a line is read by the full reader), and how many lines
 * ended in CRLF.
 */
interface FileLines {
  text: string;
  count: number;
  starts: Int32Array;
  ends: Int32Array;
  crlf: number;
}

/**
 * The line offset tables, shared by every read (reading is synchronous, one file at a time) and grown as needed, so
 * that a short log allocates none; a file's `FileLines` are valid until the next file is read.
 */
let lineStarts: Int32Array = new Int32Array(1024);
let lineEnds: Int32Array = new Int32Array(1024);

/** A table twice as long holding the same values. */
function grow(a: Int32Array): Int32Array {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

/** Line `i` of a file (without its line ending). */
function lineAt(f: FileLines, i: number): string {
  return f.text.slice(f.starts[i], f.ends[i]);
}

/**
 * Step 1 of reading a file: decodes it and cuts it into lines, collecting what is wrong with the file as a whole
 * (undecodable bytes, a byte-order mark the dialect does not expect, other line endings, mojibake) as issues.
 */
function readLines(decoded: string, dialect: Dialect, file: string, issues: ValidationIssue[]): FileLines {
  let text = decoded;
  const undecodable = issues.length > 0;

  if (text.charCodeAt(0) === 0xfeff) {
    text = text.slice(1);
    if (!dialect.bom) issues.push(makeIssue({ code: 'ENCODING', file, line: 1, note: '(byte-order mark)', actual: 'BOM' }));
  }

  // the lines of `text.split('\n')`, without the empty one after a final LF, into the shared offset tables
  const len = text.length;
  let starts = lineStarts;
  let ends = lineEnds;
  let count = 0;
  let crlf = 0;
  let firstCrlf = 0;
  let firstLf = 0;
  for (let at = 0; at < len; count++) {
    let nl = text.indexOf('\n', at);
    if (nl < 0) nl = len;
    if (count === starts.length) {
      starts = grow(starts);
      ends = grow(ends);
    }
    starts[count] = at;
    if (nl > at && text.charCodeAt(nl - 1) === 13) {
      ends[count] = nl - 1;
      if (crlf++ === 0) firstCrlf = count + 1;
    } else {
      ends[count] = nl;
      if (firstLf === 0) firstLf = count + 1;
    }
    at = nl + 1;
  }
  lineStarts = starts;
  lineEnds = ends;
  const lines: FileLines = { text, count, starts, ends, crlf };
  if (dialect.lineEnding === 'lf' && crlf > 0) {
    issues.push(makeIssue({ code: 'ENCODING', file, line: firstCrlf, note: `(CRLF line endings on ${crlf} lines)`, actual: 'CRLF' }));
  } else if (dialect.lineEnding === 'crlf' && crlf > 0 && crlf < count && firstLf > 0) {
    issues.push(makeIssue({ code: 'ENCODING', file, line: firstLf, note: `(LF line endings on ${count - crlf} lines)`, actual: 'LF' }));
  }
  if (!undecodable && MOJIBAKE_LEADS.some((ch) => text.includes(ch)) && MOJIBAKE_RE.test(text)) {
    for (let i = 0; i < count; i++) {
      const line = lineAt(lines, i);
      const m = MOJIBAKE_RE.exec(line);
      if (m) issues.push(makeIssue({ code: 'ENCODING', file, line: i + 1, note: '(mojibake)', actual: shown(line.slice(Math.max(0, m.index - 20), m.index + 20)) }));
    }
  }
  return lines;
}

/** Where a file's rows start, which cell holds each column, and the header's own names for them. */
interface Header {
  /** Index of the first line after the header (and the blank lines before it). */
  first: number;
  colIndex: ReadonlyMap<string, number>;
  nCols: number;
  headerNames: readonly string[];
}

/** Step 2: the header line (or the dialect's column order when it has none); null when no row can be read. */
function readHeader(c: CompiledDialect, dialect: Dialect, lines: FileLines, file: string, issues: ValidationIssue[]): Header | null {
  let lineIdx = 0;
  while (lineIdx < lines.count && lineAt(lines, lineIdx).trim() === '') lineIdx++;
  let colIndex: ReadonlyMap<string, number>;
  let nCols = c.keys.length;
  let headerNames: readonly string[] = c.keys.map((k) => dialect.columns[k][0]);
  if (dialect.header) {
    if (lineIdx >= lines.count) {
      issues.push(makeIssue({ code: 'HEADER', file, line: 1, note: '(empty file, no header)' }));
      return null;
    }
    const layout = headerLayout(c, lineAt(lines, lineIdx));
    for (const input of layout.issues) issues.push(makeIssue({ ...input, file, line: lineIdx + 1 }));
    if (layout.missing) return null;
    colIndex = layout.colIndex;
    if (layout.isHeader) {
      headerNames = layout.headerNames;
      nCols = layout.headerNames.length;
      lineIdx++;
    }
  } else {
    colIndex = new Map(c.keys.map((k, i) => [k, i]));
  }
  return { first: lineIdx, colIndex, nCols, headerNames };
}

/** Step 3: the per-file plan both row readers follow: each field's getter, each column's cell index and display name. */
function fileColumns(c: CompiledDialect, dialect: Dialect, h: Header) {
  const { colIndex, headerNames, nCols } = h;
  const nameOf = (key: string): string => {
    const i = colIndex.get(key);
    return i !== undefined && headerNames[i] !== undefined ? headerNames[i].trim() : dialect.columns[key]?.[0] ?? key;
  };

  const usedIdx = [...new Set([...colIndex.values()])].sort((a, b) => a - b);
  const idx = (key: string): number => colIndex.get(key) ?? -1;
  type Getter = (cells: string[]) => string;
  const fieldGetter = (spec: FieldSpec): Getter => {
    const parts: Getter[] = spec.sources.map((s): Getter => {
      if (typeof s === 'string' || ('column' in s && !s.map)) {
        const i = idx(typeof s === 'string' ? s : s.column);
        return i < 0 ? () => '' : (cells) => cells[i];
      }
      if ('column' in s) {
        const i = idx(s.column);
        const map = c.maps.get(s) as Map<string, string>;
        return i < 0 ? () => '' : (cells) => map.get(cells[i].toLowerCase()) ?? '';
      }
      if ('template' in s) {
        const pieces = s.template.split(/(\{[^}]+\})/).filter((p) => p !== '');
        const getters = pieces.map((p): Getter | string => {
          const m = /^\{([^}]+)\}$/.exec(p);
          if (!m) return p;
          const i = idx(m[1]);
          return i < 0 ? () => '' : (cells) => cells[i];
        });
        return (cells) => {
          let out = '';
          for (const g of getters) {
            if (typeof g === 'string') out += g;
            else {
              const v = g(cells);
              if (v === '') return '';
              out += v;
            }
          }
          return out.trim();
        };
      }
      const k = s.const;
      return () => k;
    });
    if (parts.length === 1) return parts[0];
    return (cells) => {
      for (const p of parts) {
        const v = p(cells);
        if (v !== '') return v;
      }
      return '';
    };
  };
  // The cell a field's value came from (its first non-empty plain column source), or -1 when it came from a map, a
  // template, a constant or no cell: two fields read from one cell (debit-credit: `description` is both counterparty
  // and remark) must report a problem of that cell once, at the cell's own column.
  const fieldSource = (spec: FieldSpec): ((cells: string[]) => number) => {
    const plain = spec.sources.map((s) => (typeof s === 'string' ? idx(s) : 'column' in s && !s.map ? idx(s.column) : -2));
    return (cells) => {
      for (let k = 0; k < plain.length; k++) {
        const i = plain[k];
        if (i === -1) continue;
        if (i === -2) return -1;
        if (cells[i] !== '') return i;
      }
      return -1;
    };
  };
  const cellNames: string[] = [];
  for (const [key, i] of colIndex) cellNames[i] ??= nameOf(key);
  const firstColumnName = (spec: FieldSpec, field: string): string => {
    for (const s of spec.sources) {
      if (typeof s === 'string') return nameOf(s);
      if ('column' in s) return nameOf(s.column);
    }
    return field;
  };
  const fields = DIALECT_FIELDS.map((f) => ({
    field: f,
    get: fieldGetter(dialect.fields[f]),
    source: fieldSource(dialect.fields[f]),
    def: dialect.fields[f].default ?? '',
    column: firstColumnName(dialect.fields[f], f),
    enumSet: ENUMS[f],
    text: TEXT_FIELDS.has(f),
    location: f === 'location',
  }));
  const tsIdx = idx(dialect.timestamp.column);
  const tsName = nameOf(dialect.timestamp.column);
  const balIdx = idx(dialect.balance.column);
  const balName = nameOf(dialect.balance.column);
  const amt = dialect.amount;
  const amtIdx = amt.mode === 'debit-credit' ? idx(amt.debit) : idx(amt.column);
  const creditIdx = amt.mode === 'debit-credit' ? idx(amt.credit) : -1;
  const signIdx = amt.mode === 'type-sign' ? idx(amt.signColumn) : -1;
  const amtName = amt.mode === 'debit-credit' ? nameOf(amt.debit) : nameOf(amt.column);
  const creditName = amt.mode === 'debit-credit' ? nameOf(amt.credit) : '';
  const signName = amt.mode === 'type-sign' ? nameOf(amt.signColumn) : '';
  const accIdx = dialect.account ? idx(dialect.account) : -1;
  const accName = dialect.account ? nameOf(dialect.account) : '';
  const num = dialect.number;
  const warnWs = dialect.whitespace === 'warn';
  const strictText = dialect.strictText;
  return { nCols, headerNames, cellNames, idx, usedIdx, fields, tsIdx, tsName, balIdx, balName, amt, amtIdx, creditIdx, signIdx, amtName, creditName, signName, accIdx, accName, num, warnWs, strictText };
}

type Columns = ReturnType<typeof fileColumns>;

/**
 * Step 4, the fast path for one-to-one dialects (the canonical TSV): a clean row is read with a few native string
 * tests; anything unusual (blank, padded, lenient spelling, bad value) gives null and falls through to the full
 * reader (`slowPath`). Null instead of a reader when the dialect is not one-to-one.
 */
function fastPath(c: CompiledDialect, dialect: Dialect, col: Columns, text: string, accounts: Accounts): ((s: number, e: number, lineNo: number) => boolean) | null {
  const { idx, nCols, tsIdx, amtIdx, balIdx, accIdx, amt, num, strictText } = col;
  const sep = dialect.separator;
  const quote = dialect.quote;
  const simple = (spec: FieldSpec): number => (spec.sources.length === 1 && typeof spec.sources[0] === 'string' && spec.default === undefined ? idx(spec.sources[0]) : -1);
  const fi = DIALECT_FIELDS.map((f) => simple(dialect.fields[f]));
  const fastMode = !quote && sep.length === 1 && amt.mode === 'signed' && fi.every((i) => i >= 0) && tsIdx >= 0 && amtIdx >= 0 && balIdx >= 0;
  if (!fastMode) return null;
  const [fId, fType, fChannel, fParty, fStatus, fLoc, fRemark] = fi;
  // `text[s, e)` is a text cell a clean row may hold: not empty, no padding, no formula lead (the characters a strict
  // dialect forbids inside it were already looked for by the scan of the whole line)
  const cleanText = (s: number, e: number): boolean => {
    if (e <= s) return false;
    const a = text.charCodeAt(s);
    const z = text.charCodeAt(e - 1);
    // = + - @ and their full-width forms (U+FF1D, U+FF0B, U+FF0D, U+FF20): FORMULA_LEAD_RE, tested in place
    return !(a <= 32 || z <= 32 || a === 0xa0 || z === 0xa0 || a === 61 || a === 43 || a === 45 || a === 64 || a === 0xff1d || a === 0xff0b || a === 0xff0d || a === 0xff20);
  };
  const strictCents = strictCentsParser(num);
  const tsValidAt = c.date.validAt;
  const starts = new Int32Array(nCols);
  const ends = new Int32Array(nCols);
  // Counterparties and remarks repeat down a log (a few dozen names and phrases over hundreds of rows): in a large
  // file each distinct text is one string shared by its rows, not one string per row (issue 15: a parsed log's
  // memory). Up to `MAX_SHARED_TEXTS` distinct texts per file are remembered; past that a text is cut per row. A
  // small file's rows are let go once it is checked, and looking texts up would cost more than their strings.
  const texts = text.length >= SHARE_TEXTS_FROM_CHARS ? new Map<string, string>() : null;
  const shared = (s: number, e: number): string => {
    const v = text.slice(s, e);
    if (texts === null) return v;
    const hit = texts.get(v);
    if (hit !== undefined) return hit;
    if (texts.size < MAX_SHARED_TEXTS) texts.set(v, v);
    return v;
  };
  let lastTs = '';
  // a strict dialect's text cells may not hold a quote, CR or NUL: when the whole text has none (three native scans),
  // no line needs looking at character by character
  const anyForbidden = strictText && (text.includes('"') || text.includes('\r') || text.includes('\0'));
  // The line `text[s, e)` as a row, or null when anything about it needs the full reader. The separators are found
  // with native searches in the text itself (no line string is cut); numbers, codes and times are read in place, the
  // four text cells (id, time, counterparty, remark) are cut out as strings, and the enum cells are compared as
  // short substrings.
  const fastRow = (s: number, e: number): LogRow | null => {
    let p = s;
    const last = nCols - 1;
    for (let k = 0; k < last; k++) {
      const t = text.indexOf(sep, p);
      if (t < 0 || t >= e) return null;
      starts[k] = p;
      ends[k] = t;
      p = t + 1;
    }
    const extra = text.indexOf(sep, p);
    if (extra >= 0 && extra < e) return null;
    starts[last] = p;
    ends[last] = e;
    if (anyForbidden) {
      for (let i = s; i < e; i++) {
        const ch = text.charCodeAt(i);
        if (ch === 34 || ch === 13 || ch === 0) return null;
      }
    }
    const type = intern(TYPE_TABLE, text, starts[fType], ends[fType]);
    const channel = intern(CHANNEL_TABLE, text, starts[fChannel], ends[fChannel]);
    const status = intern(STATUS_TABLE, text, starts[fStatus], ends[fStatus]);
    if (type === null || channel === null || status === null) return null;
    const location = countryCode(text, starts[fLoc], ends[fLoc]);
    if (location === null) return null;
    const amountCents = strictCents(text, starts[amtIdx], ends[amtIdx]);
    if (amountCents !== amountCents) return null;
    const balanceCents = strictCents(text, starts[balIdx], ends[balIdx]);
    if (balanceCents !== balanceCents) return null;
    if (!cleanText(starts[fId], ends[fId]) || !cleanText(starts[fParty], ends[fParty]) || !cleanText(starts[fRemark], ends[fRemark])) return null;
    // a format that keeps valid values as written (the canonical one) is tested in place, before any substring
    const ts0 = starts[tsIdx];
    const ts1 = ends[tsIdx];
    // a row at the same time as the one before shares its timestamp string
    const timestamp =
      tsValidAt !== undefined
        ? tsValidAt(text, ts0, ts1)
          ? ts1 - ts0 === lastTs.length && text.charCodeAt(ts1 - 1) === lastTs.charCodeAt(lastTs.length - 1) && text.startsWith(lastTs, ts0)
            ? lastTs
            : (lastTs = text.slice(ts0, ts1))
          : null
        : c.date.parse(text.slice(ts0, ts1));
    if (timestamp === null) return null;
    const txnId = text.slice(starts[fId], ends[fId]);
    const counterparty = shared(starts[fParty], ends[fParty]);
    const remark = shared(starts[fRemark], ends[fRemark]);
    return { txn_id: txnId, timestamp, type: type as LogRow['type'], channel: channel as LogRow['channel'], counterparty, amountCents, balanceCents, status: status as LogRow['status'], location, remark };
  };
  const { expectId, expectCell } = accounts;
  // Reads the line `text[s, e)` into its log and says so, or says false when the full reader must read it.
  return (s, e, lineNo) => {
    const row = fastRow(s, e);
    if (row === null) return false;
    let b: LogBuilder | null = accounts.single;
    if (accIdx >= 0) {
      // the account cell, compared in place with the expected id or the previous row's value
      const as = starts[accIdx];
      const ae = ends[accIdx];
      const n = ae - as;
      if (expectId !== undefined) b = expectCell !== null && n === expectCell.length && text.startsWith(expectCell, as) ? accounts.single : null;
      else if (accounts.lastBuilder !== null && n === accounts.lastAcc.length && text.startsWith(accounts.lastAcc, as)) b = accounts.lastBuilder;
      else b = cleanText(as, ae) ? accountBuilder(accounts, text.slice(as, ae)) : null;
    }
    if (b === null) return false;
    b.rows.push(row);
    b.lines.push(lineNo);
    return true;
  };
}

/**
 * Step 5, the full reader of one line: splits it, reads and checks every field, and adds the row to its log (the
 * file's, or its account's), or records the line as unreadable; every problem is an issue located on the line.
 */
function slowPath(
  c: CompiledDialect,
  dialect: Dialect,
  col: Columns,
  file: string,
  issues: ValidationIssue[],
  accounts: Accounts,
): (line: string, lineNo: number, dataRow: number) => void {
  const { single, expectId, prefix } = accounts;
  const { nCols, headerNames, cellNames, usedIdx, fields, tsIdx, tsName, balIdx, balName, amt, amtIdx, creditIdx, signIdx, amtName, creditName, signName, accIdx, accName, num, warnWs, strictText } = col;
  const sep = dialect.separator;
  const quote = dialect.quote;
  const split = (line: string): string[] | null => (quote ? splitQuoted(line, sep, quote) : line.split(sep));
  return (line, lineNo, dataRow) => {
    const cells = split(line);
    let bad = false;
    const report = (code: IssueCode, column: string | undefined, actual: unknown, note?: string, severity?: 'error' | 'warning'): void => {
      issues.push(makeIssue({ code, severity, file, line: lineNo, row: dataRow, column, actual, note }));
      if ((severity ?? ISSUE_CODE_TABLE[code].severity) === 'error') bad = true;
    };
    if (cells === null) {
      report('BAD_TEXT', undefined, shown(line), '(unterminated quote)');
      (accIdx < 0 || expectId !== undefined ? single : null)?.unreadable.push(lineNo);
      return;
    }
    if (cells.length !== nCols) {
      const col = cells.length < nCols ? headerNames[cells.length] : `(field ${nCols + 1})`;
      issues.push(makeIssue({ code: 'FIELD_COUNT', file, line: lineNo, row: dataRow, column: col?.trim(), expected: nCols, actual: cells.length, note: `in ${JSON.stringify(shown(line))}` }));
      if (accIdx < 0) single.unreadable.push(lineNo);
      else {
        // attribute the ragged line to its account when the account cell can still be found
        const acc = (cells[accIdx] ?? '').trim();
        if (expectId !== undefined || (accounts.byLogId && !accounts.byAccount.has(acc))) single.unreadable.push(lineNo);
        else if (acc !== '') accountBuilder(accounts, acc).unreadable.push(lineNo);
      }
      return;
    }
    // whitespace
    for (const i of usedIdx) {
      const v = cells[i];
      const n = v.length;
      if (n > 0 && (v.charCodeAt(0) <= 32 || v.charCodeAt(n - 1) <= 32 || v.charCodeAt(0) === 0xa0 || v.charCodeAt(n - 1) === 0xa0)) {
        const t = v.trim();
        if (warnWs && t !== '') report('WHITESPACE', headerNames[i]?.trim(), v);
        cells[i] = t;
      }
    }
    // account
    let builder = single;
    if (accIdx >= 0) {
      const acc = cells[accIdx];
      if (expectId !== undefined) {
        if (acc === '') report('EMPTY_FIELD', accName, acc);
        else if (prefix + acc !== expectId) report('BAD_VALUE', accName, shown(acc), `(the file holds log ${expectId})`);
      } else if (acc === '') {
        report('EMPTY_FIELD', accName, acc);
        return;
      } else builder = accounts.lastBuilder !== null && acc === accounts.lastAcc ? accounts.lastBuilder : accountBuilder(accounts, acc);
    }
    // text and enum fields
    const values: string[] = new Array(fields.length);
    const textCells: number[] = [];
    for (let f = 0; f < fields.length; f++) {
      const fd = fields[f];
      let v = fd.get(cells);
      if (v === '') {
        if (fd.def === '') {
          report('EMPTY_FIELD', fd.column, v);
          continue;
        }
        v = fd.def;
      }
      if (fd.enumSet !== undefined) {
        if (!fd.enumSet.has(v)) report('BAD_VALUE', fd.column, v);
      } else if (fd.location) {
        if (!LOCATION_RE.test(v)) report('BAD_VALUE', fd.column, v, '(not an ISO 3166 alpha-2 code)');
      } else if (fd.text) {
        const at = fd.source(cells);
        // a cell already checked as another text field is not reported again
        if (at < 0 || !textCells.includes(at)) {
          const column = at >= 0 ? (cellNames[at] ?? fd.column) : fd.column;
          if (strictText && BAD_TEXT_RE.test(v)) report('BAD_TEXT', column, shown(v));
          else if (FORMULA_LEAD_RE.test(v)) report('UNSAFE_TEXT', column, shown(v));
        }
        if (at >= 0) textCells.push(at);
      }
      values[f] = v;
    }
    // timestamp
    let timestamp = '';
    const rawTs = cells[tsIdx] ?? '';
    if (rawTs === '') report('EMPTY_FIELD', tsName, rawTs);
    else {
      const ts = c.date.parse(rawTs);
      if (ts !== null) timestamp = ts;
      else {
        let alt: string | null = null;
        let fmt = '';
        for (const p of c.alternatives) {
          alt = p.parse(rawTs);
          if (alt !== null) {
            fmt = p.format;
            break;
          }
        }
        if (alt !== null) {
          timestamp = alt;
          report('TIMESTAMP_FORMAT', tsName, rawTs, `(read as ${fmt})`, 'warning');
        } else report('BAD_TIMESTAMP', tsName, shown(rawTs), undefined);
      }
    }
    // amount
    let amountCents = 0;
    const money = (raw: string, column: string): number | null => {
      if (raw === '') {
        report('EMPTY_FIELD', column, raw);
        return null;
      }
      const r = parseMoney(raw, num);
      if (!r.ok) {
        report(r.code, column, shown(raw));
        return null;
      }
      if (r.lenient) report('NUMBER_FORMAT', column, raw, undefined, 'warning');
      return r.cents;
    };
    if (amt.mode === 'signed') {
      amountCents = money(cells[amtIdx], amtName) ?? 0;
    } else if (amt.mode === 'type-sign') {
      const v = money(cells[amtIdx], amtName);
      const sign = c.signs?.get(cells[signIdx].toLowerCase());
      if (sign === undefined) report('BAD_VALUE', signName, cells[signIdx], '(no sign for this value)');
      else if (v !== null) {
        if (v < 0) report('BAD_VALUE', amtName, cells[amtIdx], '(negative amount where the sign comes from a type column)');
        amountCents = sign * v;
      }
    } else {
      const d = cells[amtIdx];
      const cr = cells[creditIdx];
      if (d === '' && cr === '') report('EMPTY_FIELD', `${amtName}/${creditName}`, '');
      else {
        const dv = d === '' ? 0 : money(d, amtName);
        const cv = cr === '' ? 0 : money(cr, creditName);
        if (dv !== null && cv !== null) {
          if (dv !== 0 && cv !== 0) report('BAD_VALUE', `${amtName}/${creditName}`, `${d} / ${cr}`, '(both debit and credit filled)');
          amountCents = Math.abs(cv) - Math.abs(dv);
        }
      }
    }
    const balanceCents = money(cells[balIdx], balName) ?? 0;
    if (bad) {
      builder.unreadable.push(lineNo);
      return;
    }
    builder.rows.push({
      txn_id: values[0],
      timestamp,
      type: values[1] as LogRow['type'],
      channel: values[2] as LogRow['channel'],
      counterparty: values[3],
      amountCents,
      balanceCents,
      status: values[4] as LogRow['status'],
      location: values[5],
      remark: values[6],
    });
    builder.lines.push(lineNo);
  };
}

/** Step 6: the logs read, one per builder, with the dialect's client kind and business category. */
function collectLogs(c: CompiledDialect, dialect: Dialect, file: string, builders: readonly LogBuilder[]): Log[] {
  const logs: Log[] = builders.map((b) => {
    const log: Log = { logId: b.logId, rows: b.rows, hasTimeOfDay: c.date.hasTime, file, lines: b.lines };
    if (b.unreadable.length > 0) log.unreadableLines = b.unreadable;
    if (dialect.clientKind) log.clientKind = dialect.clientKind;
    if (dialect.businessCategory) log.businessCategory = dialect.businessCategory;
    return log;
  });
  return logs;
}

/** A path's file name without its extension (`a/b/p000001.tsv` → `p000001`), as `path.basename(p, path.extname(p))`. */
export function fileStem(path: string): string {
  const trimmed = path.replace(/[\\/]+$/, '');
  const name = trimmed.slice(Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\')) + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}
