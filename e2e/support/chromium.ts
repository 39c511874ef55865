/** Debian Chromium through playwright-core, with the flags every browser test and benchmark uses. */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type LaunchOptions } from 'playwright-core';

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

const USER_PRIORITY = join(dirname(fileURLToPath(import.meta.url)), 'chromium-user-priority.sh');
const SETPRIV = '/usr/bin/setpriv';

/**
 * How to start Chromium with `args`. As root (CI, containers) Chromium raises its browser, GPU, IO
 * and compositor threads to nice -8 — about six times the CPU weight of the server under test on
 * the same cores, which starved the server in the live-lesson benchmark (0.1 of a core while the
 * pens wrote). A desktop user's Chromium cannot do that, so as root it is started through
 * `chromium-user-priority.sh` (setpriv without CAP_SYS_NICE): every process keeps a user's rights.
 * A missing browser fails the test (it is never skipped).
 */
export function chromiumLaunchOptions(args: readonly string[]): LaunchOptions {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install it with 'apt-get install -y chromium' (or set CHROMIUM_PATH)`,
    );
  }
  if (process.getuid?.() !== 0) return { executablePath: CHROMIUM, args: [...args] };
  if (!existsSync(SETPRIV)) {
    throw new Error(
      `${SETPRIV} not found: as root Chromium is started without the right to raise its priority (apt-get install -y util-linux)`,
    );
  }
  return {
    executablePath: USER_PRIORITY,
    args: [...args],
    env: { ...process.env, DOTINK_CHROMIUM: CHROMIUM } as Record<string, string>,
  };
}

/** Launches Chromium with the flags every browser test uses (see {@link chromiumLaunchOptions}). */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions(CHROMIUM_FLAGS));
}
