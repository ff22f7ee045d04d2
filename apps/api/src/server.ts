import { build } from './app';
import {
  devOutboxEnabled,
  loadOrCreateJwtSecret,
  readServerConfig,
  signupUrl,
  simulatorEnabled,
} from './config';
import { countUsers, seedDemoData } from './db/seed';

const config = readServerConfig();
const app = await build({
  databaseFile: config.databaseFile,
  jwtSecret: config.jwtSecret ?? loadOrCreateJwtSecret(config.databaseFile),
  accessTokenTtlSeconds: config.accessTokenTtlSeconds,
  refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
  logger: { level: config.logLevel },
  ...(config.corsOrigins === undefined ? {} : { corsOrigins: config.corsOrigins }),
  // The demo's moving vehicles; its first round comes after the seed below. SIMULATOR=off stops it.
  simulator: simulatorEnabled(),
  // Recorded e-mails, SMS and partner alerts readable by an Admin; DEV_OUTBOX=off hides them.
  devOutbox: devOutboxEnabled(),
  signupUrl: signupUrl(),
});

// A fresh database gets the demo data; one with users is someone's data and is left alone.
if ((await countUsers(app.db)) === 0) {
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
console.log(`Sentinel api listening on http://${shownHost}:${port} (database: ${config.databaseFile})`);
