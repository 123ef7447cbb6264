import { afterEach, describe, expect, it } from 'vitest';
import { parseEvalConfig } from '../../src/eval/config.js';
import { loadEvalDataset } from '../../src/io/eval-dataset.js';
import { runEval } from '../../src/eval/run.js';
import type { Item } from '../../src/schema/item.js';
import { start, type Server } from '../support/openai-server.js';
import { tempDir, writeFixtureDataset } from './fixtures.js';

// Replies in the styles chat models really write, sent by a loopback server and received through the real openai
// client, then read by the harness. Each style answers the gold option (or, for the last, two letters on a
// single-choice item), so a style the extractor misses shows up as a no_answer or a wrong score.

const servers: Server[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()!.close();
});

const gold = (item: Item) => item.answer[0];
const STYLES: Array<[name: string, reply: (item: Item) => string, status: string]> = [
  ['"The answer is B."', (it) => `The largest outflow is the rent. The answer is ${gold(it)}.`, 'answered'],
  ['**B**', (it) => `Checking each row of the log against the options:\n\n**${gold(it)}**`, 'answered'],
  ['a bare letter', (it) => gold(it), 'answered'],
  ['\\boxed{B}', (it) => `So the option that holds is $\\boxed{${gold(it)}}$`, 'answered'],
  ['<think>…</think> C', (it) => `<think>Is it A? The refund pairs with an earlier row, so no.</think> ${gold(it)}`, 'answered'],
];

async function runStyle(reply: (item: Item) => string) {
  const ds = writeFixtureDataset(1);
  const singles = ds.items.filter((it) => it.format === 'single');
  const server = await start({ policy: ({ item }) => ({ content: item ? reply(item) : 'A' }), items: ds.items, structuredOutput: false });
  servers.push(server);
  const config = parseEvalConfig({ base_url: server.url, model: 'loopback-model', filter: { item_ids: singles.map((i) => i.id) } });
  const { results } = await runEval(loadEvalDataset(ds.dir), config, { runDir: tempDir(), bootstrap: false });
  return results;
}

describe('answer extraction of real reply styles, through the openai client', () => {
  for (const [name, reply] of STYLES) {
    it(`reads ${name} as the gold letter`, async () => {
      const results = await runStyle(reply);
      expect(results.items.length).toBeGreaterThan(0);
      for (const it of results.items) expect({ id: it.item_id, status: it.status, selected: it.selected }).toEqual({ id: it.item_id, status: 'answered', selected: it.gold });
    });
  }

  it('reads "Answer: B and D" on a single-choice item as invalid, not as two selections', async () => {
    const results = await runStyle((it) => `Answer: ${it.options[0].key} and ${it.options[2].key}`);
    for (const it of results.items) expect({ status: it.status, selected: it.selected }).toEqual({ status: 'invalid', selected: [] });
  });
});
