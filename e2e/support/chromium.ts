/** Debian Chromium through playwright-core, with the flags every browser test and benchmark uses. */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, no sandbox (root), no GPU, and none of Chromium's calls home (the network is closed). */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Launches Chromium; a missing browser fails the test (it is never skipped). */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install it with 'apt-get install -y chromium' (or set CHROMIUM_PATH)`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS] });
}
