import { UsageError } from '../errors.js';
import type { ChatBody } from './client.js';
import { isBaselineModel, normalizeBaseUrl, type EvalConfig } from './config.js';
import type { EvalDataset } from '../io/eval-dataset.js';
import { maskUserinfo } from './redact.js';
import { requestBody, runRenderer, structuredMessages } from './request.js';
import { groupByLog, selectItems } from './select.js';

/** What `cclupe eval --dry-run` prints: the first request as it would leave, the key masked, and what the run would ask. */
export interface DryRunRequest {
  method: 'POST';
  url: string;
  /** `Authorization` names the variable the key would come from; the key itself is never shown. */
  headers: Record<string, string>;
  body: ChatBody;
  items: number;
  logs: number;
  notes: string[];
}

/**
 * The first request of a run without sending it: the first selected item (the opening of the first log's chat in
 * conversation mode), rendered and parameterised exactly as `runEval` would. Nothing is written or sent.
 */
export async function firstRequest(dataset: EvalDataset, config: EvalConfig, opts: { apiKeyEnv: string | null }): Promise<DryRunRequest> {
  if (isBaselineModel(config.model)) throw new UsageError('--dry-run shows a request to an endpoint; baseline models send none', '--dry-run');
  const items = selectItems(dataset.items, config.filter);
  if (items.length === 0) throw new UsageError('the item filter selects no items', 'filter');
  const renderer = await runRenderer(dataset, config);
  const notes: string[] = [];
  // `auto` is settled by the preflight; the dry run does not reach the server, so it shows the text form.
  const structured = config.structured_output === 'on';
  if (config.structured_output === 'auto') notes.push('structured_output auto: the preflight decides; shown as text (with on, the JSON schema and its instruction are sent)');
  const first = config.conversation ? groupByLog(items)[0].items[0] : items[0];
  const log = dataset.logs.get(first.log_id);
  if (!log) throw new UsageError(`item ${first.id} refers to log ${first.log_id}, which the dataset does not hold`, 'dataset');
  const raw = config.conversation ? renderer.opening(first, log, config.style) : renderer.single(first, log, config.style);
  const body = requestBody(config, first, structuredMessages(raw, first, structured), structured);
  return {
    method: 'POST',
    // credentials in the URL are masked like the key (the command prints the whole request through the run's redaction)
    url: `${maskUserinfo(normalizeBaseUrl(config.base_url ?? ''))}/chat/completions`,
    headers: { 'content-type': 'application/json', ...(opts.apiKeyEnv === null ? {} : { authorization: `Bearer <$${opts.apiKeyEnv}>` }) },
    body,
    items: items.length,
    logs: new Set(items.map((i) => i.log_id)).size,
    notes,
  };
}
