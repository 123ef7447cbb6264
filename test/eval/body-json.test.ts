import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeChatBody } from '../../src/eval/body-json.js';
import type { ChatBody, ChatMessage } from '../../src/eval/client.js';
import { messagesDigest, plainDigest } from '../../src/eval/messages-digest.js';

// The definition, written out independently of the module.
const reference = (body: unknown) => Buffer.from(JSON.stringify(body));

const block = (n: number, cell: string) => `<log>\n${Array.from({ length: n }, (_, i) => `2024-01-${i}\t${cell}\t"q"\\`).join('\n')}\n</log>`;

describe('encodeChatBody', () => {
  it('equals the UTF-8 of JSON.stringify(body) for a log\'s items sharing a long block (the shared-prefix path)', () => {
    const sys: ChatMessage = { role: 'system', content: 'You are a careful analyst −\n"quoted"' };
    const rf = { type: 'json_schema', json_schema: { name: 'x', strict: true, schema: { enum: ['A', 'B'] } } };
    for (const log of [block(200, 'Salary\tüber'), block(180, 'Shop 😀 café')]) {
      for (let k = 0; k < 4; k++) {
        const body: ChatBody = { model: 'm', messages: [sys, { role: 'user', content: `${log}\n\nQuestion ${k}: "which"?\t😀` }], temperature: 0, top_p: 1 };
        if (k % 2 === 1) body.response_format = rf;
        // The cache key is computed first in a run; the body must not depend on that order.
        if (k < 2) messagesDigest(body.messages);
        expect(encodeChatBody(body).equals(reference(body))).toBe(true);
      }
    }
  });

  it('follows a message list changed in place between requests', () => {
    const messages: ChatMessage[] = [{ role: 'system', content: 'S' }, { role: 'user', content: block(100, 'a') }];
    const body: ChatBody = { model: 'm', messages, temperature: 0 };
    expect(encodeChatBody(body).equals(reference(body))).toBe(true);
    messages.push({ role: 'assistant', content: 'Answer: A' }, { role: 'user', content: 'And now?' });
    expect(encodeChatBody(body).equals(reference(body))).toBe(true);
    expect(messagesDigest(messages)).toBe(plainDigest(messages));
    messages[1] = { role: 'user', content: block(100, 'b') };
    expect(encodeChatBody(body).equals(reference(body))).toBe(true);
    expect(messagesDigest(messages)).toBe(plainDigest(messages));
  });

  it('serialises bodies of other shapes as they are', () => {
    const long = 'x'.repeat(2000);
    const bodies: unknown[] = [
      { model: 'm', messages: [{ role: 'user', content: long, name: 'extra field' }] },
      { model: 'm', messages: [{ content: long + 'a', role: 'user' }] },
      { messages: [{ role: 'user', content: long + 'b' }], model: 'm' },
      { model: 'm', messages: [{ role: 'user', content: long + 'c' }], toJSON: () => ({ replaced: true }) },
      { model: 'm', messages: [] },
      { model: 'm', messages: [{ role: 'user', content: long + 'd' }], skipped: undefined, nested: { b: 1, a: [undefined] } },
    ];
    for (const b of bodies) expect(encodeChatBody(b as ChatBody).equals(reference(b))).toBe(true);
  });

  it('equals the definition for any sequence of bodies (property)', () => {
    const text = fc.string({ unit: 'binary', maxLength: 40 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(text, fc.integer({ min: 0, max: 2 }), text, fc.boolean(), fc.boolean()), { minLength: 1, maxLength: 12 }),
        fc.constantFrom('x'.repeat(1500), 'é\t"'.repeat(600), '😀'.repeat(700)),
        (lists, long) => {
          for (const [a, which, b, withParams, digestFirst] of lists) {
            const content = which === 0 ? a + b : which === 1 ? long + a + b : long + a + long + b;
            const body: ChatBody = { model: a, messages: [{ role: 'system', content: 'S' }, { role: 'user', content }] };
            if (withParams) Object.assign(body, { temperature: 0.5, stop: [b], extra: { z: a } });
            if (digestFirst && messagesDigest(body.messages) !== plainDigest(body.messages)) return false;
            if (!encodeChatBody(body).equals(reference(body))) return false;
          }
          return true;
        },
      ),
      { numRuns: 300 },
    );
  });
});
