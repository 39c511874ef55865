/**
 * The test run StrykerJS uses for one module of `npm run mutation` (scripts/mutation.mjs): the
 * module's own test files only (DOTINK_MUTATION_TESTS, comma-separated globs), no JSON report.
 */
import { defineConfig } from 'vitest/config';

const include = (process.env.DOTINK_MUTATION_TESTS ?? '').split(',').filter(Boolean);
if (include.length === 0) throw new Error('DOTINK_MUTATION_TESTS names no test files');

export default defineConfig({
  test: {
    include,
    exclude: ['**/node_modules/**'],
    globalSetup: ['test-support/postgresGlobalSetup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
