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
    // `*.pg.test.ts` need a real PostgreSQL (TEST_DATABASE_URL; .ci/run starts one).
    exclude: ['**/node_modules/**', ...(process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.test.ts'])],
    environment: 'node',
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
    testTimeout: 20_000,
  },
});
