import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChatTransport } from '../../src/eval/client.js';
import { parseEvalConfig, type EvalConfigInput } from '../../src/eval/config.js';
import { loadEvalDataset } from '../../src/io/eval-dataset.js';
import { runEval } from '../../src/eval/run.js';
import { formatRowsTsv } from '../../src/log/format-tsv.js';
import type { LogRow } from '../../src/schema/log-row.js';
import { fixtureItems, tempDir } from './fixtures.js';

// Cache keys and response records are what lets a run resume: a key computed differently means every cached answer
// of earlier runs is sent again. These digests were taken from the harness before any of its speed-ups; a change
// here is a change of the cache format, never a refactoring.
//
// Every run was re-keyed once more, on purpose (issue #13, every item decidable from its prompt): the system prompt's
// glossary now states the rounding of calc options, the margin of wrong ones, gaps in days, medians and the opening
// balance, so prompt hashes and response records changed while config hashes did not; answers to the old prompts are
// not re-used for the new ones.
//
// The fixture changed once, not the keys' computation: its counterparty held a `"`, which the canonical reader cannot
// read (BAD_TEXT), so 27 of each log's 40 rows were left out of the log while the prompt showed them; a dataset's logs
// are now read whole or refused, and the text is «Ü». The harness before that change gives these same digests.

/** Logs long enough (40 rows) for the prompts to share a log block, with non-ASCII and astral characters. */
function writeDataset(): string {
  const dir = tempDir();
  mkdirSync(join(dir, 'logs'), { recursive: true });
  const items = [];
  for (let l = 0; l < 3; l++) {
    const logId = `G${l}`;
    const rows: LogRow[] = [];
    let balance = 100_000;
    for (let d = 1; d <= 40; d++) {
      const amount = d % 3 === 0 ? 40_000 + d : -(900 + 17 * d);
      balance += amount;
      rows.push({
        txn_id: `${logId}-T${d}`,
        timestamp: `2024-${String(1 + (d % 12)).padStart(2, '0')}-10 09:00:00`,
        type: amount > 0 ? 'Salary' : 'Transfer Out',
        channel: 'TRANSFER',
        counterparty: amount > 0 ? 'Zaměstnavatel s.r.o.' : 'Café 😀 «Ü»',
        amountCents: amount,
        balanceCents: balance,
        status: 'SUCCESS',
        location: 'CZ',
        remark: amount > 0 ? 'payroll' : 'purchase\\x',
      });
    }
    // format version 1 (no log_id column), as these keys were recorded with; it still reads, and prompts show the same rows
    writeFileSync(join(dir, 'logs', `${logId}.tsv`), formatRowsTsv({ rows }));
    items.push(...fixtureItems(logId));
  }
  writeFileSync(join(dir, 'questions.jsonl'), items.map((i) => JSON.stringify(i)).join('\n') + '\n');
  return dir;
}

/** Answers every item instantly: the first option, as text or as a structured reply. */
const transport: ChatTransport = {
  async listModels() {
    return ['m'];
  },
  async complete(body) {
    const content = body.response_format !== undefined ? '{"answer":["A"]}' : 'Answer: A';
    return { content, reasoning: null, finish_reason: 'stop', usage: { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 }, model: 'm' };
  },
};

async function runDigests(extra: Partial<EvalConfigInput>) {
  const dataset = loadEvalDataset(writeDataset());
  const config = parseEvalConfig({ base_url: 'http://golden.invalid/v1', model: 'm', concurrency: 1, ...extra });
  const runDir = tempDir();
  let t = Date.UTC(2025, 0, 1);
  const { manifest } = await runEval(dataset, config, { runDir, bootstrap: false, transport, now: () => (t += 7) });
  const responses = readFileSync(join(runDir, 'responses.jsonl'), 'utf8');
  const sha = (s: string) => createHash('sha256').update(s).digest('hex');
  return { prompt_hash: manifest.prompt_hash, config_hash: manifest.config_hash, responses: sha(responses), lines: responses.split('\n').length - 1 };
}

describe('cache keys and response records', () => {
  it('are unchanged for single-turn runs with text output', async () => {
    expect(await runDigests({ structured_output: 'off' })).toEqual({
      config_hash: 'afb4588fcc6c1109c1eba8eaee4f470c19c3e8ceb6b3cb81db3b0c9abcd8bdbb',
      lines: 45,
      prompt_hash: 'ab58b3c01e859906306ec406c61419f434b6a8c476d24ac565275c4fa65c9256',
      responses: 'a36859ceb020d0886ad4c736d4a5648f0624bc3bdeabc16c45718da101ef08fe',
    });
  });

  // Structured runs were re-keyed once, on purpose: their prompts asked for an `Answer:` line while the request carried
  // a JSON schema; they now ask for the JSON (STRUCTURED_ANSWER_INSTRUCTION), and answers to the old prompt must not be
  // re-used for the new one. The config and prompt hashes are unchanged.
  it('are unchanged for single-turn runs with structured output and extra body fields', async () => {
    expect(await runDigests({ structured_output: 'on', seed: 7, max_tokens: null, extra_body: { reasoning_effort: 'low' } })).toEqual({
      config_hash: 'e72af80826695d5e8f3960352bb6e4ba96f358972a9798db9177aecbbccc17f8',
      lines: 45,
      prompt_hash: 'ab58b3c01e859906306ec406c61419f434b6a8c476d24ac565275c4fa65c9256',
      responses: '95e0e636fdcadebb24ab12ef1c066a610bc8c10c65b2bc961a0bd3058fda4305',
    });
  });

  it('are unchanged for conversation runs', async () => {
    expect(await runDigests({ structured_output: 'off', conversation: true, style: 'first' })).toEqual({
      config_hash: '7910b488551b68c223a9ac1fd60f0ad16cd4db933fd2fbe3b7b929344a2b160c',
      lines: 45,
      prompt_hash: '9f776fea91e65ac419684a132bda79547953083ecc8163e2d6e13308a8a96ac7',
      responses: '71587fa88f9c6aab912aca7c614784abe309693bdd33ccd96eba22be5079fe98',
    });
  });
});
