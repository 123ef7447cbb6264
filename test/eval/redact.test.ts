import { describe, expect, it } from 'vitest';
import { createRedactor, maskUserinfo, runRedactor, urlSecrets, withoutUserinfo } from '../../src/eval/redact.js';

describe('createRedactor', () => {
  const KEY = 'sk-proj-Abc/123+xyz=9';
  const r = createRedactor([KEY]);

  it('redacts the key as given, in any letter case and URL-encoded', () => {
    expect(r.text(`key ${KEY}.`)).toBe('key [redacted].');
    expect(r.text(`KEY ${KEY.toUpperCase()}`)).toBe('KEY [redacted]');
    expect(r.text(`key=${encodeURIComponent(KEY)}&x=1`)).toBe('key=[redacted]&x=1');
    expect(r.text(`key=${encodeURIComponent(KEY).toLowerCase()}`)).toBe('key=[redacted]');
  });

  it('redacts a prefix of 8 characters or more (a truncated echo), not a shorter one', () => {
    expect(r.text(`got ${KEY.slice(0, 12)}…`)).toBe('got [redacted]…');
    expect(r.text(`got ${KEY.slice(0, 8)}`)).toBe('got [redacted]');
    expect(r.text(`got ${KEY.slice(0, 7)}`)).toBe(`got ${KEY.slice(0, 7)}`);
  });

  it('matches a secret shorter than 8 characters whole only, and leaves one shorter than 6 alone', () => {
    expect(createRedactor(['abc1234']).text('abc1234 abc123')).toBe('[redacted] abc123');
    expect(createRedactor(['abc12']).text('abc12')).toBe('abc12');
    expect(createRedactor([undefined, '']).active).toBe(false);
  });

  it('redacts every string and key of a value, and returns a value without the secret unchanged', () => {
    expect(r.deep({ a: [`x ${KEY}`], [KEY]: 1, n: 2 })).toEqual({ a: ['x [redacted]'], '[redacted]': 1, n: 2 });
    const clean = { a: ['x'] };
    expect(r.deep(clean)).toEqual(clean);
  });
});

describe('urlSecrets, withoutUserinfo and maskUserinfo', () => {
  it('takes the password, decoded, and the Basic pair of a user:password URL', () => {
    const url = 'http://user:p%40ss-word-1@127.0.0.1:8000/v1';
    expect(urlSecrets(url)).toEqual(['p%40ss-word-1', 'p@ss-word-1', Buffer.from('user:p@ss-word-1').toString('base64')]);
    expect(withoutUserinfo(url)).toBe('http://127.0.0.1:8000/v1');
    expect(maskUserinfo(url)).toBe('http://***@127.0.0.1:8000/v1');
  });

  it('takes a lone user name as a token, and leaves a URL without userinfo alone', () => {
    expect(urlSecrets('https://tok-123456@host/v1')).toEqual(['tok-123456', 'tok-123456']);
    expect(urlSecrets('http://127.0.0.1:8000/v1?a=b@c')).toEqual([]);
    expect(withoutUserinfo('http://127.0.0.1:8000/v1')).toBe('http://127.0.0.1:8000/v1');
  });

  it('makes one redactor of the key and the URL secrets', () => {
    const r = runRedactor('http://u:sk-INURL-999@h/v1', 'sk-KEY-123456');
    expect(r.text('sk-INURL-999 sk-KEY-123456')).toBe('[redacted] [redacted]');
  });
});
