#!/usr/bin/env node
// Prints the closing line CI reads: `N passed, N failed`, from Vitest's JSON report.
// A run that failed before any test (lint, typecheck) or a test file that could not load counts
// as failures too, so a red run never ends with "0 failed".
import { existsSync, readFileSync } from 'node:fs';

const file = process.argv[2] ?? 'reports/vitest.json';
const status = Number(process.argv[3] ?? 0);
if (!existsSync(file)) {
  console.log(`0 passed, ${status === 0 ? 0 : 1} failed`);
  process.exit(0);
}
const r = JSON.parse(readFileSync(file, 'utf8'));
const passed = r.numPassedTests ?? 0;
// Files that failed without a failing test (e.g. an import error) hold no counted test.
const brokenFiles = (r.testResults ?? []).filter(
  (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
).length;
let failed = (r.numFailedTests ?? 0) + brokenFiles;
if (failed === 0 && status !== 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
