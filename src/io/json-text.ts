import { InputError } from '../errors.js';

/**
 * JSON text read from files, with one answer for the two things `JSON.parse` leaves to the caller: a UTF-8 byte-order
 * mark at the start of a file (Windows editors write one; it is skipped, as every JSON reader users compare us with
 * does), and where a syntax error is (Node's messages give a position for some errors only, and none for
 * `Unexpected token` or `Unexpected end of JSON input`).
 */

/** The text without a leading byte-order mark (U+FEFF). */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Parses JSON text from `file`: the whole file, or (with `line`) one line of a JSON Lines file. A leading BOM is
 * skipped (on line 1 only, for a line). A syntax error is an `InputError` naming the file and the line and column of
 * the first character that cannot continue JSON (the end of the text for a truncated one).
 */
export function parseJsonText(text: string, file: string, line?: number): unknown {
  const body = line === undefined || line === 1 ? withoutBom(text) : text;
  try {
    return JSON.parse(body);
  } catch (err) {
    throw jsonSyntaxError(body, file, err as Error, line);
  }
}

/** The `InputError` of a failed `JSON.parse(text)`: the message without its position, and where the error is. */
function jsonSyntaxError(text: string, file: string, err: Error, line?: number): InputError {
  const offset = jsonErrorOffset(text);
  const where = offset < 0 ? (line === undefined ? {} : { line }) : line === undefined ? lineColumn(text, offset) : { line, column: offset + 1 };
  return new InputError(`invalid JSON: ${shortJsonMessage(err.message)}`, { file, ...where });
}

/** `JSON.parse`'s message without the position and the quoted excerpt (the error's line and column say where). */
export function shortJsonMessage(message: string): string {
  return message
    .replace(/ (?:in JSON )?at position \d+.*$/s, '')
    .replace(/, (?:\.\.\.)?".*is not valid JSON$/s, '')
    .replace(/\s+/g, ' ');
}

/** The 1-based line and column of a character offset. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}

const NUMBER_RE = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4_RE = /^[0-9a-fA-F]{4}$/;

/**
 * The offset of the first character at which `text` stops being JSON (RFC 8259), `text.length` when it ends too soon,
 * or -1 when it is JSON (or nests too deeply to scan). Only called after `JSON.parse` failed: one pass, no values built.
 */
export function jsonErrorOffset(text: string): number {
  const n = text.length;
  let i = 0;
  const stop = (): never => {
    throw new JsonStop(i);
  };
  const space = (): void => {
    for (let c = text.charCodeAt(i); c === 32 || c === 9 || c === 10 || c === 13; c = text.charCodeAt(++i));
  };
  const string = (): void => {
    i++;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return;
      }
      if (c < 32) stop();
      if (c !== 92) i++;
      else if (text[i + 1] === 'u') {
        i += 2;
        if (!HEX4_RE.test(text.slice(i, i + 4))) stop();
        i += 4;
      } else if (i + 1 < n && '"\\/bfnrt'.includes(text[i + 1])) i += 2;
      else {
        i++;
        stop();
      }
    }
    stop();
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      i++;
      space();
      if (text[i] === close) {
        i++;
        return;
      }
      for (;;) {
        if (c === '{') {
          space();
          if (text[i] !== '"') stop();
          string();
          space();
          if (text[i] !== ':') stop();
          i++;
        }
        value();
        space();
        if (text[i] === ',') i++;
        else if (text[i] === close) {
          i++;
          return;
        } else stop();
      }
    }
    if (c === '"') return string();
    for (const word of ['true', 'false', 'null']) {
      if (c === word[0]) {
        for (let k = 0; k < word.length; k++, i++) if (text[i] !== word[k]) stop();
        return;
      }
    }
    NUMBER_RE.lastIndex = i;
    if (!NUMBER_RE.test(text)) stop();
    i = NUMBER_RE.lastIndex;
  };
  try {
    value();
    space();
    if (i < n) stop();
    return -1;
  } catch (err) {
    if (err instanceof JsonStop) return Math.min(err.offset, n);
    return -1;
  }
}

class JsonStop {
  constructor(readonly offset: number) {}
}
