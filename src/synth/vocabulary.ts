import type { Faker } from '@faker-js/faker';
import type { ClientKind } from '../schema/log-row.js';
import { COUNTERPARTY_KINDS } from './data/counterparties.js';
import { MONTH_NAMES, REMARK_KINDS } from './data/remarks.js';
import { BRANDS, CITIES, GIVEN_NAMES, SURNAMES } from './data/names.js';
import { safeText } from './text.js';

/**
 * Builds counterparty names and remarks for one log from the data tables, drawing through faker (which reads the
 * log's stream). SME logs use the `sme` templates, which carry business suffixes.
 */
export class Vocabulary {
  private readonly city: string;

  constructor(
    private readonly faker: Faker,
    private readonly clientKind: ClientKind,
  ) {
    // Each account holder lives in one city; local utilities and bureaus are named after it.
    this.city = faker.helpers.arrayElement(CITIES);
  }

  /** A fresh counterparty name of a kind (see `COUNTERPARTY_KINDS`); unknown kinds read as the kind in words. */
  counterparty(kind: string): string {
    const entry = COUNTERPARTY_KINDS[kind];
    let template: string;
    if (entry) template = this.faker.helpers.arrayElement(this.clientKind === 'sme' ? entry.sme : entry.personal);
    else template = `{brand} ${titleCase(kind)}${this.clientKind === 'sme' ? ' Co., Ltd.' : ''}`;
    const name = template.replace(/\{(brand|surname|given|city|overseas)\}/g, (_, key: string) => this.fill(key));
    return safeText(name, this.clientKind === 'sme' ? `${this.faker.helpers.arrayElement(BRANDS)} Trading Co., Ltd.` : 'Merchant');
  }

  /** A remark of a kind (see `REMARK_KINDS`); `month` (1–12) fills `{month}`, otherwise that placeholder is dropped. */
  remark(kind: string, month?: number): string {
    let list = REMARK_LISTS.get(kind);
    if (!list) {
      list = (REMARK_KINDS[kind] ?? [sentenceCase(kind)]).map(compileRemark);
      REMARK_LISTS.set(kind, list);
    }
    const t = this.faker.helpers.arrayElement(list);
    if (t.plain !== undefined) return t.plain;
    if (!t.random) return t.byMonth[month ?? 0];
    const text = t.source.replace(/\s*\{(month|ref|n)\}/g, (_, key: string) => {
      if (key === 'month') return month === undefined ? '' : ` ${MONTH_NAMES[month - 1]}`;
      if (key === 'ref') return ` ${this.faker.string.numeric({ length: 6, allowLeadingZeros: false })}`;
      return ` ${this.faker.number.int({ min: 1, max: 12 })}`;
    });
    return safeText(text, 'Payment');
  }

  private fill(key: string): string {
    switch (key) {
      case 'brand':
        return this.faker.helpers.arrayElement(BRANDS);
      case 'surname':
        return this.faker.helpers.arrayElement(SURNAMES);
      case 'given':
        return this.faker.helpers.arrayElement(GIVEN_NAMES);
      case 'city':
        return this.city;
      default:
        return this.faker.company.name().replace(/\s*-\s*/g, ' and ');
    }
  }
}

/** A remark template prepared once: plain text, or the 13 month variants (index 0: no month), or a random fill. */
interface CompiledRemark {
  source: string;
  plain?: string;
  random: boolean;
  byMonth: string[];
}

const REMARK_LISTS = new Map<string, CompiledRemark[]>();

function compileRemark(source: string): CompiledRemark {
  if (!source.includes('{')) return { source, plain: safeText(source, 'Payment'), random: false, byMonth: [] };
  const random = /\{(ref|n)\}/.test(source);
  const byMonth: string[] = [];
  if (!random) {
    for (let m = 0; m <= 12; m++) byMonth.push(safeText(source.replace(/\s*\{month\}/g, m === 0 ? '' : ` ${MONTH_NAMES[m - 1]}`), 'Payment'));
  }
  return { source, random, byMonth };
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
