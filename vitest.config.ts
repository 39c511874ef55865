import { defineConfig } from 'vitest/config';

const INCLUDE = [
  'packages/*/src/**/*.test.ts',
  'packages/*/test/**/*.test.ts',
  'packages/view/src/**/*.test.tsx',
  'apps/*/src/**/*.test.ts',
  'apps/board/src/**/*.test.tsx',
  'apps/*/test/**/*.test.ts',
  'test-support/**/*.test.ts',
  'e2e/**/*.test.ts',
  'bench/browser/*.test.ts',
];

/**
 * Files that measure time against a budget or stop and start processes and databases on a clock
 * (latency under load, outages, restarts): they run one at a time after the rest, alone on the
 * machine, so that what they measure is the code and not their neighbours.
 */
const ALONE = [
  'apps/server/src/realtime/rateLimit.test.ts',
  'apps/server/src/realtime/realtimeBudgets.test.ts',
  'apps/server/src/realtime/realtimeRoutes.test.ts',
  'apps/server/src/realtime/busOutage*.pg.test.ts',
  'apps/server/src/cluster/*.pg.test.ts',
  'apps/server/src/inkstore/crash.test.ts',
  'apps/server/src/vendor/vendorRoutes.test.ts',
  'apps/server/src/hostile.test.ts',
  'e2e/board/inkSafety.e2e.test.ts',
  'e2e/classroom/liveLesson*.e2e.test.ts',
  'e2e/classroom/stationOutage.e2e.test.ts',
  'e2e/classroom/podBackground.e2e.test.ts',
  'e2e/classroom/materialPrint.e2e.test.ts',
  'e2e/classroom/firstDay.e2e.test.ts',
];

/**
 * Vitest runs `vitest run` with one worker less than the machine's cores: one at a time on a
 * 2-core machine, where most browser and server tests wait on sockets and timers. The rest run
 * `DOTINK_TEST_WORKERS` at a time (2 unless set).
 */
const WORKERS = Number(process.env.DOTINK_TEST_WORKERS) || 2;

/**
 * Globs left out of both projects (comma-separated `DOTINK_TEST_SKIP`): a command line's
 * `--exclude` does not reach the projects' own lists (.ci/run's Node 24 run uses this).
 */
const SKIP = (process.env.DOTINK_TEST_SKIP ?? '').split(',').filter((g) => g.trim() !== '');

export default defineConfig({
  test: {
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
    // Tear-downs stop real processes (SIGTERM, a 5 s grace, then SIGKILL) and browsers: under a
    // loaded machine they took over the default 10 s, and a file whose tests all passed failed
    // in its afterAll (e2e/classroom/signOut, the one failure of the last CI run).
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: INCLUDE,
          exclude: ['**/node_modules/**', ...ALONE, ...SKIP],
          maxWorkers: WORKERS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'alone',
          include: ALONE,
          exclude: ['**/node_modules/**', ...SKIP],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
