import type { ChatMessage } from './client.js';
import type { PromptRenderer } from './prompt-renderer.js';

/**
 * Wraps a prompt renderer so that the `<log>…</log>` block shows each log's file exactly as written (column order,
 * number and date spelling, CRLF, BOM, padding, ragged rows) instead of the canonical re-serialisation of the parsed
 * log. Without it a model never sees a format perturbation: the reader normalises it away. `texts` maps log id →
 * file text; logs without an entry are rendered as the base renderer does.
 */
export function verbatimRenderer(base: PromptRenderer, texts: ReadonlyMap<string, string>): PromptRenderer {
  const swap = (messages: ChatMessage[], logId: string): ChatMessage[] => {
    const text = texts.get(logId);
    if (text === undefined) return messages;
    const body = text.replace(/\r?\n$/, '');
    return messages.map((m) => {
      if (m.role !== 'user' || typeof m.content !== 'string') return m;
      const open = m.content.indexOf('<log>\n');
      const close = m.content.indexOf('\n</log>', open);
      if (open < 0 || close < 0) return m;
      return { ...m, content: m.content.slice(0, open + 6) + body + m.content.slice(close) };
    });
  };
  return {
    single: (item, log, style) => swap(base.single(item, log, style), item.log_id),
    opening: (first, log, style) => swap(base.opening(first, log, style), first.log_id),
    turn: (item, style) => base.turn(item, style),
  };
}
