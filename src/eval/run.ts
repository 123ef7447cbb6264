import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { VERSION as OPENAI_VERSION } from 'openai/version';
import { UsageError } from '../errors.js';
import { createRng, streamKey } from '../random/rng.js';
import type { Item } from '../schema/item.js';
import type { Log } from '../schema/log-row.js';
import type { Prediction } from '../schema/prediction.js';
import type { ScoreParams } from '../schema/results.js';
import { baselinePredictions, isBaselineName, BASELINES } from '../score/baselines.js';
import { formatTable3Row } from '../score/format-results.js';
import { scoreRun, type SummarizeOptions } from '../score/score-run.js';
import { VERSION } from '../version.js';
import { createOpenAITransport, type ChatBody, type ChatMessage, type ChatReply, type ChatTransport } from './client.js';
import { baselineSeed, configHash, isBaselineModel, normalizeBaseUrl, resultAffectingConfig, type EvalConfig } from './config.js';
import type { EvalDataset } from '../io/eval-dataset.js';
import { hashValue, stableStringify } from '../hash.js';
import { createHash } from 'node:crypto';
import { ITEM_HEADER } from './wire.js';
import { messagesDigest } from './messages-digest.js';
import { checkResume, RUN_MANIFEST_SCHEMA, type RunManifest } from '../schema/run-manifest.js';
import { preflight, type PreflightResult } from './preflight.js';
import type { PromptRenderer } from './prompt-renderer.js';
import { requestBody, runRenderer, structuredMessages } from './request.js';
import { ErrorRecord, ResponseRecord } from './records.js';
import { judgeOutcome, itemRecords, RUN_RESULTS_SCHEMA, totalUsage, type ItemOutcome, type RunResults } from './results.js';
import { withRetry, type RetryDeps } from './retry.js';
import { redactError, runRedactor, withoutUserinfo, type Redactor } from './redact.js';
import { claimOutputDir, OUTPUT_MARKER } from '../io/output-guard.js';
import { readRunManifest, runPath, writeRunManifest, writeRunOutputs } from '../io/eval-run-dir.js';
import { renderRunReportHtml } from '../report/eval-html.js';
import { groupByLog, selectItems, shardItems } from './select.js';
import { Semaphore } from './semaphore.js';
import { AppendLog, readAppendLog } from '../io/eval-store.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { formatJsonl } from '../io/jsonl.js';

/** Progress of a run, reported after every finished item. */
export interface RunProgress {
  done: number;
  total: number;
  errors: number;
  /** Completion tokens received this session (cached items excluded). */
  tokens: number;
  elapsedMs: number;
}

/** Options of `runEval` besides the config. */
export interface RunEvalOptions {
  /** The run directory (created when missing; resumed when it holds a manifest). */
  runDir: string;
  /** The API key, read by the caller from the variable named in the config; kept in memory only. */
  apiKey?: string;
  /** Re-send items that ended in a transport error in an earlier session. */
  retryErrors?: boolean;
  /** Run only shard k of n of the selected items (whole logs; see `shardItems`). */
  shard?: { k: number; n: number } | null;
  /** Write into a directory that holds files other than a run of ours (`--force`). */
  force?: boolean;
  /** Replaces the openai transport (for embedding; tests use the real one against a loopback server). */
  transport?: ChatTransport;
  scoreParams?: Partial<ScoreParams>;
  bootstrap?: SummarizeOptions['bootstrap'];
  /** Prompt renderer (default: the questions module's, `questionsRenderer`). */
  renderer?: PromptRenderer;
  onProgress?(p: RunProgress): void;
  /** Warnings worth a line on stderr (preflight findings, resume notes). */
  onNotice?(message: string): void;
  /** Injected clock and sleep (default: real time). */
  now?(): number;
  sleep?(ms: number): Promise<void>;
}

/** What a finished run returns; the same data is in the run directory. */
export interface EvalRunOutcome {
  results: RunResults;
  predictions: Prediction[];
  manifest: RunManifest;
}

/**
 * Runs a model on a dataset (SPEC §8): selects items, checks or starts the run manifest, preflights the endpoint,
 * sends every item not yet answered (single-turn, or one chat per log in conversation mode) under a semaphore and
 * the retry policy, appends each finished response to `responses.jsonl` (fsynced), then extracts, scores and writes
 * `results.json`, `predictions.jsonl`, `report.html` and the manifest. `baseline:<name>` models run offline.
 */
export async function runEval(dataset: EvalDataset, config: EvalConfig, options: RunEvalOptions): Promise<EvalRunOutcome> {
  // The run's secrets (the key, the base URL's userinfo) are redacted at every exit: the files (each writer takes
  // `redact`), the notices, a thrown error's message and the returned outcome.
  const redact = runRedactor(config.base_url, options.apiKey);
  const inner: InnerOptions = { ...options, redact, onNotice: options.onNotice && ((m) => options.onNotice!(redact.text(m))) };
  const created = !existsSync(options.runDir);
  const claim = claimOutputDir(options.runDir, { kind: 'run', force: options.force, command: 'cclupe eval' });
  try {
    return redact.deep(await runLocked(dataset, config, inner));
  } catch (err) {
    claim.release();
    // A run that failed before writing anything (an unreachable endpoint, a rejected key) leaves no directory behind.
    if (created && readdirSync(claim.dir).every((n) => n === OUTPUT_MARKER)) rmSync(claim.dir, { recursive: true, force: true });
    throw redactError(err, redact);
  } finally {
    claim.release();
  }
}

/** The options inside a run: the caller's, with the run's redactor. */
type InnerOptions = RunEvalOptions & { redact: Redactor };

async function runLocked(dataset: EvalDataset, config: EvalConfig, options: InnerOptions): Promise<EvalRunOutcome> {
  const plan = await planRun(dataset, config, options);
  const sent = await sendRun(plan, config, options);
  return finishRun(plan, config, options, sent);
}

/**
 * Plan: the items the filter selects, the renderer and prompt hash, the run's identity checked against a previous
 * session's manifest, and the manifest this session will write. Nothing is sent or written yet.
 */
async function planRun(dataset: EvalDataset, config: EvalConfig, options: InnerOptions) {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const startedAt = now();
  const selected = selectItems(dataset.items, config.filter);
  if (selected.length === 0) throw new UsageError('the item filter selects no items', 'filter');
  const shard = options.shard ?? null;
  const items = shard === null ? selected : shardItems(selected, shard).items;
  if (items.length === 0) {
    const logs = groupByLog(selected).length;
    throw new UsageError(`--shard ${shard?.k}/${shard?.n}: the run has only ${logs} logs, so this shard holds none; use at most ${logs} shards`, '--shard');
  }
  // The endpoint as the transport needs it (userinfo and all), and as the run records it (without: the cache keys,
  // results.json, the report), so that credentials in the URL reach no file.
  const endpoint = config.base_url === undefined ? null : normalizeBaseUrl(config.base_url);
  const baseUrl = endpoint === null ? null : withoutUserinfo(endpoint);
  const baseline = isBaselineModel(config.model) ? config.model.slice('baseline:'.length) : null;
  if (baseline !== null && !isBaselineName(baseline)) {
    throw new UsageError(`unknown baseline ${baseline}; choose one of ${BASELINES.join(', ')}`, '--model');
  }
  // Baselines see no prompts, so they need no renderer.
  // A perturbed log is shown as its file is written, not as the reader normalised it (see EvalDataset.texts).
  const renderer = baseline !== null ? null : await runRenderer(dataset, config, options.renderer);
  // Each item is rendered once: the prompt hash, the cache check and the request share the messages.
  const rendered = new Map<string, ChatMessage[]>();
  const singleTurnMessages = (item: Item, log: Log, style: EvalConfig['style']) => {
    let m = rendered.get(item.id);
    if (!m) rendered.set(item.id, (m = renderer!.single(item, log, style)));
    return m;
  };
  const conversationOpening = (item: Item, log: Log, style: EvalConfig['style'], structured: boolean) =>
    structuredMessages(renderer!.opening(item, log, style), item, structured);
  const conversationTurn = (item: Item, style: EvalConfig['style'], structured: boolean) =>
    structuredMessages([renderer!.turn(item, style)], item, structured)[0];

  const logOf = (item: Item) => {
    const log = dataset.logs.get(item.log_id);
    if (!log) throw new UsageError(`item ${item.id} refers to log ${item.log_id}, which the dataset does not hold`, 'dataset');
    return log;
  };
  const promptHash =
    renderer === null ? hashValue('offline baseline') : hashEach(dataset.items, (it) => singleTurnMessages(it, logOf(it), config.style));
  const identity = { config: resultAffectingConfig(config), config_hash: configHash(config), dataset_hash: dataset.hash, prompt_hash: promptHash };
  const previous = readRunManifest(options.runDir);
  if (previous) checkResume(previous, identity);
  if (previous && (previous.shard?.k ?? null) !== (shard?.k ?? null)) {
    const name = (s: { k: number; n: number } | null | undefined) => (s ? `shard ${s.k}/${s.n}` : 'a whole run');
    throw new UsageError(`refusing to resume the run: ${options.runDir} holds ${name(previous.shard)}, not ${name(shard)}. Use a new --out directory`, '--out');
  }
  if (previous && previous.shard && shard && previous.shard.n !== shard.n) {
    throw new UsageError(`refusing to resume the run: ${options.runDir} holds shard ${previous.shard.k}/${previous.shard.n}, not ${shard.k}/${shard.n}. Use a new --out directory`, '--out');
  }
  // Records finished in the same millisecond share one timestamp string (hundreds per second at full speed).
  let lastIso = { ms: NaN, text: '' };
  const iso = (ms: number) => (ms === lastIso.ms ? lastIso.text : (lastIso = { ms, text: new Date(ms).toISOString() }).text);
  let manifest: RunManifest = {
    schema: RUN_MANIFEST_SCHEMA,
    tool: { name: 'cclupe-kit', version: VERSION },
    packages: { openai: OPENAI_VERSION, node: process.versions.node },
    status: 'running',
    created_at: previous?.created_at ?? iso(startedAt),
    updated_at: iso(startedAt),
    config: identity.config,
    config_hash: identity.config_hash,
    operational: {
      api_key_env: config.api_key_env ?? null,
      concurrency: config.concurrency,
      timeout_ms: config.timeout_ms,
      retry: config.retry,
      filter: config.filter,
    },
    dataset: { dir: dataset.dir, hash: dataset.hash, items: items.length, logs: new Set(items.map((i) => i.log_id)).size },
    prompt_hash: promptHash,
    structured_output: previous?.structured_output ?? null,
    preflight: previous?.preflight ?? null,
    sessions: (previous?.sessions ?? 0) + 1,
    ...(shard === null ? {} : { shard }),
  };
  return { dataset, now, sleep, startedAt, items, endpoint, baseUrl, baseline, singleTurnMessages, conversationOpening, conversationTurn, logOf, promptHash, identity, iso, manifest };
}

type RunPlan = Awaited<ReturnType<typeof planRun>>;

/**
 * Send: the outcome of every item, from a baseline, the cache, or the endpoint (after a preflight, with retries,
 * each finished response appended to `responses.jsonl`). The manifest is written once the preflight has passed.
 */
async function sendRun(plan: RunPlan, config: EvalConfig, options: InnerOptions) {
  const { now, sleep, startedAt, items, endpoint, baseUrl, baseline, singleTurnMessages, conversationOpening, conversationTurn, logOf, iso } = plan;
  let manifest = plan.manifest;
  // The manifest is first written once the preflight has passed, so a run that never reached the endpoint (a typo in
  // the URL, a wrong key) leaves no manifest behind and the corrected command starts cleanly.

  const outcomes = new Map<string, ItemOutcome>();
  let attemptsSent = 0;
  let tokens = 0;
  let errors = 0;
  const progress = () =>
    options.onProgress?.({ done: outcomes.size, total: items.length, errors, tokens, elapsedMs: now() - startedAt });

  if (baseline !== null) {
    const preds = baselinePredictions(baseline as (typeof BASELINES)[number], items, { seed: baselineSeed(config) });
    for (const p of preds) outcomes.set(p.item_id, { item_id: p.item_id, turn: null, reply: null, failure: null, baseline: p, cached: false, attempts: 0, latency_ms: 0 });
    progress();
  } else {
    const cached = new Map(readAppendLog(runPath(options.runDir, 'responses'), ResponseRecord).map((r) => [r.key, r]));
    const failed = new Map(readAppendLog(runPath(options.runDir, 'errors'), ErrorRecord).map((r) => [r.key, r]));
    const rng = createRng(streamKey('cclupe-eval-jitter', randomUUID()));
    const retryDeps: RetryDeps = { rng, sleep, now };
    const transport =
      options.transport ?? createOpenAITransport({ baseUrl: endpoint!, apiKey: options.apiKey, timeoutMs: config.timeout_ms, maxSockets: config.concurrency });

    const bodyFor = (item: Item, messages: ChatMessage[], structured: boolean): ChatBody => requestBody(config, item, messages, structured);
    // Within a run a body's parameters differ only in the response format, which follows from the item's option keys:
    // their stable JSON, the first part of every cache key, is built once per set of keys, not once per request.
    const paramsJson = new Map<string, string>();
    const keyOf = (item: Item, body: ChatBody) => {
      const format = body.response_format === undefined ? '' : item.options.map((o) => o.key).join('\n');
      let p = paramsJson.get(format);
      if (p === undefined) paramsJson.set(format, (p = requestParamsJson(baseUrl, body)));
      return keyFromParts(p, body.messages);
    };
    // Single-turn bodies and keys, computed once `structured` is settled (it never changes after the first preflight).
    const plans = new Map<string, { body: ChatBody; key: string }>();
    const singlePlan = (item: Item) => {
      let p = plans.get(item.id);
      if (!p) {
        const body = bodyFor(item, structuredMessages(singleTurnMessages(item, logOf(item), config.style), item, structured), structured);
        plans.set(item.id, (p = { body, key: keyOf(item, body) }));
      }
      return p;
    };

    // Decide what must be sent before touching the network: a fully cached run needs no endpoint at all.
    let structured = manifest.structured_output === true;
    const needsNetwork = (): boolean =>
      config.conversation
        ? !conversationFullyCached()
        : items.some((item) => {
            const { key } = singlePlan(item);
            return !cached.has(key) && (options.retryErrors === true || !failed.has(key));
          });
    const conversationFullyCached = (): boolean => {
      for (const group of groupByLog(items)) {
        let messages = conversationOpening(group.items[0], logOf(group.items[0]), config.style, structured);
        for (let k = 0; k < group.items.length; k++) {
          if (k > 0) messages = [...messages, conversationTurn(group.items[k], config.style, structured)];
          const key = keyOf(group.items[k], bodyFor(group.items[k], messages, structured));
          const hit = cached.get(key);
          if (!hit) {
            if (!options.retryErrors && failed.has(key)) break;
            return false;
          }
          messages = [...messages, { role: 'assistant', content: hit.reply.content ?? '' }];
        }
      }
      return true;
    };

    if (manifest.structured_output === null || needsNetwork()) {
      // its errors and warnings are redacted where they leave the run (`runEval`, the manifest's writer)
      const pf: PreflightResult = await preflight(transport, config, retryDeps);
      for (const w of pf.warnings) options.onNotice?.(`preflight: ${w}`);
      if (manifest.structured_output === null) {
        manifest = { ...manifest, structured_output: pf.structured_output === true };
        structured = manifest.structured_output === true;
      }
      manifest = { ...manifest, preflight: pf };
    }
    writeRunManifest(options.runDir, manifest, options.redact);

    const responses = await AppendLog.open(runPath(options.runDir, 'responses'), options.redact);
    const errorLog = await AppendLog.open(runPath(options.runDir, 'errors'), options.redact);
    const answered = new Set<string>();
    const sem = new Semaphore(config.concurrency);

    const finish = (o: ItemOutcome) => {
      outcomes.set(o.item_id, o);
      if (o.failure) errors++;
      progress();
    };

    /** Sends one request (or reads it from the cache); returns the reply or null on a final failure. */
    const ask = async (item: Item, turn: number | null, body: ChatBody, key = keyOf(item, body)): Promise<ChatReply | null> => {
      const hit = cached.get(key);
      if (hit) {
        finish({ item_id: item.id, turn, reply: hit.reply, failure: null, cached: true, attempts: hit.attempts, latency_ms: hit.latency_ms });
        return hit.reply;
      }
      const prevFail = failed.get(key);
      if (prevFail && !options.retryErrors) {
        const failure = { kind: prevFail.kind, ...(prevFail.status !== undefined ? { status: prevFail.status } : {}), message: prevFail.message };
        finish({ item_id: item.id, turn, reply: null, failure, cached: true, attempts: prevFail.attempts, latency_ms: 0 });
        return null;
      }
      // The slot is held until the outcome is on disk, so that requests not yet durable never exceed the concurrency.
      await sem.acquire();
      try {
        let attemptStart = 0;
        const result = await withRetry(
          () => {
            attemptsSent++;
            attemptStart = now();
            return transport.complete(body, { headers: { [ITEM_HEADER]: item.id } });
          },
          config.retry,
          retryDeps,
        );
        const latency = now() - attemptStart;
        if (result.ok) {
          // a server may echo the key in a successful reply too: it is redacted before it is used, so that a
          // conversation's next turn carries the same text in this session as from the cache in a resumed one
          const reply = options.redact.deep(result.value);
          const rec: ResponseRecord = { key, item_id: item.id, turn, reply, attempts: result.attempts, latency_ms: latency, finished_at: iso(now()) };
          await responses.append(rec);
          answered.add(key);
          tokens += reply.usage.completion_tokens;
          finish({ item_id: item.id, turn, reply, failure: null, cached: false, attempts: result.attempts, latency_ms: latency });
          return reply;
        }
        const f = result.failure;
        const failure = { kind: f.kind, ...(f.status !== undefined ? { status: f.status } : {}), message: options.redact.text(f.message) };
        const rec: ErrorRecord = { key, item_id: item.id, turn, ...failure, attempts: result.attempts, finished_at: iso(now()) };
        await errorLog.append(rec);
        finish({ item_id: item.id, turn, reply: null, failure, cached: false, attempts: result.attempts, latency_ms: latency });
        return null;
      } finally {
        sem.release();
      }
    };

    try {
      if (!config.conversation) {
        await Promise.all(
          items.map((item) => {
            const { body, key } = singlePlan(item);
            return ask(item, null, body, key);
          }),
        );
      } else {
        await Promise.all(
          groupByLog(items).map(async (group) => {
            let messages = conversationOpening(group.items[0], logOf(group.items[0]), config.style, structured);
            for (let k = 0; k < group.items.length; k++) {
              const item = group.items[k];
              if (k > 0) messages = [...messages, conversationTurn(item, config.style, structured)];
              const reply = await ask(item, k, bodyFor(item, messages, structured));
              if (reply === null) {
                for (const rest of group.items.slice(k + 1)) {
                  const failure = { kind: 'skipped' as const, message: `conversation stopped at turn ${k} (${item.id})` };
                  finish({ item_id: rest.id, turn: group.items.indexOf(rest), reply: null, failure, cached: false, attempts: 0, latency_ms: 0 });
                }
                return;
              }
              messages = [...messages, { role: 'assistant', content: reply.content ?? '' }];
            }
          }),
        );
      }
    } finally {
      await responses.close();
      await errorLog.close();
    }
    keepCurrentErrors(runPath(options.runDir, 'errors'), new Set([...cached.keys(), ...answered]), options.redact);
  }
  return { outcomes, attemptsSent, tokens, manifest };
}

/** Finish: extraction and scoring from the outcomes alone, then `results.json`, predictions, report and manifest. */
async function finishRun(plan: RunPlan, config: EvalConfig, options: InnerOptions, sent: Awaited<ReturnType<typeof sendRun>>): Promise<EvalRunOutcome> {
  const { dataset, now, startedAt, items, baseUrl, promptHash, identity, iso } = plan;
  const { outcomes, attemptsSent, tokens } = sent;
  let manifest = sent.manifest;
  // Extraction and scoring: pure, from the outcomes alone.
  const predictions: Prediction[] = [];
  const traces = new Map<string, string[]>();
  for (const item of items) {
    const j = judgeOutcome(item, outcomes.get(item.id));
    predictions.push(j.prediction);
    traces.set(item.id, j.trace);
  }
  const scores = scoreRun(items, predictions, options.scoreParams ?? {}, {
    label: config.model,
    dataset: dataset.scored,
    ...(options.bootstrap !== undefined ? { bootstrap: options.bootstrap } : {}),
  });
  const records = itemRecords(items, outcomes, traces, scores);
  const finishedAt = now();
  const wall = Math.max(1, finishedAt - startedAt);
  const results: RunResults = {
    schema: RUN_RESULTS_SCHEMA,
    model: config.model,
    base_url: baseUrl,
    mode: config.conversation ? 'conversation' : 'single',
    structured_output: manifest.structured_output,
    tool_version: VERSION,
    config_hash: identity.config_hash,
    dataset_hash: dataset.hash,
    prompt_hash: promptHash,
    table3_row: formatTable3Row(scores.table3),
    usage: totalUsage(records),
    scores,
    items: records,
    transport: {
      started_at: iso(startedAt),
      finished_at: iso(finishedAt),
      wall_ms: wall,
      attempts: attemptsSent,
      cached_items: records.filter((r) => r.transport.cached).length,
      tokens_per_s: (tokens * 1000) / wall,
    },
  };
  manifest = { ...manifest, status: 'complete', updated_at: iso(finishedAt) };
  writeRunOutputs(options.runDir, { results, predictions, reportHtml: await renderRunReportHtml(results, { items: new Map(items.map((it) => [it.id, it])), replies: replyTexts(outcomes) }) }, options.redact);
  writeRunManifest(options.runDir, manifest, options.redact);
  return { results, predictions, manifest };
}

/** The reply content of every item that got one, for the report. */
function replyTexts(outcomes: ReadonlyMap<string, ItemOutcome>): Map<string, string | null> {
  const m = new Map<string, string | null>();
  for (const [id, o] of outcomes) if (o.reply) m.set(id, o.reply.content);
  return m;
}

/** SHA-256 over each item's message digest, in order. */
function hashEach<T>(xs: readonly T[], f: (x: T) => ChatMessage[]): string {
  const h = createHash('sha256');
  for (const x of xs) h.update(messagesDigest(f(x))).update('\n');
  return h.digest('hex');
}

/**
 * Rewrites `errors.jsonl` (atomically) with only the errors that are still current: the last record of each request
 * that has no response yet. After a successful `--retry-errors` the file is empty, not a list of stale failures.
 */
function keepCurrentErrors(path: string, answered: ReadonlySet<string>, redact: Redactor): void {
  const latest = new Map<string, ErrorRecord>();
  for (const r of readAppendLog(path, ErrorRecord)) if (!answered.has(r.key)) latest.set(r.key, r);
  writeFileAtomic(path, formatJsonl(redact.deep([...latest.values()])));
}

/** The first part of a cache key: the stable JSON of the base URL and the body without its messages. */
function requestParamsJson(baseUrl: string | null, body: ChatBody): string {
  const { messages: _messages, ...params } = body;
  return stableStringify({ base_url: baseUrl, params });
}

/**
 * The cache key of a request: SHA-256 over the base URL and the body's parameters (stable JSON, sorted keys, from
 * `requestParamsJson`), then the SHA-256 of the messages as `[{role, content}]` JSON. Messages are built by the harness
 * with a fixed key order, so plain `JSON.stringify` is stable for them, and their digest is computed once and shared
 * with the prompt hash.
 */
function keyFromParts(paramsJson: string, messages: readonly ChatMessage[]): string {
  return createHash('sha256').update(paramsJson).update('\n').update(messagesDigest(messages)).digest('hex');
}
