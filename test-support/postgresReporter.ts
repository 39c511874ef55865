/**
 * A Vitest reporter adding one line at the end of a run that left PostgreSQL tests out (no
 * TEST_DATABASE_URL): how many did not run and why. The PostgreSQL suites are the `[postgres]`
 * ones (`describeEachDatabase`, `describePostgres` in apps/server/test/harness.ts).
 */
import type { Reporter, TestModule } from 'vitest/node';

/** The line for `count` PostgreSQL tests that did not run (none when all ran). */
export function postgresNotRunLine(count: number, env: Readonly<Record<string, string | undefined>>): string {
  if (count === 0) return '';
  const why = env.TEST_DATABASE_URL
    ? 'they were filtered out of this run'
    : 'TEST_DATABASE_URL is not set (start PostgreSQL 15 and set it, see README "Server configuration"; .ci/run does)';
  return `PostgreSQL: ${count} test${count === 1 ? '' : 's'} did not run: ${why}`;
}

export default class PostgresReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let notRun = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        if (test.fullName.includes('[postgres]') && test.result().state === 'skipped') notRun++;
      }
    }
    const line = postgresNotRunLine(notRun, process.env);
    if (line) console.log(`\n${line}\n`);
  }
}
