#!/usr/bin/env node
// What a profile fitted to real logs gives away (uses the built dist/ and the CLI). Splits the Berka subset by account
// into a training half and a held-out half, fits on the training half, generates logs from the fit, and reports:
// - exact matches of generated rows with real rows on (date, amount, balance, counterparty), and on (date, amount,
//   balance) alone, against the number expected by chance (independent draws from the real marginals of each field);
// - the distance to the closest real record (DCR, SDMetrics' baseline protection): generated → training half against
//   held-out → training half, on standardised (day, log10 |amount|, direction, signed log balance, type);
// - real account and bank numbers found in the generated logs or the profile (must be 0).
// Usage: node scripts/fit-privacy.mjs [--count 1000] [--sample 2000] [--json-only]. Exit 1 when a check fails.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const load = (p) => import(pathToFileURL(join(ROOT, 'dist', p)).href);
const { loadProfile } = await load('io/profiles.js');
const { generateLog } = await load('synth/index.js');
const { streamCorpus } = await load('io/reference-file.js');
const { readDialect } = await load('io/dialect-read.js');
const argv = process.argv.slice(2);
const opt = (name, dflt) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : dflt);
const COUNT = Number(opt('--count', '1000'));
const SAMPLE = Number(opt('--sample', '2000'));
const BERKA = resolve(ROOT, '..', 'shared', 'data', 'berka', 'trans_test.csv');
const DIALECT = join(ROOT, 'dialects', 'berka.json');

// Split by account id: even accounts train, odd accounts are held out.
const lines = readFileSync(BERKA, 'utf8').split(/\r?\n/);
const header = lines[0];
const train = [header];
const holdout = [header];
const numbers = new Set();
for (const line of lines.slice(1)) {
  if (!line.trim()) continue;
  const f = line.split(';');
  (Number(f[1]) % 2 === 0 ? train : holdout).push(line);
  // Counterparty account numbers (6–8 digits; a few placeholder values such as "0" are not numbers of anyone).
  if (f[9]?.trim().length >= 6) numbers.add(f[9].trim());
}
const tmp = mkdtempSync(join(tmpdir(), 'cclupe-privacy-'));
try {
  writeFileSync(join(tmp, 'train.csv'), train.join('\r\n') + '\r\n');
  writeFileSync(join(tmp, 'holdout.csv'), holdout.join('\r\n') + '\r\n');
  const fit = spawnSync(process.execPath, [join(ROOT, 'dist', 'cli', 'main.js'), 'fit', join(tmp, 'train.csv'), '--dialect', DIALECT, '-o', join(tmp, 'fit.json'), '--check', '0'], { encoding: 'utf8' });
  if (fit.status !== 0) throw new Error(`fit failed: ${fit.stderr}`);
  const profileText = readFileSync(join(tmp, 'fit.json'), 'utf8');
  const profile = loadProfile(join(tmp, 'fit.json'));

  const dialect = readDialect(DIALECT);
  const readRows = (file) => {
    const rows = [];
    streamCorpus([file], { dialect, onLog: (log) => rows.push(...log.rows) });
    return rows;
  };
  const trainRows = readRows(join(tmp, 'train.csv'));
  const holdRows = readRows(join(tmp, 'holdout.csv'));
  const realRows = [...trainRows, ...holdRows];
  const genRows = [];
  for (let index = 0; index < COUNT; index++) genRows.push(...generateLog(profile, { masterSeed: 'privacy', index }).log.rows);

  // Exact matches and what chance gives.
  const date = (r) => r.timestamp.slice(0, 10);
  const key4 = (r) => `${date(r)}|${r.amountCents}|${r.balanceCents}|${r.counterparty}`;
  const key3 = (r) => `${date(r)}|${r.amountCents}|${r.balanceCents}`;
  const real4 = new Set(realRows.map(key4));
  const real3 = new Set(realRows.map(key3));
  const freq = (f) => {
    const m = new Map();
    for (const r of realRows) m.set(f(r), (m.get(f(r)) ?? 0) + 1);
    return m;
  };
  const fDate = freq(date);
  const fAmount = freq((r) => r.amountCents);
  const fBalance = freq((r) => r.balanceCents);
  const fParty = freq((r) => r.counterparty);
  const n = realRows.length;
  let match4 = 0;
  let match3 = 0;
  let chance3 = 0;
  let chance4 = 0;
  for (const g of genRows) {
    if (real4.has(key4(g))) match4++;
    if (real3.has(key3(g))) match3++;
    // Expected real rows equal to g on every field if the real fields were independent: n · Π p(field).
    const p3 = ((fDate.get(date(g)) ?? 0) / n) * ((fAmount.get(g.amountCents) ?? 0) / n) * ((fBalance.get(g.balanceCents) ?? 0) / n);
    chance3 += Math.min(1, n * p3);
    chance4 += Math.min(1, n * p3 * ((fParty.get(g.counterparty) ?? 0) / n));
  }

  // DCR on standardised features; type as a one-hot of weight 1.
  const types = [...new Set(realRows.map((r) => r.type))];
  const vec = (r) => {
    const day = Date.parse(date(r)) / 86_400_000 / 30;
    const a = Math.log10(Math.abs(r.amountCents) / 100 + 1);
    const b = Math.sign(r.balanceCents) * Math.log10(1 + Math.abs(r.balanceCents) / 100);
    return [day, a, r.amountCents > 0 ? 1 : 0, b, types.indexOf(r.type)];
  };
  const trainV = trainRows.map(vec);
  const sd = [0, 1, 3].map((j) => {
    const m = trainV.reduce((s, v) => s + v[j], 0) / trainV.length;
    return Math.sqrt(trainV.reduce((s, v) => s + (v[j] - m) ** 2, 0) / trainV.length) || 1;
  });
  const scale = (v) => [v[0] / sd[0], v[1] / sd[1], v[2], v[3] / sd[2], v[4]];
  const T = trainV.map(scale);
  const dcr = (rows) => {
    const step = Math.max(1, Math.floor(rows.length / SAMPLE));
    const out = [];
    for (let i = 0; i < rows.length && out.length < SAMPLE; i += step) {
      const v = scale(vec(rows[i]));
      let best = Infinity;
      for (const t of T) {
        let d = (v[0] - t[0]) ** 2 + (v[1] - t[1]) ** 2 + (v[2] - t[2]) ** 2 + (v[3] - t[3]) ** 2 + (v[4] === t[4] ? 0 : 1);
        if (d < best) best = d;
      }
      out.push(Math.sqrt(best));
    }
    return out.sort((x, y) => x - y);
  };
  const q = (s, p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  const dGen = dcr(genRows);
  const dHold = dcr(holdRows);
  const p5 = q(dHold, 0.05);
  const genUnderP5 = dGen.filter((d) => d < p5).length / dGen.length;

  // Real account and bank numbers in the output.
  let leaked = 0;
  for (const g of genRows) for (const w of `${g.counterparty} ${g.remark}`.split(/\s+/)) if (numbers.has(w)) leaked++;
  for (const num of numbers) if (new RegExp(`(?<![0-9])${num}(?![0-9])`).test(profileText)) leaked++;

  const result = {
    real: { train_rows: trainRows.length, holdout_rows: holdRows.length },
    generated: { logs: COUNT, rows: genRows.length },
    exact_matches: {
      date_amount_balance_counterparty: { found: match4, expected_by_chance: Number(chance4.toFixed(3)) },
      date_amount_balance: { found: match3, expected_by_chance: Number(chance3.toFixed(3)) },
    },
    dcr: {
      sample: SAMPLE,
      generated_to_train: { median: q(dGen, 0.5), p5: q(dGen, 0.05) },
      holdout_to_train: { median: q(dHold, 0.5), p5 },
      generated_share_closer_than_holdout_p5: genUnderP5,
    },
    real_numbers_in_output: leaked,
  };
  result.passed = match3 <= Math.max(1, 3 * chance3) && q(dGen, 0.5) >= q(dHold, 0.5) && genUnderP5 <= 0.05 && leaked === 0;
  console.log(JSON.stringify(result, null, argv.includes('--json-only') ? 0 : 2));
  process.exitCode = result.passed ? 0 : 1;
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
