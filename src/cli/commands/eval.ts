import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { InputError, UsageError } from '../../errors.js';
import { isBaselineModel, parseEvalConfig, type EvalConfig, type EvalConfigInput } from '../../eval/config.js';
import { loadEvalDataset } from '../../io/eval-dataset.js';
import { parseStructuredText } from '../../io/structured-text.js';
import { firstRequest } from '../../eval/dry-run.js';
import { checkPromptTemplate } from '../../eval/prompt-template.js';
import { runEval, type EvalRunOutcome } from '../../eval/run.js';
import { redactError, runRedactor, type Redactor } from '../../eval/redact.js';
import { FORMATS } from '../../schema/item.js';
import { BASELINES } from '../../score/baselines.js';
import { TABLE3_KEYS, TABLE3_TITLES } from '../../score/table-columns.js';
import { createProgress } from '../progress.js';
import { join } from 'node:path';
import { SHARD_FILE } from '../../io/shard-manifest.js';
import { writeEvalShard } from '../../eval/run-shard.js';
import { parseShardOption, SHARD_HELP } from '../shard-option.js';
import { readRegularText } from '../../io/read-regular.js';

/** Options of `cclupe eval` as commander hands them over (all strings; absent when not given). */
export interface EvalOptions {
  config?: string;
  baseUrl?: string;
  model?: string;
  apiKeyEnv?: string;
  concurrency?: string;
  out?: string;
  force?: boolean;
  temperature?: string;
  topP?: string;
  maxTokens?: string;
  seed?: string;
  extraBody?: string;
  timeout?: string;
  maxAttempts?: string;
  style?: string;
  conversation?: boolean;
  structuredOutput?: string;
  items?: string;
  logs?: string;
  formats?: string;
  maxLogs?: string;
  limit?: string;
  sampleSeed?: string;
  systemPrompt?: string;
  promptTemplate?: string;
  dryRun?: boolean;
  retryErrors?: boolean;
  shard?: string;
  json?: boolean;
}

function num(text: string | undefined, field: string, integer = false): number | undefined {
  if (text === undefined) return undefined;
  const x = Number(text);
  if (text.trim() === '' || !Number.isFinite(x) || (integer && !Number.isInteger(x))) {
    throw new UsageError(`${field} must be ${integer ? 'an integer' : 'a number'}, got ${text}`, field);
  }
  if (integer && !Number.isSafeInteger(x)) throw new UsageError(`${field} must be an integer within ±${Number.MAX_SAFE_INTEGER} (Number.MAX_SAFE_INTEGER), got ${text}`, field);
  return x;
}

const list = (text: string | undefined) => (text === undefined ? undefined : text.split(',').map((s) => s.trim()).filter((s) => s !== ''));

/** Reads a YAML or JSON run config file (`parseStructuredText`: a `.json` file is held to JSON). */
export function readConfigFile(path: string): unknown {
  if (!existsSync(path)) throw new InputError('config file not found', { file: path });
  return parseStructuredText(readRegularText(path), path);
}

/** A number, or `none` (the parameter is then left out of every request). */
const numOrNone = (text: string | undefined, field: string) => (text?.trim().toLowerCase() === 'none' ? null : num(text, field));

/** Reads a prompt file (`--system-prompt`, `--prompt-template`); its text goes into the config and its hash. */
function readPromptFile(path: string | undefined, field: string): string | undefined {
  if (path === undefined) return undefined;
  if (!existsSync(path)) throw new UsageError(`${field}: no such file: ${path}`, field);
  const text = readRegularText(path).replace(/^\uFEFF/, '').replace(/\r\n/g, '\n').replace(/\n+$/, '');
  if (text.trim() === '') throw new UsageError(`${field}: ${path} is empty`, field);
  return text;
}

/**
 * The run config: the config file (if any) with every given flag on top, validated. `OPENAI_BASE_URL` is the
 * default base URL, as in the OpenAI SDKs.
 */
export function buildEvalConfig(opts: EvalOptions, env: NodeJS.ProcessEnv = process.env): EvalConfig {
  const file = opts.config !== undefined ? readConfigFile(opts.config) : {};
  if (file === null || typeof file !== 'object' || Array.isArray(file)) throw new UsageError(`${opts.config}: must hold a mapping of settings`, '--config');
  const c = { ...(file as EvalConfigInput) } as Record<string, unknown>;
  const set = (k: string, v: unknown) => {
    if (v !== undefined) c[k] = v;
  };
  set('base_url', opts.baseUrl);
  set('model', opts.model);
  set('api_key_env', opts.apiKeyEnv);
  set('concurrency', num(opts.concurrency, '--concurrency', true));
  set('temperature', numOrNone(opts.temperature, '--temperature'));
  set('top_p', numOrNone(opts.topP, '--top-p'));
  set('system_prompt', readPromptFile(opts.systemPrompt, '--system-prompt'));
  set('prompt_template', readPromptFile(opts.promptTemplate, '--prompt-template'));
  set('max_tokens', opts.maxTokens === 'none' ? null : num(opts.maxTokens, '--max-tokens', true));
  set('seed', num(opts.seed, '--seed', true));
  set('timeout_ms', num(opts.timeout, '--timeout', true));
  set('style', opts.style);
  set('structured_output', opts.structuredOutput);
  if (opts.conversation) c.conversation = true;
  if (opts.extraBody !== undefined) {
    let extra: unknown;
    try {
      extra = JSON.parse(opts.extraBody);
    } catch {
      extra = undefined;
    }
    // an array, a string or null spread into the body as {"0": …} or nothing: only an object is a body's fields
    if (extra === null || typeof extra !== 'object' || Array.isArray(extra)) throw new UsageError(`--extra-body must be a JSON object, got ${opts.extraBody}`, '--extra-body');
    c.extra_body = { ...((c.extra_body as object) ?? {}), ...extra };
  }
  if (opts.maxAttempts !== undefined) c.retry = { ...((c.retry as object) ?? {}), max_attempts: num(opts.maxAttempts, '--max-attempts', true) };
  const filter = { ...((c.filter as object) ?? {}) } as Record<string, unknown>;
  if (opts.items !== undefined) filter.item_ids = list(opts.items);
  if (opts.logs !== undefined) filter.log_ids = list(opts.logs);
  if (opts.formats !== undefined) filter.formats = list(opts.formats);
  if (opts.maxLogs !== undefined) filter.max_logs = num(opts.maxLogs, '--max-logs', true);
  if (opts.limit !== undefined) filter.limit = num(opts.limit, '--limit', true);
  if (opts.sampleSeed !== undefined) filter.sample_seed = opts.sampleSeed;
  c.filter = filter;
  if (c.model === undefined) throw new UsageError('--model is required (or model: in --config)', '--model');
  if (c.base_url === undefined && !isBaselineModel(String(c.model)) && env.OPENAI_BASE_URL) c.base_url = env.OPENAI_BASE_URL;
  if (c.base_url === undefined && !isBaselineModel(String(c.model))) {
    throw new UsageError('--base-url is required (or base_url: in --config, or OPENAI_BASE_URL in the environment)', '--base-url');
  }
  const config = parseEvalConfig(c, opts.config ?? 'options');
  if (config.prompt_template !== undefined) checkPromptTemplate(config.prompt_template, opts.promptTemplate !== undefined ? '--prompt-template' : 'prompt_template');
  return config;
}

/** The variable the key is read from: the one named by `--api-key-env` (or the config), else `OPENAI_API_KEY`. */
export const DEFAULT_API_KEY_ENV = 'OPENAI_API_KEY';

/**
 * Reads the API key: from the variable named by `--api-key-env`, where an unset or empty variable is a usage error;
 * otherwise from `OPENAI_API_KEY` when it is set (local servers need no key). The key is never printed.
 */
export function readApiKey(config: EvalConfig, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (isBaselineModel(config.model)) return undefined;
  if (config.api_key_env === undefined) {
    const key = env[DEFAULT_API_KEY_ENV];
    return key === undefined || key === '' ? undefined : key;
  }
  const key = env[config.api_key_env];
  if (key === undefined || key === '') throw new UsageError(`environment variable ${config.api_key_env} (--api-key-env) is not set`, '--api-key-env');
  return key;
}

/** The Table 3 header and row, aligned, as printed at the end of a run. */
export function formatTable3Lines(label: string, row: readonly string[]): string {
  const head = ['model', ...TABLE3_KEYS.map((k) => TABLE3_TITLES[k])];
  const cells = [label, ...row];
  const w = head.map((h, i) => Math.max(h.length, cells[i].length));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(w[i]) : c.padStart(w[i]))).join('  ');
  return `${line(head)}\n${line(cells)}\n`;
}

/**
 * Runs `cclupe eval`: builds the config, loads the dataset, runs (or resumes) and prints the Table 3 row. Everything
 * it prints, and the message of an error it throws, passes through the run's redaction (`runRedactor`: the key, the
 * base URL's userinfo), as the run's files do.
 */
export async function run(datasetDir: string, opts: EvalOptions): Promise<EvalRunOutcome | null> {
  const config = buildEvalConfig(opts);
  const apiKey = readApiKey(config);
  const redact = runRedactor(config.base_url, apiKey);
  try {
    return await runRedacted(datasetDir, opts, config, apiKey, redact);
  } catch (err) {
    throw redactError(err, redact);
  }
}

async function runRedacted(datasetDir: string, opts: EvalOptions, config: EvalConfig, apiKey: string | undefined, redact: Redactor): Promise<EvalRunOutcome | null> {
  const print = (text: string) => process.stdout.write(redact.text(text));
  const shard = opts.shard === undefined ? null : parseShardOption(opts.shard);
  if (opts.dryRun) {
    const dataset = loadEvalDataset(datasetDir);
    const req = await firstRequest(dataset, config, { apiKeyEnv: apiKey === undefined ? null : (config.api_key_env ?? DEFAULT_API_KEY_ENV) });
    print(JSON.stringify(req, null, 2) + '\n');
    return null;
  }
  if (opts.out === undefined) throw new UsageError('--out is required (or --dry-run to print the first request)', '--out');
  const out = opts.out;
  const dataset = loadEvalDataset(datasetDir);
  const progress = createProgress('eval', 0, 'eval {bar} {value}/{total} | errors {errors} | {tps} tok/s | eta {eta}s');
  let shown = 0;
  let totalSet = false;
  const outcome = await runEval(dataset, config, {
    runDir: out,
    force: opts.force === true,
    apiKey,
    retryErrors: opts.retryErrors === true,
    shard: shard === null ? null : { k: shard.k, n: shard.n },
    onProgress: (p) => {
      if (!totalSet) {
        progress.setTotal(p.total);
        totalSet = true;
      }
      const tps = p.elapsedMs > 0 ? Math.round((p.tokens * 1000) / p.elapsedMs) : 0;
      progress.tick(p.done - shown, { errors: p.errors, tps });
      shown = p.done;
    },
    onNotice: (m) => process.stderr.write(redact.text(`cclupe eval: ${m}\n`)),
  });
  progress.stop();
  const shardFile = shard === null ? null : join(opts.out, SHARD_FILE);
  if (shard !== null) writeEvalShard(opts.out, dataset, config, outcome.manifest, { k: shard.k, n: shard.n }, new Date().toISOString(), redact);
  const r = outcome.results;
  if (opts.json) {
    const summary = {
      run_dir: out,
      model: r.model,
      mode: r.mode,
      structured_output: r.structured_output,
      table3: r.scores.table3,
      table3_row: r.table3_row,
      summary: r.scores.summary,
      counts: r.scores.counts,
      usage: r.usage,
      transport: r.transport,
      shard: shard === null ? null : `${shard.k}/${shard.n}`,
      shard_manifest: shardFile,
    };
    print(JSON.stringify(summary, null, 2) + '\n');
  } else {
    const c = r.scores.counts;
    print(formatTable3Lines(r.model, r.table3_row));
    // the row scores an item without an answer as wrong: say how many of those were transport errors (D12)
    if (c.error > 0) print(`(this row scores ${c.error} item${c.error === 1 ? '' : 's'} that ended in a transport error as wrong)\n`);
    print(
      `${c.items} items, ${c.answered} answered, ${c.invalid} invalid, ${c.no_answer} no answer, ${c.truncated} truncated, ${c.error} errors; ` +
        `${r.usage.total_tokens} tokens; ${r.transport.cached_items} from cache. Results in ${out}/results.json\n`,
    );
    if (shard !== null) print(`shard ${shard.k}/${shard.n}${shard.from ? ` (${shard.from}=${shard.k - 1})` : ''}: shard manifest ${shardFile}; put the shards together with cclupe merge\n`);
  }
  if (r.scores.counts.error > 0) {
    // The run's files are complete and valid, but some answers are missing: exit 1 so that scripts can retry.
    const n = r.scores.counts.error;
    process.stderr.write(`cclupe eval: ${n} item${n === 1 ? '' : 's'} ended in a transport error; re-run with --retry-errors to re-send ${n === 1 ? 'it' : 'them'}\n`);
    process.exitCode = 1;
  }
  return outcome;
}

/** Declares `cclupe eval`. */
export function register(program: Command): void {
  program
    .command('eval')
    .description(
      'Run a model on a dataset through any OpenAI-compatible chat endpoint (vLLM, llama.cpp, Ollama, hosted APIs), ' +
        'with caching, resume, retries and a conversation mode; writes manifest.json, responses.jsonl, results.json, ' +
        'predictions.jsonl and report.html to --out and prints the CCLUPE Table 3 row. Re-running the same command resumes',
    )
    .argument('<dataset>', 'dataset directory holding questions.jsonl and logs/')
    .option('-o, --out <dir>', 'run directory (created; an existing run there is resumed; any other non-empty directory is refused)')
    .option('--force', 'write into a directory that holds other files (none of them is removed)')
    .option('--config <file>', 'run config (YAML or JSON); flags given on the command line override it')
    .option('--base-url <url>', 'endpoint base URL, e.g. http://127.0.0.1:8000/v1 (default: $OPENAI_BASE_URL)')
    .option('--model <name>', `model name, or baseline:<${BASELINES.join('|')}> to run an offline baseline`)
    .option('--api-key-env <VAR>', 'environment variable holding the API key, never written anywhere (default: OPENAI_API_KEY, when set)')
    .option('--system-prompt <file>', 'replace the system prompt with this file\'s text (recorded in the config hash)')
    .option('--prompt-template <file>', 'replace the user message with this template: {{log}}, {{question}}, {{stem}}, {{options}}, {{answer_instruction}}, {{client_kind}}')
    .option('--concurrency <n>', 'requests in flight at once (default: 8)')
    .option('--temperature <t|none>', 'sampling temperature; "none" leaves it out of the requests (default: 0)')
    .option('--top-p <p|none>', 'nucleus sampling top_p; "none" leaves it out of the requests (default: 1)')
    .option('--max-tokens <n|none>', 'completion token limit; "none" leaves it out of the requests (default: 4096)')
    .option('--seed <n>', 'sampling seed sent to the server; also the seed of the offline baselines')
    .option('--extra-body <json>', 'extra request body fields as JSON, e.g. \'{"reasoning_effort":"low"}\'')
    .option('--timeout <ms>', 'per-attempt timeout in milliseconds (default: 120000)')
    .option('--max-attempts <n>', 'attempts per request, the first included (default: 6)')
    .option('--style <third|first>', 'question voice: third person or first person (default: third)')
    .option('--conversation', "ask a log's items one after another in one chat, the log given once (CCLUPE multi-turn)")
    .option('--structured-output <auto|on|off>', 'JSON-schema structured output; auto = when the preflight finds support (default: auto)')
    .option('--items <ids>', 'only these item ids (comma-separated)')
    .option('--logs <ids>', 'only items of these log ids (comma-separated)')
    .option('--formats <list>', `only these formats (comma-separated: ${FORMATS.join(', ')})`)
    .option('--max-logs <n>', 'only N whole logs, drawn by --sample-seed, stratified by client kind')
    .option('--limit <n>', 'only N items, drawn by --sample-seed, stratified by client kind, domain and format')
    .option('--sample-seed <s>', 'seed of the --max-logs and --limit draws (default: cclupe)')
    .option('--dry-run', 'print the first request as it would be sent (the key masked) and exit; nothing is written')
    .option('--shard <k/N|auto/N>', `${SHARD_HELP}. Shards split the selected items by whole logs; each writes a shard.json (options hash, k, N, range, files with SHA-256)`)
    .option('--retry-errors', 'on resume, re-send the items that ended in a transport error')
    .option('--json', 'print a JSON summary instead of the table')
    .action(async (dataset: string, options: EvalOptions) => {
      await run(dataset, options);
    });
}
