import { fileURLToPath } from 'node:url';
import { parseGatewayAddress } from '@sentinel/teltonika/tracker';
import type { GatewayAddress } from '@sentinel/teltonika/tracker';
import { FAULT_NAMES, isFaultName } from './bench/bench-simulator';
import type { FaultName } from './bench/bench-simulator';

/** The settings of the test-runner process, from its environment (see the README's table). */
export interface TestRunnerConfig {
  port: number;
  host: string;
  logLevel: string;
  /** Undefined means any localhost origin (the dev servers). */
  corsOrigins: string[] | undefined;
  /** The api's signing key: tokens it signed are accepted. Required in production. */
  jwtSecret: string | undefined;
  /** JWT_PREVIOUS_SECRETS, as the api reads it: earlier keys whose tokens are still accepted. */
  jwtPreviousSecrets: string[];
  /** The SQLite file holding the bench's state (when no databaseUrl is given). */
  databaseFile: string;
  /** PostgreSQL instead of SQLite (DATABASE_URL, as the api reads it). */
  databaseUrl: string | undefined;
  /** The vehicle API, asked whether a serial is a device. */
  apiUrl: string;
  /** The bench simulator's seed. */
  seed: number;
  /** Faults pinned per serial (BENCH_FAULTS), for demos and browser tests that need a known failure. */
  pinnedFaults: Map<string, FaultName[]>;
  /** Multiplies every test's duration (TEST_DURATION_SCALE). */
  durationScale: number;
  /** Share of lock and unlock commands a sound unit fails now and then (BENCH_COMMAND_FAILURE_RATE). */
  commandFailureRate: number;
  /** The device gateway's Teltonika listener (BENCH_GATEWAY): units known by IMEI speak Teltonika to it. */
  gateway: GatewayAddress | undefined;
}

/** Where the bench keeps its state unless BENCH_DATABASE_FILE says otherwise. */
export const DEFAULT_DATABASE_FILE = fileURLToPath(new URL('../.data/burn-in.db', import.meta.url));

/** BENCH_FAULTS: `SERIAL=fault+fault,SERIAL=fault`, e.g. `SNT-000127=noGpsFixIndoors`. */
export function parsePinnedFaults(raw: string | undefined): Map<string, FaultName[]> {
  const pinned = new Map<string, FaultName[]>();
  for (const entry of (raw ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')) {
    const [serial, list = ''] = entry.split('=').map((part) => part.trim());
    const faults = list
      .split('+')
      .map((fault) => fault.trim())
      .filter((fault) => fault !== '');
    const unknown = faults.find((fault) => !isFaultName(fault));
    if (!serial || unknown !== undefined)
      throw new Error(
        `BENCH_FAULTS must read SERIAL=fault+fault with faults among ${FAULT_NAMES.join(', ')}; '${entry}' does not.`,
      );
    pinned.set(serial, faults.filter(isFaultName));
  }
  return pinned;
}

/** The shortest JWT_SECRET production accepts, as in the api. */
export const MIN_JWT_SECRET_LENGTH = 32;

function text(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
}

/** NODE_ENV=production: the signing key and the allowed origins must be set. */
export function isProduction(env: NodeJS.ProcessEnv = process.env): boolean {
  return text(env, 'NODE_ENV') === 'production';
}

/** Reads and checks the settings; throws, naming the setting, when one is wrong or missing. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): TestRunnerConfig {
  const rawPort = text(env, 'PORT');
  const port = rawPort === undefined ? 5090 : Number(rawPort);
  if (!Number.isSafeInteger(port) || port < 0) {
    throw new Error(`PORT must be a whole number; it is '${rawPort}'.`);
  }
  const origins = text(env, 'CORS_ORIGINS')
    ?.split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  const jwtSecret = text(env, 'JWT_SECRET');
  const jwtPreviousSecrets = (text(env, 'JWT_PREVIOUS_SECRETS') ?? '')
    .split(',')
    .map((secret) => secret.trim())
    .filter((secret) => secret !== '');
  if (isProduction(env)) {
    if (jwtSecret === undefined || jwtSecret.length < MIN_JWT_SECRET_LENGTH) {
      throw new Error(
        `JWT_SECRET must be set to at least ${MIN_JWT_SECRET_LENGTH} characters with NODE_ENV=production` +
          (jwtSecret === undefined ? '; it is not set.' : `; it has ${jwtSecret.length}.`),
      );
    }
    // A short old key would let its tokens be forged for as long as it is listed.
    jwtPreviousSecrets.forEach((secret, index) => {
      if (secret.length < MIN_JWT_SECRET_LENGTH)
        throw new Error(
          `JWT_PREVIOUS_SECRETS (key ${index + 1}) must have at least ${MIN_JWT_SECRET_LENGTH} characters with NODE_ENV=production; it has ${secret.length}.`,
        );
    });
    if (origins === undefined || origins.length === 0) {
      throw new Error(
        'CORS_ORIGINS must be set with NODE_ENV=production: the comma-separated origins the apps are served from.',
      );
    }
  }
  const rawScale = text(env, 'TEST_DURATION_SCALE');
  const durationScale = rawScale === undefined ? 1 : Number(rawScale);
  if (!Number.isFinite(durationScale) || durationScale <= 0) {
    throw new Error(`TEST_DURATION_SCALE must be a positive number; it is '${rawScale}'.`);
  }
  const rawFailureRate = text(env, 'BENCH_COMMAND_FAILURE_RATE');
  const commandFailureRate = rawFailureRate === undefined ? 0.03 : Number(rawFailureRate);
  if (!Number.isFinite(commandFailureRate) || commandFailureRate < 0 || commandFailureRate > 1) {
    throw new Error(`BENCH_COMMAND_FAILURE_RATE must be a number from 0 to 1; it is '${rawFailureRate}'.`);
  }
  const rawSeed = text(env, 'BENCH_SEED');
  const seed = rawSeed === undefined ? 1 : Number(rawSeed);
  if (!Number.isSafeInteger(seed)) throw new Error(`BENCH_SEED must be a whole number; it is '${rawSeed}'.`);
  const rawGateway = text(env, 'BENCH_GATEWAY');
  const gateway = rawGateway === undefined ? undefined : parseGatewayAddress(rawGateway);
  if (rawGateway !== undefined && gateway === undefined) {
    throw new Error(
      `BENCH_GATEWAY must be the device gateway's Teltonika address as host:port (e.g. 127.0.0.1:5027); it is '${rawGateway}'.`,
    );
  }
  return {
    port,
    host: text(env, 'HOST') ?? '127.0.0.1',
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    corsOrigins: origins === undefined || origins.length === 0 ? undefined : origins,
    jwtSecret,
    jwtPreviousSecrets,
    databaseFile: text(env, 'BENCH_DATABASE_FILE') ?? DEFAULT_DATABASE_FILE,
    databaseUrl: text(env, 'DATABASE_URL'),
    apiUrl: text(env, 'API_URL') ?? 'http://localhost:5080',
    seed,
    pinnedFaults: parsePinnedFaults(text(env, 'BENCH_FAULTS')),
    durationScale,
    commandFailureRate,
    gateway,
  };
}
