import { describe, expect, it } from 'vitest';
import { skipWithout } from './prerequisites.js';

describe('skipWithout', () => {
  it('runs a suite whose prerequisite exists', () => {
    expect(skipWithout(import.meta.filename, 'this file', true)).toBe(false);
  });
  it('skips with a warning outside CI, and fails under CI, when the prerequisite is missing', () => {
    expect(skipWithout('/nonexistent/chromium', 'Chromium', false)).toBe(true);
    expect(() => skipWithout('/nonexistent/chromium', 'Chromium', true)).toThrow(/CI: Chromium is missing/);
  });
});
