import { renderLogBlock, renderPrompt, renderQuestion, SYSTEM_PROMPT } from '../questions/index.js';
import type { Log } from '../schema/log-row.js';
import type { PromptRenderer } from './prompt-renderer.js';

// Log blocks by log and client kind. A log's fifteen items share one block, so a run renders each log once instead
// of fifteen times; `null` marks a log whose `renderPrompt` text is not block + question (then it is used as is).
const blocks = new WeakMap<Log, Map<string, string | null>>();

/**
 * The prompts of CCLUPE runs, from the questions module: single-turn items are exactly `renderPrompt`; a conversation
 * opens with the system prompt and the log block plus the first question, and each later turn is `renderQuestion` alone.
 */
export const questionsRenderer: PromptRenderer = {
  single(item, log, style) {
    let byKind = blocks.get(log);
    if (!byKind) blocks.set(log, (byKind = new Map()));
    const block = byKind.get(item.client_kind);
    if (typeof block === 'string') {
      return [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: `${block}\n\n${renderQuestion(item, { style })}` },
      ];
    }
    const p = renderPrompt(item, log, { style });
    if (block === undefined) {
      const b = renderLogBlock(log, { clientKind: item.client_kind });
      const same = p.system === SYSTEM_PROMPT && p.user === `${b}\n\n${renderQuestion(item, { style })}`;
      byKind.set(item.client_kind, same ? b : null);
    }
    return [
      { role: 'system', content: p.system },
      { role: 'user', content: p.user },
    ];
  },
  opening(first, log, style) {
    return [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: `${renderLogBlock(log, { clientKind: first.client_kind })}\n\n${renderQuestion(first, { style })}` },
    ];
  },
  turn(item, style) {
    return { role: 'user', content: renderQuestion(item, { style }) };
  },
};
