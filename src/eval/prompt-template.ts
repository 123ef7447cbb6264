import { ANSWER_INSTRUCTION, renderDefinitions, renderLogBlock, renderQuestion, SYSTEM_PROMPT } from '../questions/render.js';
import { UsageError } from '../errors.js';
import type { Item } from '../schema/item.js';
import type { ChatMessage } from './client.js';
import type { PromptRenderer } from './prompt-renderer.js';

/**
 * The placeholders of a `--prompt-template` file. `{{log}}` is the account line and the `<log>…</log>` block;
 * `{{question}}` is the whole question as the default prompt shows it (stem, lettered options, answer instruction).
 */
export const PROMPT_PLACEHOLDERS = {
  log: 'the account line and the transaction log between <log> and </log>',
  question: 'the stem, the definitions, the lettered options and the answer instruction, as in the default prompt',
  stem: 'the question stem alone (in the --style voice)',
  definitions: 'the definitions the question relies on ("Definitions for this question:" and one line each), or nothing; keep it next to {{stem}} when not using {{question}}, or items whose options are graded by stated thresholds become undecidable',
  options: 'the lettered options, one per line ("A. …")',
  answer_instruction: 'the answer-format instruction (the structured-output one when a JSON schema is sent)',
  client_kind: '"personal" or "sme"',
} as const;

/**
 * The instruction that replaces `ANSWER_INSTRUCTION` when the request carries the JSON schema of
 * `answerResponseFormat`, so that the prompt and the schema ask for the same thing.
 */
export const STRUCTURED_ANSWER_INSTRUCTION =
  'Reply with a JSON object {"reasoning": "<your working>", "answer": ["<letter>", …]}, where answer lists the letters of the options you choose. For a select-all question list every correct letter.';

const PLACEHOLDER_RE = /\{\{\s*([a-z_]+)\s*\}\}/g;

/** Checks a template's placeholders: all known, a log and a question present. Throws `UsageError` naming the option. */
export function checkPromptTemplate(template: string, field = '--prompt-template'): void {
  const used = new Set<string>();
  for (const m of template.matchAll(PLACEHOLDER_RE)) {
    if (!(m[1] in PROMPT_PLACEHOLDERS)) {
      throw new UsageError(`${field}: unknown placeholder {{${m[1]}}}; known: ${Object.keys(PROMPT_PLACEHOLDERS).map((k) => `{{${k}}}`).join(', ')}`, field);
    }
    used.add(m[1]);
  }
  if (!used.has('log')) throw new UsageError(`${field}: the template must contain {{log}}`, field);
  if (!used.has('question') && !(used.has('stem') && used.has('options'))) {
    throw new UsageError(`${field}: the template must contain {{question}}, or {{stem}} and {{options}}`, field);
  }
}

function questionParts(item: Item, style: 'third' | 'first'): Record<string, string> {
  const stem = style === 'first' ? item.stem_first_person : item.stem;
  const options = item.options.map((o) => `${o.key}. ${o.text}`).join('\n');
  return {
    stem,
    options,
    definitions: renderDefinitions(item),
    answer_instruction: ANSWER_INSTRUCTION,
    question: renderQuestion(item, { style }),
    client_kind: item.client_kind,
  };
}

/**
 * A renderer with a custom system prompt and/or user template, on top of the default one: conversation turns after
 * the first stay the default question alone, so the log is given once.
 */
export function customRenderer(base: PromptRenderer, opts: { systemPrompt?: string; template?: string }): PromptRenderer {
  if (opts.template !== undefined) checkPromptTemplate(opts.template);
  const system = opts.systemPrompt ?? SYSTEM_PROMPT;
  const user = (item: Item, log: Parameters<PromptRenderer['single']>[1], style: 'third' | 'first', fallback: ChatMessage[]): ChatMessage[] => {
    if (opts.template === undefined) return fallback.map((m) => (m.role === 'system' ? { ...m, content: system } : m));
    const values: Record<string, string> = { ...questionParts(item, style), log: renderLogBlock(log, { clientKind: item.client_kind }) };
    const content = opts.template.replace(PLACEHOLDER_RE, (_, name: string) => values[name]);
    return [
      { role: 'system', content: system },
      { role: 'user', content },
    ];
  };
  return {
    single: (item, log, style) => user(item, log, style, base.single(item, log, style)),
    opening: (first, log, style) => user(first, log, style, base.opening(first, log, style)),
    turn: (item, style) => base.turn(item, style),
  };
}

/**
 * A message as sent with a JSON schema: the text answer instruction becomes the structured one. Numeric items carry
 * no schema and keep their instruction.
 */
export function forStructuredOutput(message: ChatMessage, item: Item): ChatMessage {
  if (item.format === 'numeric' || message.role !== 'user' || !message.content.includes(ANSWER_INSTRUCTION)) return message;
  return { ...message, content: message.content.split(ANSWER_INSTRUCTION).join(STRUCTURED_ANSWER_INSTRUCTION) };
}
