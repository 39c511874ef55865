#!/usr/bin/env node
// Prints the closing line CI reads: `N passed, N failed`, from Vitest's JSON report.
import { existsSync, readFileSync } from 'node:fs';

const file = process.argv[2] ?? 'reports/vitest.json';
const status = Number(process.argv[3] ?? 0);
if (!existsSync(file)) {
  // Lint or typecheck failed before any test ran: count that as one failure.
  console.log(`0 passed, ${status === 0 ? 0 : 1} failed`);
  process.exit(0);
}
const r = JSON.parse(readFileSync(file, 'utf8'));
const passed = r.numPassedTests ?? 0;
const failed =
  (r.numFailedTests ?? 0) + (r.numFailedTestSuites ?? 0) + (status !== 0 && !r.numFailedTests ? 1 : 0);
console.log(`${passed} passed, ${failed} failed`);
