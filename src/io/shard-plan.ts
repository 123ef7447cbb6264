import { InputError } from '../errors.js';
import type { ShardManifest } from '../schema/shard.js';
import { canonicalJson, shardRange } from './dataset-layout.js';
import { readShardManifest } from './shard-manifest.js';

/** Shards checked to form one whole run: one per k = 1..n, in k order. */
export interface ShardSet {
  command: ShardManifest['command'];
  n: number;
  /** The shards' directories and manifests, in k order. */
  shards: Array<{ dir: string; manifest: ShardManifest }>;
}

/**
 * Reads the shard manifests of `dirs` and checks that they form one whole run: all of one command and one run (the
 * same run hash), of one N, each k once and none missing, each covering the range its k gives. Every refusal is an
 * `InputError` naming the shard directory (or, for a missing one, the shard) and the reason.
 */
export function planShards(dirs: readonly string[]): ShardSet {
  if (dirs.length === 0) throw new InputError('no shard directories given', { file: 'merge' });
  const read = dirs.map((dir) => ({ dir, manifest: readShardManifest(dir) }));
  const first = read[0];
  for (const s of read.slice(1)) {
    const m = s.manifest;
    if (m.command !== first.manifest.command) throw new InputError(`is a ${m.command} shard, but ${first.dir} is a ${first.manifest.command} shard`, { file: s.dir });
    if (m.run_hash !== first.manifest.run_hash) {
      throw new InputError(`belongs to another run (options hash ${m.run_hash.slice(0, 12)}, not ${first.manifest.run_hash.slice(0, 12)} as ${first.dir}): ${runDifference(first.manifest.run, m.run)}`, { file: s.dir });
    }
    if (m.shard.n !== first.manifest.shard.n) throw new InputError(`is shard ${m.shard.k}/${m.shard.n}, but ${first.dir} is shard ${first.manifest.shard.k}/${first.manifest.shard.n}`, { file: s.dir });
  }
  const n = first.manifest.shard.n;
  const byK = new Map<number, (typeof read)[number]>();
  for (const s of read) {
    const had = byK.get(s.manifest.shard.k);
    if (had) throw new InputError(`duplicates shard ${s.manifest.shard.k}/${n}, already given as ${had.dir}`, { file: s.dir });
    byK.set(s.manifest.shard.k, s);
  }
  const missing: number[] = [];
  for (let k = 1; k <= n; k++) if (!byK.has(k)) missing.push(k);
  if (missing.length > 0) {
    const list = missing.length > 8 ? `${missing.slice(0, 8).join(', ')} … (${missing.length} in all)` : missing.join(', ');
    throw new InputError(`missing: no directory given holds ${missing.length === 1 ? 'it' : `shards ${list}`} (${read.length} of ${n} shards given)`, { file: `shard ${missing[0]}/${n}` });
  }
  const shards = [...byK.values()].sort((a, b) => a.manifest.shard.k - b.manifest.shard.k);
  const total = first.manifest.range.total;
  for (const s of shards) {
    const { range, shard } = s.manifest;
    const want = shardRange(total, shard);
    if (range.total !== total || range.unit !== first.manifest.range.unit || range.first !== want.first || range.end !== want.end) {
      throw new InputError(`covers ${PLURAL[range.unit]} [${range.first}, ${range.end}) of ${range.total}, but shard ${shard.k}/${n} of ${total} covers [${want.first}, ${want.end})`, { file: s.dir });
    }
  }
  return { command: first.manifest.command, n, shards };
}

/** How a refusal names a range's units. */
const PLURAL: Record<ShardManifest['range']['unit'], string> = { 'log index': 'log indices', 'log file': 'log files', 'log group': 'logs' };

/** The first setting in which two run identities differ, as `path: a, not b` (for a refusal message). */
export function runDifference(a: unknown, b: unknown, path = ''): string {
  if (canonicalJson(a) === canonicalJson(b)) return 'no difference';
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const ra = a as Record<string, unknown>;
    const rb = b as Record<string, unknown>;
    for (const k of [...new Set([...Object.keys(ra), ...Object.keys(rb)])].sort()) {
      if (canonicalJson(ra[k] ?? null) !== canonicalJson(rb[k] ?? null)) return runDifference(ra[k] ?? null, rb[k] ?? null, path ? `${path}.${k}` : k);
    }
  }
  const show = (v: unknown) => {
    const t = canonicalJson(v);
    return t.length > 60 ? `${t.slice(0, 57)}...` : t;
  };
  return `${path || 'run'} is ${show(b)}, not ${show(a)}`;
}
