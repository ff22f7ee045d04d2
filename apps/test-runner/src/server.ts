import { build } from './app';
import { readConfig } from './config';
import { benchMetricsOptions } from './metrics';

function configOrExit() {
  try {
    return { ...readConfig(), metrics: benchMetricsOptions() };
  } catch (error) {
    // A setting is wrong or missing: one line naming it, not a stack trace.
    console.error(
      `Sentinel test-runner cannot start: ${error instanceof Error ? error.message : String(error)}`,
    );
    return process.exit(1);
  }
}
const config = configOrExit();
const { port, host, logLevel, corsOrigins, jwtSecret } = config;
if (jwtSecret === undefined) {
  // Outside production: the bench still starts, but refuses every token until it shares the api's key.
  console.warn(
    "Sentinel test-runner: JWT_SECRET is not set, so it refuses every sign-in; give it the api's key.",
  );
}

const app = await build({
  logger: { level: logLevel },
  databaseFile: config.databaseFile,
  ...(config.databaseUrl === undefined ? {} : { databaseUrl: config.databaseUrl }),
  apiUrl: config.apiUrl,
  seed: config.seed,
  pinnedFaults: config.pinnedFaults,
  durationScale: config.durationScale,
  commandFailureRate: config.commandFailureRate,
  ...(config.gateway === undefined ? {} : { gateway: config.gateway }),
  ...(jwtSecret === undefined ? {} : { jwtSecret }),
  jwtPreviousSecrets: config.jwtPreviousSecrets,
  ...(corsOrigins === undefined ? {} : { corsOrigins }),
  ...(config.metrics === undefined ? {} : { metrics: config.metrics }),
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
await app.listen({ port, host });
const address = app.server.address();
const shownPort = typeof address === 'object' && address !== null ? address.port : port;
// 0.0.0.0 and :: listen everywhere; localhost is the address a person can open.
const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
console.log(`Sentinel test-runner listening on http://${shownHost}:${shownPort}`);
