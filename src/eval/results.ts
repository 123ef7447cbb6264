import { ANSWER_INSTRUCTION } from '../questions/render.js';
import type { Item } from '../schema/item.js';
import type { Prediction } from '../schema/prediction.js';
import type { RunScores } from '../schema/results.js';
import type { ChatReply, Usage } from './client.js';
import { extractAnswer } from './extract.js';
import type { FailureKind } from './retry.js';

/** Version tag of `results.json` of a model run. */
export const RUN_RESULTS_SCHEMA = 'cclupe-run-results/1' as const;

/** How one item's request went: a reply (fresh or from the cache), a final failure, or a baseline's prediction. */
export interface ItemOutcome {
  item_id: string;
  turn: number | null;
  reply: ChatReply | null;
  failure: { kind: FailureKind | 'skipped'; status?: number; message: string } | null;
  baseline?: Prediction;
  cached: boolean;
  attempts: number;
  latency_ms: number;
}

/** Timing and transport facts: they differ between two runs of the same model and are kept apart from the rest. */
export interface ItemTransport {
  cached: boolean;
  attempts: number;
  latency_ms: number;
}

/** One item of `results.json`: answer, score, parse trace, usage; `transport` is the only non-deterministic part. */
export interface ItemRecord {
  item_id: string;
  log_id: string;
  format: Item['format'];
  turn: number | null;
  status: string;
  selected: string[];
  value?: number;
  gold: string[];
  /** The exact value, for calc and numeric items. */
  gold_value?: number;
  score: number;
  correct: boolean;
  finish_reason: string | null;
  usage: Usage;
  parse_trace: string[];
  error: { kind: string; status?: number; message: string } | null;
  transport: ItemTransport;
}

/** Run-level transport and timing facts (non-deterministic). */
export interface RunTransport {
  started_at: string;
  finished_at: string;
  wall_ms: number;
  /** Requests that reached the network this session (attempts, retries included). */
  attempts: number;
  /** Items answered from `responses.jsonl` without a request. */
  cached_items: number;
  /** Completion tokens per second of wall time this session. */
  tokens_per_s: number;
}

/** `results.json` of a model run. Everything but `transport` fields is a pure function of the responses. */
export interface RunResults {
  schema: typeof RUN_RESULTS_SCHEMA;
  model: string;
  base_url: string | null;
  mode: 'single' | 'conversation';
  structured_output: boolean | null;
  tool_version: string;
  config_hash: string;
  dataset_hash: string;
  prompt_hash: string;
  /** The Table 3 row as printed (Mem. … LogScore, ×100). */
  table3_row: string[];
  usage: Usage;
  scores: RunScores;
  items: ItemRecord[];
  transport: RunTransport;
}

const ZERO_USAGE: Usage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };

/** Reads an outcome as a prediction (predictions.jsonl format) plus the parse trace, using `extractAnswer`. */
export function judgeOutcome(item: Item, outcome: ItemOutcome | undefined): { prediction: Prediction; trace: string[] } {
  if (!outcome) return { prediction: { item_id: item.id, status: 'error' }, trace: ['not run'] };
  if (outcome.baseline) return { prediction: outcome.baseline, trace: ['offline baseline'] };
  if (outcome.failure || !outcome.reply) {
    const f = outcome.failure;
    return { prediction: { item_id: item.id, status: 'error' }, trace: [`transport error: ${f ? f.message : 'no reply'}`] };
  }
  const r = outcome.reply;
  const x = extractAnswer(r.content, item.options.map((o) => o.key), {
    format: item.format,
    options: item.options,
    reasoning: r.reasoning,
    finishReason: r.finish_reason,
    echoes: [ANSWER_INSTRUCTION],
  });
  const prediction: Prediction = { item_id: item.id, status: x.status, raw: r.content ?? '' };
  if (item.format === 'numeric') {
    if (x.value !== undefined) prediction.value = x.value;
  } else if (x.status === 'answered') {
    prediction.selected = x.selected;
  }
  return { prediction, trace: x.trace };
}

/** Builds the per-item records from outcomes, predictions and the scorer's item scores (matched by id). */
export function itemRecords(
  items: readonly Item[],
  outcomes: ReadonlyMap<string, ItemOutcome>,
  traces: ReadonlyMap<string, string[]>,
  scores: RunScores,
): ItemRecord[] {
  const scored = new Map(scores.items.map((s) => [s.item_id, s]));
  return items.map((item) => {
    const o = outcomes.get(item.id);
    const s = scored.get(item.id)!;
    const rec: ItemRecord = {
      item_id: item.id,
      log_id: item.log_id,
      format: item.format,
      turn: o?.turn ?? null,
      status: s.status,
      selected: s.selected,
      gold: item.answer,
      score: s.score,
      correct: s.correct,
      finish_reason: o?.reply?.finish_reason ?? null,
      usage: o?.reply?.usage ?? ZERO_USAGE,
      parse_trace: traces.get(item.id) ?? [],
      error: o?.failure ? { ...o.failure } : null,
      transport: { cached: o?.cached ?? false, attempts: o?.attempts ?? 0, latency_ms: o?.latency_ms ?? 0 },
    };
    if (s.value !== undefined) rec.value = s.value;
    if (item.numeric_answer !== undefined) rec.gold_value = item.numeric_answer;
    return rec;
  });
}

/** Sums token usage over records. */
export function totalUsage(records: readonly ItemRecord[]): Usage {
  const u = { ...ZERO_USAGE };
  for (const r of records) {
    u.prompt_tokens += r.usage.prompt_tokens;
    u.completion_tokens += r.usage.completion_tokens;
    u.total_tokens += r.usage.total_tokens;
  }
  return u;
}

/**
 * The deterministic part of `results.json`: everything except the run's and each item's `transport` block.
 * Two runs of a deterministic server (interrupted and resumed, or with injected faults) agree on it exactly.
 */
export function deterministicResults(results: RunResults): Omit<RunResults, 'transport' | 'items'> & { items: Array<Omit<ItemRecord, 'transport'>> } {
  const { transport: _t, items, ...rest } = results;
  return { ...rest, items: items.map(({ transport: _x, ...r }) => r) };
}
