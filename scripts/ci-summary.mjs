#!/usr/bin/env node
// Prints the closing line CI reads: `N passed, N failed`, from Vitest JSON reports.
// Usage: ci-summary.mjs <report.json> <exit status> [<report.json> <exit status> …]; the counts
// of every pair are added up (the main test run, the Node 24 server tests, the start smoke).
// A run that failed before any test (lint, typecheck) or a test file that could not load counts
// as failures too, so a red run never ends with "0 failed".
import { existsSync, readFileSync } from 'node:fs';

/** Passed and failed counts of one report and the exit status of the run that wrote it. */
export function countsOf(file, status) {
  if (!existsSync(file)) return { passed: 0, failed: status === 0 ? 0 : 1 };
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const passed = r.numPassedTests ?? 0;
  // Files that failed without a failing test (e.g. an import error) hold no counted test.
  const brokenFiles = (r.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  let failed = (r.numFailedTests ?? 0) + brokenFiles;
  if (failed === 0 && status !== 0) failed = 1;
  return { passed, failed };
}

/** The failed tests of one report, `file > title` a line, and files that failed to load. */
export function failuresOf(file) {
  if (!existsSync(file)) return [];
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const lines = [];
  for (const f of r.testResults ?? []) {
    const failedTests = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failedTests) lines.push(`${f.name} > ${a.fullName ?? a.title}`);
    if (f.status === 'failed' && failedTests.length === 0) {
      lines.push(`${f.name} (did not run: ${String(f.message ?? '').split('\n')[0]})`);
    }
  }
  return lines;
}

const args = process.argv.slice(2);
if (args.length === 0) args.push('reports/vitest.json', '0');
let passed = 0;
let failed = 0;
for (let i = 0; i < args.length; i += 2) {
  const c = countsOf(args[i], Number(args[i + 1] ?? 0));
  passed += c.passed;
  failed += c.failed;
  // the names go before the closing line, so a red run says what to look at
  for (const line of failuresOf(args[i])) console.log(`failed: ${line}`);
}
console.log(`${passed} passed, ${failed} failed`);
