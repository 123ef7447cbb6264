import { existsSync } from 'node:fs';

/** True when the suite runs under CI (`CI` set to anything but "" or "false"), where nothing may go quiet. */
export const IN_CI = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false';

/**
 * Whether to skip a suite that needs `path` (a built `dist/`, Debian's Chromium): false when it exists; otherwise
 * true with a warning on a developer's machine, and an error under CI, so that CI never passes by skipping.
 */
export function skipWithout(path: string, what: string, ci: boolean = IN_CI): boolean {
  if (existsSync(path)) return false;
  if (ci) throw new Error(`CI: ${what} is missing (${path}); it is required under CI, where tests may not skip`);
  console.warn(`skipping ${what} tests: ${path} not found`);
  return true;
}
