#!/usr/bin/env node
// Injected-vs-detected agreement of the 16 risk signals over generated logs (uses the built dist/).
// Usage: node scripts/signal-agreement.mjs [--count 1000] [--seed agreement] [--profiles a,b,...] [--on PROFILE] [--json-only] [--dist DIR]
// --on PROFILE puts each profile's signal table on another base (e.g. a profile written by `cclupe fit`), so that
// the table measures the signals on that base: the fitted base's agreement (issue 14). Profiles of another client
// kind than the base's are left out.
// Prints one JSON object (per profile and pooled, per signal: TP/FP/FN/TN, precision, recall, and example indexes of
// disagreements), then a Markdown table. A row counts as injected when the generator ran the signal's injector, and
// as detected when the label's detector output says present.
import { resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const distArg = process.argv.indexOf('--dist');
const DIST = distArg > 0 ? resolve(process.argv[distArg + 1]) : resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
if (distArg > 0) process.argv.splice(distArg, 2);
const load = (p) => import(pathToFileURL(resolve(DIST, p)).href);
const { loadProfile } = await load('io/profiles.js');
const { generateLog } = await load('synth/index.js');
const { SIGNAL_IDS } = await load('schema/signal-id.js');

const BASES = ['personal-healthy', 'personal-overdue', 'sme-healthy', 'sme-overdue'];

function parseArgs(argv) {
  const out = { count: 1000, seed: 'agreement', profiles: BASES, jsonOnly: false, on: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--count') out.count = Number(argv[++i]);
    else if (a === '--seed') out.seed = String(argv[++i]);
    else if (a === '--profiles') out.profiles = String(argv[++i]).split(',').filter(Boolean);
    else if (a === '--json-only') out.jsonOnly = true;
    else if (a === '--on') out.on = String(argv[++i]);
    else throw new Error(`unknown option ${a}`);
  }
  if (!Number.isInteger(out.count) || out.count < 1) throw new Error('--count must be a positive integer');
  return out;
}

function emptyCells() {
  return Object.fromEntries(SIGNAL_IDS.map((id) => [id, { tp: 0, fp: 0, fn: 0, tn: 0 }]));
}

function finish(cells) {
  const out = {};
  for (const id of SIGNAL_IDS) {
    const c = cells[id];
    const precision = c.tp + c.fp ? c.tp / (c.tp + c.fp) : null;
    const recall = c.tp + c.fn ? c.tp / (c.tp + c.fn) : null;
    out[id] = { ...c, precision, recall };
  }
  return out;
}

const args = parseArgs(process.argv.slice(2));
const perProfile = {};
const pooled = emptyCells();
const missed = {};
const onBase = args.on ? loadProfile(args.on) : null;
if (onBase) args.profiles = args.profiles.filter((name) => loadProfile(name).client_kind === onBase.client_kind);
for (const name of args.profiles) {
  const own = loadProfile(name);
  const profile = onBase ? { ...onBase, name: `${onBase.name}+${name}`, signals: own.signals } : own;
  const cells = emptyCells();
  for (let index = 0; index < args.count; index++) {
    const { labels } = generateLog(profile, { masterSeed: args.seed, index });
    for (const id of SIGNAL_IDS) {
      const s = labels.signals[id];
      const key = s.injected ? (s.present ? 'tp' : 'fn') : s.present ? 'fp' : 'tn';
      cells[id][key]++;
      pooled[id][key]++;
      if (key === 'fn' || key === 'fp') (missed[`${name}:${id}:${key}`] ??= []).length < 5 && missed[`${name}:${id}:${key}`].push(index);
    }
  }
  perProfile[name] = finish(cells);
}
const result = { seed: args.seed, on: onBase ? onBase.name : null, count_per_profile: args.count, profiles: perProfile, pooled: finish(pooled), examples: missed };
console.log(JSON.stringify(result));
if (!args.jsonOnly) {
  const fmt = (x) => (x === null ? '   -  ' : x.toFixed(3).padStart(6));
  const lines = [];
  lines.push(`| signal | profile | TP | FP | FN | TN | precision | recall |`);
  lines.push(`|---|---|---:|---:|---:|---:|---:|---:|`);
  for (const id of SIGNAL_IDS)
    for (const name of args.profiles) {
      const c = perProfile[name][id];
      if (c.tp + c.fp + c.fn === 0) continue;
      lines.push(`| ${id} | ${name} | ${c.tp} | ${c.fp} | ${c.fn} | ${c.tn} | ${fmt(c.precision)} | ${fmt(c.recall)} |`);
    }
  console.log(lines.join('\n'));
}
