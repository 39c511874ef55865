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

/** `apps/`: three folders up from this file in the sources (src/webApps/), two from the build (dist/main.js). */
const appsRoot = fileURLToPath(
  new URL(import.meta.url.endsWith('.js') ? '../../' : '../../../', import.meta.url),
);

/** Where each app's build is looked for, unless configured otherwise. */
export interface WebAppDirs {
  readonly boardDistDir?: string;
  /** The classroom app's build (else `apps/classroom/dist`). */
  readonly classroomDistDir?: string;
}

/** The apps this repository builds, at their configured (or default) build folders. */
export function webApps(dirs: WebAppDirs = {}): readonly WebApp[] {
  return [
    { prefix: '/board', workspace: 'apps/board', distDir: dirs.boardDistDir ?? `${appsRoot}board/dist` },
  ];
}

/**
 * The classroom app, served at the site's root: its pages (`/`, `/index`, `/login`,
 * `/callback.html`, `/main`, `/main/…`, the pen station `/pen`, the class display
 * `/live/display`) get its index.html, and any other page address a browser asks for is sent to
 * `/` (classroom.md §2).
 */
export function classroomApp(dirs: WebAppDirs = {}): WebApp {
  return {
    prefix: '',
    workspace: 'apps/classroom',
    distDir: dirs.classroomDistDir ?? `${appsRoot}classroom/dist`,
  };
}

/** The classroom's client-side routes, answered with its index.html. */
export const CLASSROOM_PAGES: readonly string[] = [
  // the class display of a live lesson (issue 16), outside the shell
  '/live/display',
  '/index',
  '/login',
  '/callback.html',
  '/callback',
  '/main',
  '/main/*',
  // the pupils' pen station (issue 16), outside the teacher's session
  '/pen',
];

/**
 * Path prefixes of the server's own APIs and pages: an unknown address under them stays a JSON
 * 404 and is never redirected to the classroom.
 */
export const SERVER_PREFIXES: readonly string[] = [
  '/api/',
  '/edu/',
  '/oauth/',
  '/admin/',
  '/inkstore/',
  '/profile/',
  '/interaction/',
  '/auth/',
  '/vendor/',
  '/ncode_data/',
  '/paperhub/',
  '/realtime/',
  '/board/',
];

/** The apps at their default build folders. */
export const WEB_APPS: readonly WebApp[] = webApps();

/** True when the app has been built (its index.html exists). */
export function isBuilt(app: WebApp): boolean {
  return existsSync(`${app.distDir}/index.html`);
}
