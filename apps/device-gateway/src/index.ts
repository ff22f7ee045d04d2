/*
 * The gateway process (`pnpm --filter @sentinel/device-gateway start`): settings from the
 * environment (README), JSON logs on stdout, a clean close on SIGTERM and SIGINT.
 */
import pino from 'pino';
import { readConfig } from './config';
import { startGateway } from './gateway';
import { startTracing, stopTracing } from './tracing';

function configOrExit() {
  try {
    return readConfig();
  } catch (error) {
    // A setting is wrong or missing: one line naming it, not a stack trace.
    console.error(
      `Sentinel device gateway cannot start: ${error instanceof Error ? error.message : String(error)}`,
    );
    return process.exit(1);
  }
}

const config = configOrExit();
// Neither the key nor a Redis password goes to the logs (nor a collector's, in its URL).
const { logLevel, key: _key, redisUrl, instanceId: _instanceId, tracing, ...shown } = config;
const log = pino({ level: logLevel, base: { instanceId: config.instanceId } });
// Before the first connection, so every command sent is traced.
if (tracing) startTracing(tracing);
const gateway = await startGateway(config, { logger: log }).catch((error: unknown) => {
  // A port taken, Redis away: one line saying which.
  console.error(
    `Sentinel device gateway cannot start: ${error instanceof Error ? error.message : String(error)}`,
  );
  return process.exit(1);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log.info({ signal }, 'closing');
    // The connections close first; then the last spans go to the collector.
    void gateway
      .close()
      .then(() => stopTracing())
      .then(() => process.exit(0));
  });
}

// 0.0.0.0 and :: listen everywhere; localhost is the address a person can open.
const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
log.info(
  {
    ...shown,
    redis: redisUrl === undefined ? null : new URL(redisUrl).host,
    traces: tracing === undefined ? null : new URL(tracing.tracesUrl).host,
    teltonikaPort: gateway.teltonikaPort,
    osmandPort: gateway.osmandPort,
  },
  'listening',
);
console.log(
  `Sentinel device gateway listening: Teltonika tcp://${host}:${gateway.teltonikaPort}, ` +
    `OsmAnd http://${host}:${gateway.osmandPort} (health: /health), api ${config.apiUrl}`,
);
