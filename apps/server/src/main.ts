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
  await prepareDatabase(database, { demo: config.seedDemo, clock: systemClock });
  const app = await buildApp({ config, database, files: store.files });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    await app.close();
    await database.close();
    store.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

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
