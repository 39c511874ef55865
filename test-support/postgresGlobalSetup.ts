/**
 * Vitest global setup: under CI (`CI=true`) a test run without a working PostgreSQL fails at once
 * with a message saying what to install, start or set, instead of passing with the PostgreSQL
 * tests left out. Outside CI they are reported as not run (postgresReporter.ts).
 */
import { checkPostgres, isCi } from '../scripts/check-postgres.mjs';

export default async function setup(): Promise<void> {
  if (!isCi(process.env)) return;
  const { ok, message } = await checkPostgres(process.env);
  if (!ok) throw new Error(`CI=true: ${message}`);
}
