/** One chat message as sent to the endpoint. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** The request body: model and messages plus sampling parameters and extra fields. */
export type ChatBody = { model: string; messages: ChatMessage[] } & Record<string, unknown>;

/** Header the harness sets on every item request so that proxies, logs and test servers can tell items apart. */
export const ITEM_HEADER = 'x-cclupe-item';
