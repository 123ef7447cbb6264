#!/usr/bin/env node
// Runs every bench/<area>.mjs in its own process (so peak RSS is per area) and prints one JSON object:
// { "node": ..., "cpus": ..., "results": { "<area>": { ...figures } } }.
// Usage: npm run bench [-- area ...]   (no areas: all of them)
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const areas = readdirSync(here)
  .filter((f) => f.endsWith('.mjs') && f !== 'run.mjs')
  .map((f) => f.slice(0, -4))
  .filter((a) => wanted.length === 0 || wanted.includes(a))
  .sort();

const results = {};
let failed = false;
for (const area of areas) {
  process.stderr.write(`bench: ${area}…\n`);
  const r = spawnSync(process.execPath, [join(here, `${area}.mjs`)], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const last = r.stdout.trim().split('\n').filter(Boolean).pop();
  try {
    if (r.status !== 0) throw new Error(r.stderr.trim().split('\n').slice(-3).join(' | '));
    results[area] = JSON.parse(last);
  } catch (err) {
    failed = true;
    results[area] = { error: String(err.message ?? err) };
  }
}
process.stdout.write(
  JSON.stringify({ node: process.version, cpus: os.availableParallelism(), results }, null, 2) + '\n',
);
if (failed) process.exitCode = 1;
