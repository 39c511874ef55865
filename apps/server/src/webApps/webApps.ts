/**
 * The web apps the server hosts: each is a Vite build served under its own path prefix, with
 * client-side routes falling back to the app's index.html.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface WebApp {
  /** Path prefix without the trailing slash, e.g. `/board`. */
  readonly prefix: string;
  /** The workspace that builds it (for messages), e.g. `apps/board`. */
  readonly workspace: string;
  /** Absolute path of the built files (`dist/`). */
  readonly distDir: string;
}

const appsRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Where each app's build is looked for, unless configured otherwise. */
export interface WebAppDirs {
  readonly boardDistDir?: string;
}

/** The apps this repository builds, at their configured (or default) build folders. */
export function webApps(dirs: WebAppDirs = {}): readonly WebApp[] {
  return [
    { prefix: '/board', workspace: 'apps/board', distDir: dirs.boardDistDir ?? `${appsRoot}board/dist` },
  ];
}

/** The apps at their default build folders. */
export const WEB_APPS: readonly WebApp[] = webApps();

/** True when the app has been built (its index.html exists). */
export function isBuilt(app: WebApp): boolean {
  return existsSync(`${app.distDir}/index.html`);
}
