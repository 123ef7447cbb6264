import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../src/report/html.js';

describe('escapeHtml', () => {
  it('turns &, <, > and " into entities and leaves other text as it is', () => {
    expect(escapeHtml('a < b & "c" > d')).toBe('a &lt; b &amp; &quot;c&quot; &gt; d');
    expect(escapeHtml("plain text, l'été")).toBe("plain text, l'été");
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
