/**
 * The classroom's layering (style.md rules 11–13, bulletproof-react): `app/` composes the
 * features; a feature imports shared layers (`api/`, `auth/`, `components/`, `lib/`, `stores/`,
 * `i18n/`, packages) and its own files, never another feature and never `app/`. Shared parts move
 * down; this test reads every import of the source tree and names each one that crosses.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every relative module a file imports or re-exports (static and dynamic), resolved to the tree. */
export function importedPaths(file: string, text: string): string[] {
  const specifiers = [
    ...text.matchAll(/(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]/g),
    ...text.matchAll(/import\s*\(\s*['"]([^'"]+)['"]\s*\)/g),
    ...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
  ].map((m) => m[1] as string);
  return specifiers.filter((s) => s.startsWith('.')).map((s) => resolve(dirname(file), s));
}

/** The layer a path of the tree belongs to: `features/<name>`, `app`, or another top folder. */
export function layerOf(path: string): string {
  const parts = relative(SRC, path).split(sep);
  return parts[0] === 'features' ? `features/${parts[1]}` : (parts[0] ?? '');
}

describe('classroom layering', () => {
  const files = sourceFiles(SRC).filter((f) => !/\.test\.tsx?$/.test(f));

  it('reads the source tree (the test sees the features)', () => {
    expect(files.filter((f) => layerOf(f).startsWith('features/')).length).toBeGreaterThan(50);
  });

  it('no feature imports another feature or app/', () => {
    const crossings = files.flatMap((file) => {
      const from = layerOf(file);
      if (!from.startsWith('features/')) return [];
      return importedPaths(file, readFileSync(file, 'utf8'))
        .map((target) => layerOf(target))
        .filter((to) => to !== from && (to === 'app' || to.startsWith('features/')))
        .map((to) => `${relative(SRC, file)} → ${to}`);
    });
    expect(crossings).toEqual([]);
  });

  it('no shared layer imports a feature or app/ (they sit below both)', () => {
    const shared = new Set(['api', 'auth', 'components', 'hooks', 'lib', 'stores', 'i18n']);
    const crossings = files.flatMap((file) => {
      const from = layerOf(file);
      if (!shared.has(from)) return [];
      return importedPaths(file, readFileSync(file, 'utf8'))
        .map((target) => layerOf(target))
        .filter((to) => to === 'app' || to.startsWith('features/'))
        .map((to) => `${relative(SRC, file)} → ${to}`);
    });
    expect(crossings).toEqual([]);
  });
});

describe('query-cache keys', () => {
  it('every query names its key through a factory (no one-off key arrays)', () => {
    const files = sourceFiles(SRC).filter((f) => !/\.test\.tsx?$/.test(f));
    const oneOff = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/queryKey:\s*\[/g)].map(() => relative(SRC, file)),
    );
    expect(oneOff).toEqual([]);
  });
});
