/**
 * The test run StrykerJS uses for one module of `npm run mutation` (scripts/mutation.mjs): the
 * module's own test files only (DOTINK_MUTATION_TESTS, comma-separated paths or globs), no JSON
 * report. The files run in the order listed (the quick ones first): Stryker stops a mutant's run
 * at its first failing test, so a mutant a quick file kills never waits for a slow one.
 */
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const include = (process.env.DOTINK_MUTATION_TESTS ?? '').split(',').filter(Boolean);
if (include.length === 0) throw new Error('DOTINK_MUTATION_TESTS names no test files');

/** The place of a file in the list: the first entry that is its path, or a glob's fixed start of it. */
function rank(file: string): number {
  const path = relative(process.cwd(), file);
  const at = include.findIndex((entry) => {
    const star = entry.indexOf('*');
    return star < 0 ? entry === path : path.startsWith(entry.slice(0, star));
  });
  return at < 0 ? include.length : at;
}

class ListedOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => rank(a.moduleId) - rank(b.moduleId));
  }
}

export default defineConfig({
  test: {
    include,
    exclude: ['**/node_modules/**'],
    globalSetup: ['test-support/postgresGlobalSetup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    sequence: { sequencer: ListedOrder },
  },
});
