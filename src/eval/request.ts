import type { Item } from '../schema/item.js';
import type { ChatBody, ChatMessage } from './client.js';
import type { EvalConfig } from './config.js';
import type { EvalDataset } from '../io/eval-dataset.js';
import { customRenderer, forStructuredOutput } from './prompt-template.js';
import { answerResponseFormat, type PromptRenderer } from './prompt-renderer.js';
import { verbatimRenderer } from './verbatim-renderer.js';

/**
 * The request body of one item: model, messages, the sampling parameters that are set (a `null` one is left out),
 * the JSON schema in structured mode, then `extra_body`. In structured mode the messages' answer instruction asks for
 * the JSON the schema describes; the caller passes messages already adapted with `structuredMessages`.
 */
export function requestBody(config: EvalConfig, item: Item, messages: ChatMessage[], structured: boolean): ChatBody {
  const body: ChatBody = { model: config.model, messages };
  if (config.temperature !== null) body.temperature = config.temperature;
  if (config.top_p !== null) body.top_p = config.top_p;
  if (config.max_tokens !== null) body.max_tokens = config.max_tokens;
  if (config.seed !== undefined) body.seed = config.seed;
  if (structured && item.format !== 'numeric') body.response_format = answerResponseFormat(item);
  return { ...body, ...config.extra_body };
}

/** The messages as sent: unchanged in text mode; in structured mode with the structured answer instruction. */
export function structuredMessages(messages: ChatMessage[], item: Item, structured: boolean): ChatMessage[] {
  return structured ? messages.map((m) => forStructuredOutput(m, item)) : messages;
}

/**
 * The prompt renderer of a run: the given base (default: the questions module's), with the config's system prompt and
 * template, showing perturbed logs as their files are written.
 */
export async function runRenderer(dataset: EvalDataset, config: EvalConfig, base?: PromptRenderer): Promise<PromptRenderer> {
  let r = base ?? (await import('./prompt.js')).questionsRenderer;
  if (config.system_prompt !== undefined || config.prompt_template !== undefined) {
    r = customRenderer(r, { systemPrompt: config.system_prompt, template: config.prompt_template });
  }
  return verbatimRenderer(r, dataset.texts);
}
