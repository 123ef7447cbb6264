import type { Browser } from 'playwright-core';

/** Debian's Chromium, which the browser tests drive (`apt-get install chromium`; `.ci/run` installs it). */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * Headless Chromium as the browser tests need it: no sandbox (CI runs as root), no GPU, and none of the background
 * connections that this machine's closed network would refuse.
 */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
