import type { Item } from '../schema/item.js';
import type { ItemFilter } from './config.js';

/**
 * The items a run asks, in dataset order: those passing every filter list, then only the first `max_logs` logs
 * (by sorted log id) so that conversation mode always keeps whole logs.
 */
export function selectItems(items: readonly Item[], filter: ItemFilter): Item[] {
  const ids = filter.item_ids ? new Set(filter.item_ids) : null;
  const logs = filter.log_ids ? new Set(filter.log_ids) : null;
  const formats = filter.formats ? new Set<string>(filter.formats) : null;
  let out = items.filter((it) => (!ids || ids.has(it.id)) && (!logs || logs.has(it.log_id)) && (!formats || formats.has(it.format)));
  if (filter.max_logs !== undefined) {
    const keep = new Set([...new Set(out.map((it) => it.log_id))].sort().slice(0, filter.max_logs));
    out = out.filter((it) => keep.has(it.log_id));
  }
  return out;
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
