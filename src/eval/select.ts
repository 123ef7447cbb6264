import { createRng, streamKey } from '../random/rng.js';
import type { Item } from '../schema/item.js';
import { UsageError } from '../errors.js';
import type { ItemFilter } from './config.js';

/**
 * The items a run asks, in dataset order: those passing every filter list, then `max_logs` whole logs (stratified by
 * client kind), then `limit` items (stratified by client kind, domain and format), both drawn by `sample_seed`.
 * An item or log id the dataset does not hold is a `UsageError` naming it: a typo must not shrink a run silently.
 */
export function selectItems(items: readonly Item[], filter: ItemFilter): Item[] {
  const ids = filter.item_ids ? new Set(filter.item_ids) : null;
  const logs = filter.log_ids ? new Set(filter.log_ids) : null;
  if (ids) refuseUnknown(ids, new Set(items.map((it) => it.id)), 'item', '--items');
  if (logs) refuseUnknown(logs, new Set(items.map((it) => it.log_id)), 'log', '--logs');
  const formats = filter.formats ? new Set<string>(filter.formats) : null;
  let out = items.filter((it) => (!ids || ids.has(it.id)) && (!logs || logs.has(it.log_id)) && (!formats || formats.has(it.format)));
  const seed = filter.sample_seed ?? 'cclupe';
  if (filter.max_logs !== undefined) {
    const kindOf = new Map<string, string>();
    for (const it of out) if (!kindOf.has(it.log_id)) kindOf.set(it.log_id, it.client_kind);
    const keep = new Set(stratifiedOrder([...kindOf.keys()], (id) => kindOf.get(id)!, (id) => id, seed + '\u241flogs').slice(0, filter.max_logs));
    out = out.filter((it) => keep.has(it.log_id));
  }
  if (filter.limit !== undefined && filter.limit < out.length) {
    const stratum = (it: Item) => `${it.client_kind}\u241f${it.domain}\u241f${it.format}`;
    const keep = new Set(stratifiedOrder(out, stratum, (it) => it.id, seed + '\u241fitems').slice(0, filter.limit));
    out = out.filter((it) => keep.has(it));
  }
  return out;
}

function refuseUnknown(asked: ReadonlySet<string>, known: ReadonlySet<string>, what: string, field: string): void {
  const unknown = [...asked].filter((id) => !known.has(id));
  if (unknown.length === 0) return;
  const shown = unknown.slice(0, 5).join(', ') + (unknown.length > 5 ? `, … (${unknown.length} in all)` : '');
  throw new UsageError(`${field}: the dataset has no ${what} ${shown}`, field);
}

/**
 * A seeded order in which every prefix is a stratified sample: within each stratum the members are shuffled by a
 * per-member draw (so a member's place does not depend on the others), and the r-th of a stratum of n sits at
 * (r + u) / n, u a further draw. Taking the first N keeps each stratum's share within one member of N·n/total, and a
 * larger N gives a superset, so a pilot can be extended in the same run directory.
 */
export function stratifiedOrder<T>(xs: readonly T[], stratumOf: (x: T) => string, idOf: (x: T) => string, seed: string): T[] {
  const strata = new Map<string, Array<{ x: T; draw: number; id: string }>>();
  for (const x of xs) {
    const id = idOf(x);
    const s = stratumOf(x);
    const rng = createRng(streamKey('cclupe-sample', seed, id));
    const entry = { x, draw: rng.next(), id };
    const list = strata.get(s);
    if (list) list.push(entry);
    else strata.set(s, [entry]);
  }
  const placed: Array<{ x: T; at: number; id: string }> = [];
  for (const [s, list] of strata) {
    list.sort((a, b) => a.draw - b.draw || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const u = createRng(streamKey('cclupe-sample-offset', seed, s)).next();
    list.forEach((e, r) => placed.push({ x: e.x, at: (r + u) / list.length, id: e.id }));
  }
  placed.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return placed.map((p) => p.x);
}

/** Items grouped by log in first-appearance order, each group in dataset order (the turns of a conversation). */
export function groupByLog(items: readonly Item[]): Array<{ logId: string; items: Item[] }> {
  const groups = new Map<string, Item[]>();
  for (const it of items) {
    const g = groups.get(it.log_id);
    if (g) g.push(it);
    else groups.set(it.log_id, [it]);
  }
  return [...groups].map(([logId, its]) => ({ logId, items: its }));
}

/**
 * The items of shard k of n: the logs (groups of `groupByLog`, in first-appearance order) cut into n contiguous
 * ranges as `shardRange` cuts log indices, so that a log's items, and so its conversation, stay in one shard. Also
 * returns the range of groups `[first, end)` and their total.
 */
export function shardItems(items: readonly Item[], shard: { k: number; n: number }): { items: Item[]; first: number; end: number; total: number } {
  const groups = groupByLog(items);
  const first = Math.floor(((shard.k - 1) * groups.length) / shard.n);
  const end = Math.floor((shard.k * groups.length) / shard.n);
  return { items: groups.slice(first, end).flatMap((g) => g.items), first, end, total: groups.length };
}
