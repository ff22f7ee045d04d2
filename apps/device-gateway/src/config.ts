import { randomUUID } from 'node:crypto';
import { GATEWAY_POLL_MAX_DEVICES } from '@sentinel/domain';
import { parseAllowNetworks } from './network-allow-list';
import { gatewayMetricsSettings } from './metrics';
import type { GatewayMetricsSettings } from './metrics';
import { tracingSettings } from './tracing';
import type { TracingSettings } from './tracing';

/** What a gateway instance needs to run (see the README's settings table). */
export interface GatewaySettings {
  /** The vehicle API's base URL, e.g. `http://127.0.0.1:5080`. */
  apiUrl: string;
  /** The api's GATEWAY_KEY: sent as `Authorization: Gateway <key>` on every call. */
  key: string;
  /** The interface both listeners bind to. */
  host: string;
  /** Teltonika TCP; 0 picks a free port. */
  teltonikaPort: number;
  /** OsmAnd HTTP (and GET /health); 0 picks a free port. */
  osmandPort: number;
  /** How long a new TCP connection may take to send its IMEI. */
  handshakeTimeoutSeconds: number;
  /** How long a TCP connection may stay silent before it is closed. */
  idleTimeoutSeconds: number;
  /** The most TCP connections held at once; more are closed as they arrive. */
  maxConnections: number;
  /** Source networks (CIDR or single addresses) allowed to connect; empty allows any. */
  allowNetworks: readonly string[];
  /** Redis, when several gateway instances share the devices (the newest connection of an IMEI wins). */
  redisUrl: string | undefined;
  /** This instance's name in Redis messages and logs. */
  instanceId: string;
  /** METRICS_PORT and METRICS_HOST: Prometheus metrics on a listener of their own. @default off */
  metrics?: GatewayMetricsSettings | undefined;
}

/** The settings of the gateway process, with the log level of its JSON logs and its tracing. */
export interface GatewayConfig extends GatewaySettings {
  logLevel: string;
  /**
   * OTEL_EXPORTER_OTLP_ENDPOINT and the standard's other settings (tracing.ts): where the process
   * sends its spans. @default off
   */
  tracing: TracingSettings | undefined;
}

/**
 * Teltonika's FMB devices close a silent link after their "open link timeout", 300 s by default;
 * the gateway waits a little longer, so a quiet but healthy device is never cut off first.
 */
export const DEFAULT_IDLE_TIMEOUT_SECONDS = 330;
export const DEFAULT_HANDSHAKE_TIMEOUT_SECONDS = 10;
export const DEFAULT_MAX_CONNECTIONS = 20_000;
export const DEFAULT_TELTONIKA_PORT = 5027;
export const DEFAULT_OSMAND_PORT = 5055;
export const DEFAULT_API_URL = 'http://127.0.0.1:5080';
/** The shortest GATEWAY_KEY production accepts, as the api asks of its own. */
export const MIN_GATEWAY_KEY_LENGTH = 32;

function text(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
}

function isProduction(env: NodeJS.ProcessEnv): boolean {
  return text(env, 'NODE_ENV') === 'production';
}

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = text(env, name);
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65_535) {
    throw new Error(`${name} must be a port number from 0 to 65535; it is '${raw}'.`);
  }
  return value;
}

function seconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = text(env, name);
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > 86_400) {
    throw new Error(`${name} must be a number of seconds above 0 and at most 86400; it is '${raw}'.`);
  }
  return value;
}

/** Reads and checks the settings; throws, naming the setting, when one is wrong or missing. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const production = isProduction(env);
  const key = text(env, 'GATEWAY_KEY');
  if (key === undefined) {
    throw new Error(
      "GATEWAY_KEY must be set: the api's GATEWAY_KEY, which lets the gateway speak for trackers.",
    );
  }
  if (production && key.length < MIN_GATEWAY_KEY_LENGTH) {
    throw new Error(
      `GATEWAY_KEY must have at least ${MIN_GATEWAY_KEY_LENGTH} characters with NODE_ENV=production; it has ${key.length}.`,
    );
  }
  const rawApiUrl = text(env, 'GATEWAY_API_URL');
  if (rawApiUrl === undefined && production) {
    throw new Error("GATEWAY_API_URL must be set with NODE_ENV=production: the api's base URL.");
  }
  const apiUrl = rawApiUrl ?? DEFAULT_API_URL;
  let parsedApiUrl: URL;
  try {
    parsedApiUrl = new URL(apiUrl);
  } catch {
    throw new Error(`GATEWAY_API_URL must be an http or https URL; it is '${apiUrl}'.`);
  }
  if (parsedApiUrl.protocol !== 'http:' && parsedApiUrl.protocol !== 'https:') {
    throw new Error(`GATEWAY_API_URL must be an http or https URL; it is '${apiUrl}'.`);
  }
  const rawMax = text(env, 'GATEWAY_MAX_CONNECTIONS');
  const maxConnections = rawMax === undefined ? DEFAULT_MAX_CONNECTIONS : Number(rawMax);
  // One instance's devices go in one command poll, which names at most GATEWAY_POLL_MAX_DEVICES.
  if (!Number.isInteger(maxConnections) || maxConnections < 1 || maxConnections > GATEWAY_POLL_MAX_DEVICES) {
    throw new Error(
      `GATEWAY_MAX_CONNECTIONS must be a whole number from 1 to ${GATEWAY_POLL_MAX_DEVICES}; it is '${rawMax}'.`,
    );
  }
  const allowNetworks = (text(env, 'GATEWAY_ALLOW_NETWORKS') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  // Checked here, so a wrong entry stops the start with its name rather than at the first device.
  parseAllowNetworks(allowNetworks);
  return {
    apiUrl,
    key,
    // Trackers reach a production gateway from the mobile network; a developer's stays local.
    host: text(env, 'GATEWAY_HOST') ?? (production ? '0.0.0.0' : '127.0.0.1'),
    teltonikaPort: port(env, 'TELTONIKA_PORT', DEFAULT_TELTONIKA_PORT),
    osmandPort: port(env, 'OSMAND_PORT', DEFAULT_OSMAND_PORT),
    handshakeTimeoutSeconds: seconds(
      env,
      'GATEWAY_HANDSHAKE_TIMEOUT_SECONDS',
      DEFAULT_HANDSHAKE_TIMEOUT_SECONDS,
    ),
    idleTimeoutSeconds: seconds(env, 'GATEWAY_IDLE_TIMEOUT_SECONDS', DEFAULT_IDLE_TIMEOUT_SECONDS),
    maxConnections,
    allowNetworks,
    redisUrl: text(env, 'REDIS_URL'),
    instanceId: text(env, 'GATEWAY_INSTANCE_ID') ?? randomUUID(),
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    metrics: gatewayMetricsSettings(env),
    tracing: tracingSettings(env),
  };
}
