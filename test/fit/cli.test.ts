import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProfile } from '../../src/io/profiles.js';
import { generateLog } from '../../src/synth/index.js';
import { validateLog } from '../../src/validate/validate-log.js';

const root = join(import.meta.dirname, '..', '..');
const cli = join(root, 'dist', 'cli', 'main.js');
const berka = join(root, '..', 'shared', 'data', 'berka', 'trans_test.csv');
const berkaDialect = join(root, 'dialects', 'berka.json');
const debitCredit = join(root, 'test', 'fixtures', 'fit', 'debit-credit');

function run(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', env: { ...process.env, CI: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface FitJson {
  name: string;
  extends: string;
  source: { logs: number; rows: number; unreadable_rows: number };
  check: { passed: boolean; features: Array<{ group: string; feature: string; status: string; kl: number | null }> };
}

describe('cclupe fit on the Berka subset (spawned)', () => {
  let tmp: string;
  let result: FitJson;
  let code: number | null;
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'cclupe-fit-'));
    const r = run(['fit', berka, '--dialect', berkaDialect, '-o', 'berka-fit.json', '--report', 'fit.html', '--json'], tmp);
    code = r.code;
    result = JSON.parse(r.stdout);
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('writes a profile that extends personal-healthy and passes its own check: KL < 0.1 on every feature Berka has', () => {
    expect(code).toBe(0);
    expect(result.extends).toBe('personal-healthy');
    expect(result.source.logs).toBe(354);
    const measured = result.check.features.filter((f) => f.status !== 'unavailable');
    expect(measured.map((f) => f.feature).sort()).toEqual(['amount_in', 'amount_out', 'balance', 'day_of_month', 'gap_days', 'month', 'rows_per_log', 'txns_per_month', 'type', 'weekday']);
    for (const f of measured) expect(f.kl, `${f.group} ${f.feature}`).toBeLessThan(0.1);
    expect(new Set(result.check.features.filter((f) => f.status === 'unavailable').map((f) => f.feature))).toEqual(new Set(['channel', 'hour']));
    const html = readFileSync(join(tmp, 'fit.html'), 'utf8');
    expect(html).toContain('Fit check: berka-fit');
    expect(html).toContain('<svg');
  });

  it('gives logs that keep every invariant, with no Berka account or bank number in them', () => {
    const profile = loadProfile(join(tmp, 'berka-fit.json'));
    expect(profile.period).toEqual({ start: '1995-04-01', end: '1998-12-31' });
    // Czech data says CZK: the Berka dialect's currency.
    expect(profile.currency).toBe('CZK');
    const text = readFileSync(berka, 'utf8').split(/\r?\n/).slice(1);
    const numbers = new Set<string>();
    for (const line of text) {
      const f = line.split(';');
      if (f[9]?.trim()) numbers.add(f[9].trim());
    }
    expect(numbers.size).toBeGreaterThan(100);
    const profileText = readFileSync(join(tmp, 'berka-fit.json'), 'utf8');
    for (let index = 0; index < 60; index++) {
      const { log, labels } = generateLog(profile, { masterSeed: 'fit-test', index });
      const issues = validateLog(log, { labels, rowCount: profile.rows, period: labels.period }).filter((i) => i.severity === 'error');
      expect(issues, `log ${index}`).toEqual([]);
      for (const r of log.rows) {
        for (const word of `${r.counterparty} ${r.remark}`.split(/\s+/)) expect(numbers.has(word)).toBe(false);
      }
    }
    for (const n of numbers) expect(profileText.includes(`"${n}"`)).toBe(false);
  });

  it('gives logs whose large amounts recur as Berka\'s do: one counterparty per fitted kind, standing orders repeated, no spikes without injection', () => {
    const profile = loadProfile(join(tmp, 'berka-fit.json'));
    const fitted = profile.spending.filter((c) => c.name.startsWith('fit-'));
    const effects = profile.log_effects!;
    const share = (name: string): number => effects.repeats![effects.names.indexOf(name)];
    // Berka's standing orders (household, insurance) repeat one amount month after month; its cash sums rarely do.
    expect(share('fit-transfer-out-out')).toBeGreaterThan(0.9);
    expect(share('fit-bill-payment-out')).toBeGreaterThan(0.9);
    expect(share('fit-atm-withdrawal-out')).toBeLessThan(0.3);
    // A log's large cash withdrawals are several of about one size (calibrated tail loading).
    expect(effects.tails![effects.names.indexOf('fit-atm-withdrawal-out')]).toBeGreaterThan(0.5);
    let laterOut = 0;
    let repeatedOut = 0;
    let spikes = 0;
    let large = 0;
    let near = 0;
    const logs = 200;
    for (let index = 0; index < logs; index++) {
      const { log, labels } = generateLog(profile, { masterSeed: 'fit-repeats', index });
      for (const c of fitted) {
        const rows = log.rows.filter((r) => r.type === c.type && Math.sign(r.amountCents) === (c.direction === 'in' ? 1 : -1));
        // A kind's regulars are the log's, whether the balance walk drew the row from its spending or its reserve.
        expect(new Set(rows.map((r) => r.counterparty)).size, `log ${index} ${c.name}`).toBeLessThanOrEqual(c.pool);
      }
      const seen = new Set<number>();
      for (const r of log.rows) {
        if (r.type !== 'Transfer Out') continue;
        if (seen.size > 0) laterOut++;
        if (seen.has(r.amountCents)) repeatedOut++;
        seen.add(r.amountCents);
      }
      if (labels.signals.spikes.present) spikes++;
      // Cash withdrawals of 4 × the log's median or more, and those with another within ±25% (Berka: 93%).
      const cash = log.rows.filter((r) => r.type === 'ATM Withdrawal').map((r) => -r.amountCents);
      const sorted = cash.slice().sort((a, b) => a - b);
      const median = sorted[sorted.length >> 1];
      cash.forEach((a, i) => {
        if (cash.length < 6 || a < 4 * median) return;
        large++;
        if (cash.some((b, j) => j !== i && Math.abs(b - a) <= 0.25 * a)) near++;
      });
    }
    expect(near / large).toBeGreaterThan(0.88);
    expect(Math.abs(repeatedOut / laterOut - share('fit-transfer-out-out'))).toBeLessThan(0.05);
    // The 354 Berka logs show no spikes (measured through the dialect); a lone large cash sum at a second "ATM" or
    // one never repeated used to give about 1.3% of fitted logs two of them, large sums drawn anywhere in a log's
    // upper quartile about 0.4%.
    expect(spikes).toBe(0);
  });

  it('gives a base on which injected spikes are found as on the shipped ones, with the overdue signals around them', () => {
    const fitted = loadProfile(join(tmp, 'berka-fit.json'));
    const overdue = loadProfile('personal-overdue');
    // Spikes in every log, at every intensity, among the other overdue signals at their own prevalence.
    const profile = { ...fitted, signals: { ...overdue.signals, spikes: { ...overdue.signals.spikes!, prevalence: 1, intensity: [0, 1] as [number, number] } } };
    let found = 0;
    const logs = 150;
    for (let index = 0; index < logs; index++) if (generateLog(profile, { masterSeed: 'fit-spikes', index }).labels.signals.spikes.present) found++;
    // A fitted log's income comes in lumps months apart and its everyday outflows are large cash sums, which the
    // balance walk chooses after injection: sized by a spread-out income or 6 × the median, about 4% of injected
    // spikes were missed. What is left is a log whose walk keeps fewer than 10 everyday outflows.
    expect(found / logs).toBeGreaterThanOrEqual(0.98);
  });

  it('writes the same profile twice from the same input', () => {
    const again = run(['fit', berka, '--dialect', berkaDialect, '-o', 'again.json', '--name', 'berka-fit', '--check', '0'], tmp);
    expect(again.code).toBe(0);
    expect(readFileSync(join(tmp, 'again.json'), 'utf8')).toBe(readFileSync(join(tmp, 'berka-fit.json'), 'utf8'));
  });
});

describe('cclupe fit on other layouts and bad input (spawned)', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'cclupe-fit-bad-'));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('fits the debit/credit example dialect: the type mix and amounts follow the fixture', () => {
    const r = run(['fit', debitCredit, '--dialect', join(root, 'dialects', 'debit-credit.yaml'), '-o', 'dc.json', '--json'], tmp);
    expect([0, 1]).toContain(r.code);
    const out = JSON.parse(r.stdout) as FitJson;
    expect(out.source.logs).toBe(6);
    const kl = Object.fromEntries(out.check.features.filter((f) => f.group === 'all').map((f) => [f.feature, f.kl]));
    expect(kl.type).toBeLessThan(0.1);
    expect(kl.amount_out).toBeLessThan(0.1);
    const p = loadProfile(join(tmp, 'dc.json'));
    expect(p.period).toEqual({ start: '2022-01-01', end: '2022-04-30' });
    expect(p.spending.map((c) => c.type).sort()).toEqual(['ATM Withdrawal', 'Bill Payment', 'Fee', 'Purchase', 'Rent', 'Salary', 'Transfer In']);
  });

  it('refuses fewer than 5 logs with a clear message and exit 1', () => {
    const few = join(tmp, 'few');
    mkdirSync(few);
    for (const f of readdirSync(debitCredit).slice(0, 4)) copyFileSync(join(debitCredit, f), join(few, f));
    const r = run(['fit', few, '--dialect', join(root, 'dialects', 'debit-credit.yaml'), '-o', 'few.json'], tmp);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/at least 5 logs with rows, found 4/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('names the missing column the fit needs', () => {
    const dir = join(tmp, 'nobalance');
    mkdirSync(dir);
    for (const f of readdirSync(debitCredit)) {
      const lines = readFileSync(join(debitCredit, f), 'utf8').replace('Balance', 'Saldo');
      writeFileSync(join(dir, f), lines);
    }
    const r = run(['fit', dir, '--dialect', join(root, 'dialects', 'debit-credit.yaml'), '-o', 'x.json'], tmp);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/balance/i);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('reports unparsable rows with file and line, leaves them out and counts them', () => {
    const dir = join(tmp, 'broken');
    mkdirSync(dir);
    for (const f of readdirSync(debitCredit)) copyFileSync(join(debitCredit, f), join(dir, f));
    const file = join(dir, 'account-2.csv');
    const lines = readFileSync(file, 'utf8').split('\n');
    lines[3] = lines[3].replace(/,\d\d\/\d\d\/2022,/, ',31/31/2022,');
    writeFileSync(file, lines.join('\n'));
    const r = run(['fit', dir, '--dialect', join(root, 'dialects', 'debit-credit.yaml'), '-o', 'b.json', '--json'], tmp);
    expect(r.stderr).toContain(`${file}:4:`);
    expect(r.stderr).toMatch(/1 unreadable row\(s\) left out of the fit/);
    expect((JSON.parse(r.stdout) as FitJson).source.unreadable_rows).toBe(1);
  });

  it('exits 2 on a bad option', () => {
    expect(run(['fit', debitCredit, '-o', 'x.json', '--kind', 'company'], tmp).code).toBe(2);
    const r = run(['fit', debitCredit, '-o', 'x.json', '--currency', 'XYZ'], tmp);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--currency: unknown currency XYZ \(known: .*CZK/);
  });
});
