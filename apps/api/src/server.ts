import { build } from './app';
import { isProduction, loadOrCreateJwtSecret, readServerConfig, serverBuildOptions } from './config';
import { countUsers, seedDemoData } from './db/seed';

// Everything the api writes (the SQLite file and its journal, the generated signing key, their
// folder) is for this user only: 0600 files, 0700 folders.
process.umask(0o077);

function settingsOrExit() {
  try {
    return { config: readServerConfig(), options: serverBuildOptions() };
  } catch (error) {
    // A setting is wrong or missing: one line naming it, not a stack trace.
    console.error(`Sentinel api cannot start: ${error instanceof Error ? error.message : String(error)}`);
    return process.exit(1);
  }
}
const { config, options } = settingsOrExit();
const app = await build({
  ...options,
  jwtSecret: config.jwtSecret ?? loadOrCreateJwtSecret(config.databaseFile),
});

// A fresh database gets the demo data; one with users is someone's data and is left alone.
// Production never adds the demo users with their published passwords by itself (db:setup does).
if (!isProduction() && (await countUsers(app.db)) === 0) {
  const report = await seedDemoData(app.db);
  app.log.info(report, 'seeded the demo data');
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address !== null ? address.port : config.port;
// 0.0.0.0 and :: listen everywhere; localhost is the address a person can open.
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
// The host only: a DATABASE_URL may hold a password.
const database =
  config.databaseUrl === undefined
    ? config.databaseFile
    : `PostgreSQL at ${new URL(config.databaseUrl).host}`;
console.log(`Sentinel api listening on http://${shownHost}:${port} (database: ${database})`);
