/**
 * `npm start`: reads the configuration, opens and migrates the database, seeds reference data
 * (and the demo on an empty embedded database), serves, and prints the address and demo logins.
 */
import { buildApp, systemClock } from './app';
import { readCodePointer } from './codes/codeStore';
import { codePagesBanner, installedCodePages } from './codes/installedCodePages';
import { ConfigError, loadConfig } from './config';
import { DatabaseUnavailableError, databaseTarget, openDatabase } from './db/database';
import { prepareDatabase } from './db/prepare';
import { openFileStore } from './files/configuredFileStore';
import { demoLogins } from './seed/demo';
import { categoryFilesBanner, categoryFilesOf } from './vendor/categoryFiles';
import { vendorDataDir } from './vendor/vendorData';
import { inspectVendorData, vendorDataBanner } from './vendor/vendorDataReport';
import { webApps } from './webApps/webApps';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // The object store first: a bucket that does not answer stops the start with its name.
  const store = await openFileStore(config);
  const database = await openDatabase(databaseTarget(config));
  // Several processes may start at once on one PostgreSQL: one migrates and seeds at a time.
  await prepareDatabase(database, {
    demo: config.seedDemo,
    schoolOnly: config.seedDemoSchoolOnly,
    clock: systemClock,
  });
  const app = await buildApp({ config, database, files: store.files });

  // SIGTERM drains (see the server README, "Drain"): not ready, sockets closed with 1012, new
  // sockets refused, every answer closing its connection; after SHUTDOWN_DELAY_MS the listener
  // closes and what is in flight finishes; the process exits by SHUTDOWN_GRACE_SECONDS at most.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const { delayMs, graceMs } = config.shutdown;
    app.log.info(`${signal}: draining (${delayMs} ms, exit within ${graceMs} ms)`);
    const cut = setTimeout(() => {
      app.log.error(`${signal}: requests still running after ${graceMs} ms: cut`);
      process.exit(1);
    }, graceMs);
    cut.unref();
    app.services.readiness.startDraining(systemClock.nowMs());
    await new Promise((r) => setTimeout(r, delayMs));
    await app.close();
    await database.close();
    store.close();
    clearTimeout(cut);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // started by start:cluster (an IPC channel): the launcher gone, even by SIGKILL, this one goes
  if (process.send) process.on('disconnect', () => void shutdown('launcher gone'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite (${config.pgliteDir})`;
  const lines = [
    '',
    `dotink server: ${config.publicUrl}  (database: ${where})`,
    `  files:              ${store.where}`,
    ...webApps(config).map(
      (web) => `  ${`${web.prefix.slice(1)}:`.padEnd(20)}${config.publicUrl}${web.prefix}/`,
    ),
    `  API docs (OpenAPI): ${config.publicUrl}/api/docs`,
    `  OpenID Connect:     ${config.issuer}/.well-known/openid-configuration`,
    ...vendorDataBanner(await inspectVendorData(vendorDataDir(config))),
    ...categoryFilesBanner(await categoryFilesOf(vendorDataDir(config))),
    ...codePagesBanner(await installedCodePages(vendorDataDir(config)), await readCodePointer(database.db)),
  ];
  const logins = config.seedDemo ? await demoLogins(database.db) : [];
  if (logins.length > 0) {
    lines.push('  demo logins:');
    for (const l of logins) lines.push(`    ${l.role.padEnd(30)} ${l.username} / ${l.password}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  // An operator's mistake (no database, PostgreSQL not running) is one line; a bug keeps its stack.
  console.error(error instanceof DatabaseUnavailableError ? error.message : error);
  process.exit(1);
});
