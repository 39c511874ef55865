/**
 * The model has no UI and no I/O: `ncode`, `ink` and `contracts` (zod; fflate and papaparse for OneRoster) must import nothing from the DOM, Node or
 * React, and use no raw clock. (Their tsconfig also compiles them without DOM or Node types.)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './shared';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

const PURE = ['ncode', 'ink', 'contracts'];
const ALLOWED_IMPORTS =
  /^(\.{1,2}\/|@dotink\/(ncode|ink)$|@dotink\/contracts\/[A-Za-z]+$|fast-xml-parser$|fflate$|papaparse$|zod$)/;
const FORBIDDEN_GLOBALS =
  /\b(window|document|navigator|localStorage|indexedDB|fetch|XMLHttpRequest|process|Buffer|require|setTimeout|setInterval|Date\.now|performance\.now)\b/;

describe.each(PURE)('packages/%s is pure', (pkg) => {
  const files = sources(join(repoRoot, 'packages', pkg, 'src'));

  it('has sources', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it('imports only relative modules, other pure packages and pure libraries', () => {
    const bad: string[] = [];
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g)) {
        if (!ALLOWED_IMPORTS.test(m[1]!)) bad.push(`${f}: ${m[1]}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('touches no DOM or Node global and no raw clock', () => {
    const bad: string[] = [];
    for (const f of files) {
      const code = readFileSync(f, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, '')
        .replace(/(['"`])(?:\\.|(?!\1).)*\1/g, '""');
      const m = FORBIDDEN_GLOBALS.exec(code);
      if (m) bad.push(`${f}: ${m[0]}`);
    }
    expect(bad).toEqual([]);
  });
});
