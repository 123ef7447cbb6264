import { renderLogBlock, renderPrompt, renderQuestion, SYSTEM_PROMPT } from '../questions/index.js';
import type { PromptRenderer } from './prompt-renderer.js';

/**
 * The prompts of CCLUPE runs, from the questions module: single-turn items use `renderPrompt`; a conversation opens
 * with the system prompt and the log block plus the first question, and each later turn is `renderQuestion` alone.
 */
export const questionsRenderer: PromptRenderer = {
  single(item, log, style) {
    const p = renderPrompt(item, log, { style });
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
