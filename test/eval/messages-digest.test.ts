import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/eval/client.js';
import { messagesDigest, plainDigest } from '../../src/eval/messages-digest.js';

// The definition, written out independently of the module.
const reference = (messages: ChatMessage[]) =>
  createHash('sha256').update(JSON.stringify(messages.map((m) => ({ role: m.role, content: m.content })))).digest('hex');

const block = (n: number, cell: string) => `<log>\n${Array.from({ length: n }, (_, i) => `2024-01-${i}\t${cell}\t"q"\\`).join('\n')}\n</log>`;

describe('messagesDigest', () => {
  it('equals the SHA-256 of the messages JSON for prompts sharing a long log block (the prefix path)', () => {
    const sys: ChatMessage = { role: 'system', content: 'You are a careful analyst.' };
    const logs = [block(200, 'Salary\tüber'), block(180, 'Shop 😀 café'), block(190, 'x')];
    for (const log of logs) {
      for (let k = 0; k < 5; k++) {
        const m: ChatMessage[] = [sys, { role: 'user', content: `${log}\n\nQuestion ${k}: which "option" holds?\t😀` }];
        expect(messagesDigest(m)).toBe(reference(m));
        expect(messagesDigest(m)).toBe(plainDigest(m));
      }
    }
  });

  it('equals the definition when a shared prefix would end inside a surrogate pair', () => {
    const base = 'a'.repeat(2000);
    // Both contents share the high surrogate \ud83d and differ in the low one (😀 = \ud83d\ude00, 😁 = \ud83d\ude01).
    for (const tail of ['😀 rest', '😁 rest', '😀 other', '\ud83d lone', '\ude00 lone']) {
      const m: ChatMessage[] = [{ role: 'user', content: base + tail }];
      expect(messagesDigest(m)).toBe(reference(m));
    }
  });

  it('equals the definition for any sequence of message lists (property)', () => {
    const text = fc.string({ unit: 'binary', maxLength: 40 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('system', 'user'), text, fc.integer({ min: 0, max: 2 }), text), { minLength: 1, maxLength: 12 }),
        fc.constantFrom('x'.repeat(1500), 'é\t"'.repeat(600), '😀'.repeat(700)),
        (lists, long) => {
          for (const [role, a, which, b] of lists) {
            const content = which === 0 ? a + b : which === 1 ? long + a + b : long + a + long + b;
            const m: ChatMessage[] = [{ role: 'system', content: 'S' }, { role: role as ChatMessage['role'], content }];
            if (messagesDigest(m) !== reference(m)) return false;
          }
          return true;
        },
      ),
      { numRuns: 300 },
    );
  });
});
