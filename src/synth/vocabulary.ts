import type { Faker } from '@faker-js/faker';
import type { ClientKind } from '../schema/log-row.js';
import type { Rng } from '../random/rng.js';
import { COUNTERPARTY_KINDS } from './data/counterparties.js';
import { MONTH_NAMES, REMARK_KINDS } from './data/remarks.js';
import { BRANDS, CITIES, GIVEN_NAMES, SURNAMES } from './data/names.js';
import { MERCHANTS_ABROAD } from './data/merchants-abroad.js';
import { MERCHANT_AMOUNTS } from './data/merchant-amounts.js';
import { safeText } from './text.js';

/**
 * Builds counterparty names and remarks for one log from the data tables. Every draw reads the log's stream: table
 * picks and reference numbers directly (the hot path: one draw each), faker (whose randomizer is the same stream)
 * for foreign merchants' names. SME logs use the `sme` templates, which carry business suffixes.
 */
export class Vocabulary {
  private readonly city: string;
  /** Remarks that fit particular counterparties of this log (from `@` hints of their templates). */
  private readonly fitting = new Map<string, CompiledRemark[]>();
  /** What one purchase costs at particular counterparties of this log, CNY (from `MERCHANT_AMOUNTS`). */
  private readonly ranges = new Map<string, readonly [number, number]>();

  constructor(
    private readonly faker: Faker,
    private readonly rng: Rng,
    private readonly clientKind: ClientKind,
  ) {
    // Each account holder lives in one city; local utilities and bureaus are named after it.
    this.city = this.pick(CITIES);
  }

  /**
   * A fresh counterparty name of a kind (see `COUNTERPARTY_KINDS`); unknown kinds read as the kind in words.
   * `overseas_merchant@JP` and `overseas_atm@JP` name a merchant or a cash machine of that country
   * (`MERCHANTS_ABROAD`), with the remarks that fit the merchant.
   */
  counterparty(kind: string): string {
    const at = kind.indexOf('@');
    if (at > 0) return this.abroad(kind.slice(0, at), kind.slice(at + 1));
    // Two-level lookup (client kind, then counterparty kind): no key string is built per call on this hot path.
    let byKind = NAME_TEMPLATES.get(this.clientKind);
    if (!byKind) {
      byKind = new Map();
      NAME_TEMPLATES.set(this.clientKind, byKind);
    }
    let templates = byKind.get(kind);
    if (!templates) {
      const entry = COUNTERPARTY_KINDS[kind];
      const sources = entry ? (this.clientKind === 'sme' ? entry.sme : entry.personal) : [`{brand} ${titleCase(kind)}${this.clientKind === 'sme' ? ' Co., Ltd.' : ''}`];
      templates = sources.map((t) => {
        const [name, hints] = t.split('@');
        return {
          parts: name
            .split(/(\{(?:brand|surname|given|city|overseas)\})/)
            .filter((part) => part !== '')
            .map((part) => (Object.hasOwn(PLACEHOLDERS, part) ? PLACEHOLDERS[part] : part)),
          known: !!entry,
          remarks: hints ? hints.split(';').map(compileRemark) : null,
          range: MERCHANT_AMOUNTS[name.replace(/\{[a-z]+\}/g, '').trim()] ?? null,
        };
      });
      byKind.set(kind, templates);
    }
    const template = this.pick(templates);
    const parts = template.parts;
    let name = '';
    let checked = true;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      if (typeof part === 'string') name += part;
      else if (part === BRAND) name += this.pick(BRANDS);
      else if (part === SURNAME) name += this.pick(SURNAMES);
      else if (part === GIVEN) name += this.pick(GIVEN_NAMES);
      else if (part === CITY) name += this.city;
      else {
        name += this.overseasName();
        checked = false;
      }
    }
    // Names built from the data tables are safe (a test checks every part); faker names and unknown kinds are checked.
    if (!checked || !template.known) name = safeText(name, this.clientKind === 'sme' ? `${this.pick(BRANDS)} Trading Co., Ltd.` : 'Merchant');
    if (template.remarks) this.fitting.set(name, template.remarks);
    if (template.range) this.ranges.set(name, template.range);
    return name;
  }

  /** What one purchase at this counterparty costs (CNY, low and high), when its trade says; else undefined. */
  amountRange(counterparty: string): readonly [number, number] | undefined {
    return this.ranges.get(counterparty);
  }

  /**
   * Pins one remark to a counterparty of a recurring flow (a landlord's lease, an employer's payslip): from the
   * remarks that fit it, else of `kind`; every later `remarkFor` of that counterparty renders the same one.
   */
  pinRemark(counterparty: string, kind: string): void {
    const fit = this.fitting.get(counterparty);
    if (fit && fit.length === 1) return;
    this.fitting.set(counterparty, [this.pick(fit ?? this.remarkList(kind))]);
  }

  /** A remark for an event with `counterparty`: one that fits that counterparty when its template says, else of `kind`. */
  remarkFor(counterparty: string, kind: string, month?: number): string {
    const fit = this.fitting.get(counterparty);
    return fit ? this.render(this.pick(fit), month) : this.remark(kind, month);
  }

  private abroad(kind: string, country: string): string {
    const table = MERCHANTS_ABROAD[country] ?? MERCHANTS_ABROAD.JP;
    const town = this.pick(table.towns);
    const [template, hints] = this.pick(kind === 'overseas_atm' ? table.atm : table.merchants).split('@');
    const name = safeText(template.replace('{town}', town), 'Merchant abroad');
    if (hints) this.fitting.set(name, hints.split(';').map(compileRemark));
    return name;
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.rng.next() * items.length)];
  }

  private overseasName(): string {
    return `${this.faker.person.lastName()} ${this.pick(OVERSEAS_NOUNS)}`;
  }

  /** A remark of a kind (see `REMARK_KINDS`); `month` (1–12) fills `{month}`, otherwise that placeholder is dropped. */
  remark(kind: string, month?: number): string {
    return this.render(this.pick(this.remarkList(kind)), month);
  }

  private remarkList(kind: string): CompiledRemark[] {
    let list = REMARK_LISTS.get(kind);
    if (!list) {
      list = (REMARK_KINDS[kind] ?? [sentenceCase(kind)]).map(compileRemark);
      REMARK_LISTS.set(kind, list);
    }
    return list;
  }

  private render(t: CompiledRemark, month: number | undefined): string {
    if (t.plain !== undefined) return t.plain;
    if (!t.random) return t.byMonth[month ?? 0];
    // Literal parts and placeholders alternate; filled left to right, so the draws come in the template's order.
    const parts = t.parts;
    let text = parts[0];
    for (let i = 1; i < parts.length; i += 2) {
      const key = parts[i];
      if (key === 'month') text += month === undefined ? '' : ` ${MONTH_NAMES[month - 1]}`;
      else if (key === 'ref') text += ` ${100_000 + Math.floor(this.rng.next() * 900_000)}`;
      else text += ` ${1 + Math.floor(this.rng.next() * 12)}`;
      text += parts[i + 1];
    }
    return text;
  }
}

/**
 * A remark template prepared once: plain text, or the 13 month variants (index 0: no month), or a random fill from
 * `parts` (the source split at its placeholders: literal, key, literal, …, each placeholder taking its leading blanks).
 */
interface CompiledRemark {
  source: string;
  plain?: string;
  random: boolean;
  byMonth: string[];
  parts: string[];
}

const REMARK_LISTS = new Map<string, CompiledRemark[]>();
// Name templates split into literal parts and placeholders (as numbers, so that the hot loop compares no strings),
// per client kind and counterparty kind; `known` when the kind is in `COUNTERPARTY_KINDS`.
const BRAND = 0;
const SURNAME = 1;
const GIVEN = 2;
const CITY = 3;
const OVERSEAS = 4;
const PLACEHOLDERS: Readonly<Record<string, number>> = { '{brand}': BRAND, '{surname}': SURNAME, '{given}': GIVEN, '{city}': CITY, '{overseas}': OVERSEAS };
interface NameTemplate {
  parts: Array<string | number>;
  known: boolean;
  remarks: CompiledRemark[] | null;
  /** What one purchase costs there, CNY (`MERCHANT_AMOUNTS`), or null. */
  range: readonly [number, number] | null;
}
const NAME_TEMPLATES = new Map<ClientKind, Map<string, NameTemplate[]>>();
/** Shop words for foreign merchants, after a faker surname: `Keller Outlet`. */
const OVERSEAS_NOUNS = ['Outlet', 'Department Store', 'Cafe', 'Duty Free', 'Boutique', 'Market', 'Hotel', 'Pharmacy', 'Bistro', 'Gallery'] as const;

function compileRemark(source: string): CompiledRemark {
  if (!source.includes('{')) return { source, plain: safeText(source, 'Payment'), random: false, byMonth: [], parts: [] };
  const random = /\{(ref|n)\}/.test(source);
  const parts = random ? source.split(/\s*\{(month|ref|n)\}/) : [];
  const byMonth: string[] = [];
  if (!random) {
    for (let m = 0; m <= 12; m++) byMonth.push(safeText(source.replace(/\s*\{month\}/g, m === 0 ? '' : ` ${MONTH_NAMES[m - 1]}`), 'Payment'));
  }
  return { source, random, byMonth, parts };
}

function titleCase(kind: string): string {
  return kind
    .split(/[_\-\s]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

function sentenceCase(kind: string): string {
  const words = kind.split(/[_\-\s]+/).filter(Boolean).join(' ');
  return words === '' ? 'Payment' : words[0].toUpperCase() + words.slice(1);
}
