import type { Item } from '../schema/item.js';
import type { Log } from '../schema/log-row.js';
import type { ChatMessage } from './client.js';

/** Stem voice: third person ("the account holder") or first person ("my account"). */
type PromptStyle = 'third' | 'first';

/** Turns items and logs into chat messages; the default is the questions module's renderer (`questionsRenderer`). */
export interface PromptRenderer {
  /** The messages of a single-turn item: system prompt, then log and question. */
  single(item: Item, log: Log, style: PromptStyle): ChatMessage[];
  /** The opening of a conversation: system prompt, then the log given once with the first question. */
  opening(first: Item, log: Log, style: PromptStyle): ChatMessage[];
  /** A later turn of a conversation: the question alone. */
  turn(item: Item, style: PromptStyle): ChatMessage;
}

/** The JSON schema a structured reply must follow: free reasoning, then the selected option keys. */
export function answerResponseFormat(item: Item): Record<string, unknown> {
  return {
    type: 'json_schema',
    json_schema: {
      name: 'cclupe_answer',
      strict: true,
      schema: {
        type: 'object',
        properties: {
          reasoning: { type: 'string' },
          answer: { type: 'array', items: { type: 'string', enum: item.options.map((o) => o.key) } },
        },
        required: ['reasoning', 'answer'],
        additionalProperties: false,
      },
    },
  };
}
