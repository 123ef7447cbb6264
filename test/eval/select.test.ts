import { describe, expect, it } from 'vitest';
import { groupByLog, shardItems } from '../../src/eval/select.js';
import { fixtureItems } from './fixtures.js';

describe('shardItems', () => {
  const items = ['L000', 'L001', 'L002', 'L003', 'L004'].flatMap((id) => fixtureItems(id));

  it('cuts the logs into contiguous ranges, a log never split, and the shards in order give every item once', () => {
    for (const n of [1, 2, 3, 5]) {
      const shards = Array.from({ length: n }, (_, i) => shardItems(items, { k: i + 1, n }));
      expect(shards.flatMap((s) => s.items.map((it) => it.id))).toEqual(items.map((it) => it.id));
      for (const s of shards) {
        expect(s.total).toBe(5);
        expect(groupByLog(s.items).map((g) => g.items.length)).toEqual(Array(s.end - s.first).fill(15));
      }
      expect(shards.map((s) => [s.first, s.end])).toEqual(Array.from({ length: n }, (_, i) => [Math.floor((i * 5) / n), Math.floor(((i + 1) * 5) / n)]));
    }
  });

  it('leaves a shard empty when there are more shards than logs', () => {
    expect(shardItems(items.slice(0, 15), { k: 1, n: 2 }).items).toEqual([]);
    expect(shardItems(items.slice(0, 15), { k: 2, n: 2 }).items).toHaveLength(15);
  });
});
