import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'packages/view/src/**/*.test.tsx',
      'apps/*/src/**/*.test.ts',
      'apps/board/src/**/*.test.tsx',
      'apps/*/test/**/*.test.ts',
      'test-support/**/*.test.ts',
      'e2e/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**'],
    // PostgreSQL suites (`[postgres]`) need TEST_DATABASE_URL (.ci/run starts PostgreSQL and sets
    // it). Under CI=true a run without it fails at once; otherwise the reporter says how many did
    // not run and why.
    globalSetup: ['test-support/postgresGlobalSetup.ts'],
    environment: 'node',
    reporters: [
      'default',
      ['json', { outputFile: 'reports/vitest.json' }],
      './test-support/postgresReporter.ts',
    ],
    testTimeout: 20_000,
  },
});
