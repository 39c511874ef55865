/**
 * `npm run mutation [module…]`: mutation testing with StrykerJS (issue 31 item 11), module by
 * module, on the modules whose mistakes cost most. Not part of CI (it takes hours on 2 cores).
 *
 * Each module is mutated with its own test files only (vitest.mutation.config.ts), one test
 * process at a time (the machine is shared), incrementally (reports/mutation/<module>.incremental.json
 * keeps the results of unchanged code and tests), and writes an HTML report to
 * reports/mutation/<module>.html. A module under an 80 % mutation score fails the run
 * (Stryker's `thresholds.break`); the exit code is non-zero when any module failed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Stryker's time for a mutant beyond its tests' own time (`timeoutMS`; a mutant past it counts as
 * detected). 20 s by default. The modules with no loop a mutant could make endless (a hang ends
 * as a failed test at the test timeout, 60 s, vitest.mutation.config.ts) take a long one: on the
 * shared cores at a high load their test files take minutes, and a mutant that merely ran slowly
 * must not count as timed out (nor cost a restart of the test process).
 */
const SLOW_TIMEOUT_MS = 150_000;

/**
 * Each module: the files mutated, the tests that must kill the mutants (run in this order), its
 * TypeScript project, and optionally its `timeoutMS`.
 */
const MODULES = {
  'ink-analytics': {
    mutate: ['packages/ink/src/analytics/**/*.ts', '!packages/ink/src/analytics/**/*.test.ts'],
    tests: ['packages/ink/src/analytics/**/*.test.ts'],
    tsconfig: 'packages/ink/tsconfig.json',
  },
  'ncode-addresses-homographies-codes': {
    mutate: [
      'packages/ncode/src/address.ts',
      'packages/ncode/src/homography.ts',
      'packages/ncode/src/codeIssuing.ts',
    ],
    tests: [
      'packages/ncode/src/address.test.ts',
      'packages/ncode/src/homography.test.ts',
      'packages/ncode/src/codeIssuing.test.ts',
    ],
    tsconfig: 'packages/ncode/tsconfig.json',
  },
  'pen-protocol': {
    mutate: ['packages/pen/src/protocol/**/*.ts', '!packages/pen/src/protocol/**/*.test.ts'],
    tests: ['packages/pen/src/protocol/**/*.test.ts'],
    tsconfig: 'packages/pen/tsconfig.json',
  },
  'server-access': {
    mutate: ['apps/server/src/edu/access.ts', 'apps/server/src/inkstore/access.ts'],
    // The rules on a database alone, then the access matrix: every education and ink search
    // route called as every kind of caller. The route files each start a server of their own and
    // test the routes' answers, not who may call them.
    tests: [
      'apps/server/src/edu/access.test.ts',
      'apps/server/src/inkstore/access.test.ts',
      'apps/server/test/matrix.test.ts',
    ],
    tsconfig: 'apps/server/tsconfig.json',
    timeoutMS: SLOW_TIMEOUT_MS,
  },
  'server-codes': {
    mutate: ['apps/server/src/codes/issuedPages.ts', 'apps/server/src/codes/codeStore.ts'],
    // Their own tests, on a database without a server; the route tests (codeRoutes,
    // printCodeRoutes, installedCodePages) start a server each and test the routes' answers.
    tests: ['apps/server/src/codes/issuedPages.test.ts', 'apps/server/src/codes/codeStore.test.ts'],
    tsconfig: 'apps/server/tsconfig.json',
  },
  // The ink store in two parts, each with its own tests (none of one part's mutants is reached
  // by the other's tests): reading an upload, and the stroke table. The route tests
  // (uploadRoutes, searchRoutes, damagedStrokes, …) start a server each; crash.test.ts kills and
  // restarts the real server in a child process, where no mutant is active.
  'server-ink-decode': {
    mutate: ['apps/server/src/inkstore/uploadDecode.ts', 'apps/server/src/inkstore/strokeFacts.ts'],
    tests: ['apps/server/src/inkstore/uploadDecode.test.ts', 'apps/server/src/inkstore/strokeFacts.test.ts'],
    tsconfig: 'apps/server/tsconfig.json',
    timeoutMS: SLOW_TIMEOUT_MS,
  },
  'server-ink-store': {
    mutate: ['apps/server/src/inkstore/inkStrokeStore.ts'],
    tests: ['apps/server/src/inkstore/inkStrokeStore.test.ts'],
    tsconfig: 'apps/server/tsconfig.json',
    timeoutMS: SLOW_TIMEOUT_MS,
  },
  // being redesigned (issue 27): mutate it last
  'server-lockout': {
    mutate: ['apps/server/src/identity/loginThrottle.ts'],
    tests: ['apps/server/src/identity/lockout.test.ts'],
    tsconfig: 'apps/server/tsconfig.json',
  },
};

/** The mutation score a module must reach (%). */
const BREAK = 80;

const asked = process.argv.slice(2);
for (const name of asked) {
  if (!(name in MODULES)) {
    console.error(`unknown module '${name}'; the modules: ${Object.keys(MODULES).join(', ')}`);
    process.exit(2);
  }
}
const names = asked.length > 0 ? asked : Object.keys(MODULES);
const out = 'reports/mutation';
mkdirSync(out, { recursive: true });

const failed = [];
for (const name of names) {
  const m = MODULES[name];
  const config = {
    $schema: '../../node_modules/@stryker-mutator/core/schema/stryker-schema.json',
    packageManager: 'npm',
    testRunner: 'vitest',
    vitest: { configFile: 'vitest.mutation.config.ts' },
    checkers: ['typescript'],
    tsconfigFile: m.tsconfig,
    typescriptChecker: { prioritizePerformanceOverAccuracy: true },
    mutate: m.mutate,
    concurrency: 1,
    incremental: true,
    incrementalFile: join(out, `${name}.incremental.json`),
    reporters: ['html', 'json', 'clear-text', 'progress'],
    htmlReporter: { fileName: join(out, `${name}.html`) },
    jsonReporter: { fileName: join(out, `${name}.json`) },
    thresholds: { high: 90, low: BREAK, break: BREAK },
    tempDirName: join('.cache', 'stryker', name),
    cleanTempDir: 'always',
    timeoutMS: m.timeoutMS ?? 20_000,
  };
  const file = join(out, `${name}.stryker.json`);
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  console.log(`\n# mutation: ${name} (${m.mutate.filter((g) => !g.startsWith('!')).join(', ')})`);
  const run = spawnSync('npx', ['stryker', 'run', file], {
    stdio: 'inherit',
    env: { ...process.env, DOTINK_MUTATION_TESTS: m.tests.join(',') },
  });
  if (run.status !== 0) failed.push(name);
}
console.log(
  failed.length === 0
    ? `\nmutation: every module of ${names.join(', ')} scored ≥ ${BREAK} %`
    : `\nmutation: under ${BREAK} % or failed: ${failed.join(', ')}`,
);
process.exit(failed.length === 0 ? 0 : 1);
