/** Header values as node:http parses them: lower-case names, repeated headers joined, `set-cookie` as a list. */
type ParsedHeaders = Readonly<Record<string, string | string[] | undefined>>;

// The built-in class without its declared members: the typings declare `Headers`' methods as properties, which a
// subclass cannot override. The built-in methods are called through `builtin` once the pairs are copied in.
const HeadersBase = Headers as unknown as new () => object;
const builtin = Headers.prototype;

/** Characters a header name may hold (RFC 9110 token), as `Headers` checks them. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * The `Headers` of a received response, read straight from node:http's parsed headers. The SDK reads every
 * response's headers several times (content type, request id, and a full iteration for its debug log even when
 * logging is off); a built-in `Headers` validates and copies each header on the way in and sorts on every
 * iteration, which costs more than the rest of the response handling. Here the sorted entries are built once, on
 * first iteration. Reads behave as on a `Headers` built from the same pairs (tested); the first change (`set`,
 * `append`, `delete`) copies the pairs into the built-in one, which then answers everything.
 */
export class ReceivedHeaders extends HeadersBase {
  /** Lower-case name → value, repeated headers joined with ", " as `Headers.get` joins them. */
  readonly #values = new Map<string, string>();
  readonly #cookies: string[] = [];
  #sorted: Array<[string, string]> | undefined;
  #copied = false;

  constructor(parsed: ParsedHeaders) {
    super();
    for (const name in parsed) {
      const v = parsed[name];
      if (v === undefined) continue;
      const key = name.toLowerCase();
      for (const one of Array.isArray(v) ? v : [v]) {
        const value = trimHttpWhitespace(one);
        if (key === 'set-cookie') this.#cookies.push(value);
        const before = this.#values.get(key);
        this.#values.set(key, before === undefined ? value : `${before}, ${value}`);
      }
    }
  }

  /** Hands everything to the built-in `Headers` from now on (before its first change). */
  #copy(): void {
    if (this.#copied) return;
    this.#copied = true;
    for (const [k, v] of this.#entries()) builtin.append.call(this, k, v);
  }

  /** Entries as `Headers` iterates them: sorted by name, `set-cookie` values one by one. */
  #entries(): Array<[string, string]> {
    if (this.#sorted === undefined) {
      const names = [...this.#values.keys()].sort();
      const out: Array<[string, string]> = [];
      for (const k of names) {
        if (k === 'set-cookie') for (const c of this.#cookies) out.push([k, c]);
        else out.push([k, this.#values.get(k)!]);
      }
      this.#sorted = out;
    }
    return this.#sorted;
  }

  get(name: string): string | null {
    if (this.#copied) return builtin.get.call(this, name);
    const v = this.#values.get(String(name).toLowerCase());
    if (v !== undefined) return v;
    checkName('get', name);
    return null;
  }

  has(name: string): boolean {
    if (this.#copied) return builtin.has.call(this, name);
    if (this.#values.has(String(name).toLowerCase())) return true;
    checkName('has', name);
    return false;
  }

  getSetCookie(): string[] {
    return this.#copied ? builtin.getSetCookie.call(this) : [...this.#cookies];
  }

  forEach(callback: (value: string, key: string, parent: Headers) => void, thisArg?: unknown): void {
    if (this.#copied) return builtin.forEach.call(this, callback, thisArg);
    for (const [k, v] of this.#entries()) callback.call(thisArg, v, k, this as unknown as Headers);
  }

  entries(): IterableIterator<[string, string]> {
    if (this.#copied) return builtin.entries.call(this);
    return this.#entries()
      .map(([k, v]): [string, string] => [k, v])
      .values() as IterableIterator<[string, string]>;
  }

  keys(): IterableIterator<string> {
    if (this.#copied) return builtin.keys.call(this);
    return this.#entries()
      .map(([k]) => k)
      .values() as IterableIterator<string>;
  }

  values(): IterableIterator<string> {
    if (this.#copied) return builtin.values.call(this);
    return this.#entries()
      .map(([, v]) => v)
      .values() as IterableIterator<string>;
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  set(name: string, value: string): void {
    this.#copy();
    builtin.set.call(this, name, value);
  }

  append(name: string, value: string): void {
    this.#copy();
    builtin.append.call(this, name, value);
  }

  delete(name: string): void {
    this.#copy();
    builtin.delete.call(this, name);
  }
}

function checkName(method: string, name: string): void {
  if (!TOKEN.test(String(name))) throw new TypeError(`Headers.${method}: "${name}" is an invalid header name.`);
}

/** Strips leading and trailing HTTP whitespace (tab, space, CR, LF), as `Headers` normalises values. */
function trimHttpWhitespace(s: string): string {
  const ws = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
  if (s.length === 0 || (!ws(s.charCodeAt(0)) && !ws(s.charCodeAt(s.length - 1)))) return s;
  let a = 0;
  let b = s.length;
  while (a < b && ws(s.charCodeAt(a))) a++;
  while (b > a && ws(s.charCodeAt(b - 1))) b--;
  return s.slice(a, b);
}
