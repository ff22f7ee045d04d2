import { build } from './app';
import {
  isProduction,
  loadOrCreateJwtSecret,
  readServerConfig,
  serverBuildOptions,
  shutdownDrainSeconds,
} from './config';
import { countUsers, seedDemoData } from './db/seed';
import { startTracing } from './tracing/setup';

// Everything the api writes (the SQLite file and its journal, the generated signing key, their
// folder) is for this user only: 0600 files, 0700 folders.
process.umask(0o077);

function settingsOrExit() {
  try {
    // Before the app is built, so its request hooks are added (OTEL_EXPORTER_OTLP_ENDPOINT; off unset).
    startTracing();
    return {
      config: readServerConfig(),
      options: serverBuildOptions(),
      drainSeconds: shutdownDrainSeconds(),
    };
  } catch (error) {
    // A setting is wrong or missing: one line naming it, not a stack trace.
    console.error(`Sentinel api cannot start: ${error instanceof Error ? error.message : String(error)}`);
    return process.exit(1);
  }
}
const { config, options, drainSeconds } = settingsOrExit();
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

/*
 * SIGTERM (a deploy, Kubernetes, systemd) drains: from the signal on /health/ready and every new
 * request answer 503, so the proxy sends the work to another instance, for SHUTDOWN_DRAIN_SECONDS;
 * then the server closes (requests in flight finish, hub clients are told to reconnect) and the
 * process exits. Ctrl+C (SIGINT) and a second signal close at once.
 */
let draining: NodeJS.Timeout | undefined;
let closing = false;
const closeNow = () => {
  if (closing) return;
  closing = true;
  clearTimeout(draining);
  void app.close().then(() => process.exit(0));
};
process.on('SIGINT', closeNow);
process.on('SIGTERM', () => {
  if (app.readiness.shuttingDown || drainSeconds === 0) return closeNow();
  app.readiness.startShutdown();
  app.log.info(`shutting down: answering 503 for ${drainSeconds} s, then closing`);
  draining = setTimeout(closeNow, drainSeconds * 1000);
});

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
