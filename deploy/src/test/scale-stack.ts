/*
 * The scale set-up on one machine, from Debian's packages: a temporary PostgreSQL (the api's own
 * test helper), a redis-server (the hub's test helper), the database set up by db:setup, N api
 * processes with NODE_ENV=production on both, and nginx in front of them with the configuration
 * the renderer writes. Each instance serves its Prometheus metrics on a loopback port of its own
 * (METRICS_PORT), as an operator's Prometheus would scrape it, never through nginx. Used by
 * scale.test.ts and bench/scale.ts; stop() ends every process and removes every temporary folder,
 * also when start-up fails half-way.
 */
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { parsePrometheusText, sumSamples } from '@sentinel/observability/prometheus-text';
import type { Sample } from '@sentinel/observability/prometheus-text';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_SIGN_INS, createDatabase, issueDeviceKey } from '@sentinel/api';
import { startRedisServer } from '@sentinel/signalr-hub/testing';
import type { RedisServer } from '@sentinel/signalr-hub/testing';
// The api's throwaway PostgreSQL, which its own test suite and bench use; not part of its public API.
import { startTemporaryPostgres } from '@sentinel/database/temporary-postgres';
import type { TemporaryPostgres } from '@sentinel/database/temporary-postgres';
import { renderNginxConfig } from '../../nginx/render.mjs';
import { API_DIR, apiEntry, NGINX, answers, freePort, runToEnd, startUntil, stop } from './processes';
import type { Running } from './processes';
import { localPaymentSettings } from '../local-production.mjs';

export interface ApiInstance {
  /** http://127.0.0.1:<port>, the instance itself (not through nginx). */
  url: string;
  /** http://127.0.0.1:<METRICS_PORT>/metrics, this instance's Prometheus figures. */
  metricsUrl: string;
  /** The instance's process; startInstance() replaces it after a test ended it. */
  process: Running;
}

export interface ScaleStack {
  /** nginx in front of the instances: the api's public address. */
  url: string;
  instances: ApiInstance[];
  databaseUrl: string;
  /** The Redis every instance shares (stop() and start() it to take it away and bring it back). */
  redis: RedisServer;
  /**
   * Starts instance `index` again, on its ports and with its settings, if its process has ended (a
   * test killed or drained it); a running one is left as it is.
   */
  startInstance(index: number): Promise<void>;
  /** Ends nginx, the instances, Redis and PostgreSQL, and removes the temporary folders. */
  stop(): Promise<void>;
}

export interface ScaleStackOptions {
  instances?: number;
  /** The api's LOG_LEVEL. @default 'warn' */
  logLevel?: string;
  /** Settings of each instance's own, by its index, e.g. a long SHUTDOWN_DRAIN_SECONDS for one. */
  instanceEnv?: readonly NodeJS.ProcessEnv[];
}

export const JWT_SECRET = 'the-scale-test-signing-key-of-32-chars';
const ORIGIN = 'http://localhost:5173';

export async function startScaleStack(options: ScaleStackOptions = {}): Promise<ScaleStack> {
  const count = options.instances ?? 2;
  const cleanups: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    const dir = await mkdtemp(join(tmpdir(), 'sentinel-scale-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    // Started by root, nginx's workers run as nobody and must reach the prefix.
    await chmod(dir, 0o755);

    const postgres: TemporaryPostgres = await startTemporaryPostgres();
    cleanups.push(() => postgres.stop());
    const redis: RedisServer = await startRedisServer();
    cleanups.push(() => redis.dispose());
    const databaseUrl = postgres.url('postgres');

    const proxyPort = await freePort();
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      JWT_SECRET,
      CORS_ORIGINS: ORIGIN,
      SIMULATOR: 'off',
      // The demo Admin signs in with the password alone: these tests are about the proxy, not sign-in's
      // second factor (on by default in production; src/second-factors tests it).
      MFA_REQUIRED: 'off',
      LOG_LEVEL: options.logLevel ?? 'warn',
      // Stopping the stack ends every instance at once rather than after production's drain.
      SHUTDOWN_DRAIN_SECONDS: '0',
      HOST: '127.0.0.1',
      ...localPaymentSettings({}, `http://127.0.0.1:${proxyPort}`),
    };
    const setup = await runToEnd(process.execPath, await apiEntry('src/db-setup.ts'), {
      cwd: API_DIR,
      env,
    });
    if (setup.code !== 0) throw new Error(`db:setup failed: ${setup.output}`);

    const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
    const metricsPorts = await Promise.all(Array.from({ length: count }, () => freePort()));
    const launch = async (index: number): Promise<Running> => {
      const running = await startUntil(
        process.execPath,
        await apiEntry('src/server.ts'),
        {
          cwd: API_DIR,
          env: {
            ...env,
            ...options.instanceEnv?.[index],
            PORT: String(ports[index]),
            METRICS_PORT: String(metricsPorts[index]),
            METRICS_HOST: '127.0.0.1',
          },
        },
        (out) => Promise.resolve(out.includes('listening on')),
      );
      cleanups.push(() => stop(running.child));
      return running;
    };
    const started = await Promise.allSettled(
      ports.map(async (port, index) => ({
        url: `http://127.0.0.1:${port}`,
        metricsUrl: `http://127.0.0.1:${metricsPorts[index]}/metrics`,
        process: await launch(index),
      })),
    );
    const instances: ApiInstance[] = [];
    for (const outcome of started) {
      if (outcome.status === 'rejected') throw outcome.reason;
      instances.push(outcome.value);
    }
    const startInstance = async (index: number) => {
      const instance = instances[index];
      if (instance === undefined) throw new Error(`No instance ${index}.`);
      const { child } = instance.process;
      if (child.exitCode === null && child.signalCode === null) return;
      instance.process = await launch(index);
    };

    const url = `http://127.0.0.1:${proxyPort}`;
    const conf = join(dir, 'nginx.conf');
    await writeFile(
      conf,
      renderNginxConfig({
        apiInstances: ports.map((port) => `127.0.0.1:${port}`),
        apiListen: `127.0.0.1:${proxyPort}`,
      }),
    );
    const nginx = await startUntil(
      NGINX,
      ['-e', 'stderr', '-p', dir, '-c', conf, '-g', 'daemon off;'],
      {},
      () => answers(`${url}/health`),
    );
    cleanups.push(() => stop(nginx.child));

    return { url, instances, databaseUrl, redis, startInstance, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** Signs the demo Admin in (through `url`); Admins receive every vehicle's live messages. */
export async function signInAdmin(url: string): Promise<string> {
  const admin = DEMO_SIGN_INS.find(({ role }) => role === 'Admin');
  if (!admin) throw new Error('The demo data has no Admin.');
  const response = await fetch(`${url}/Auth/SignInByEmail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  if (response.status !== 200) throw new Error(`Sign-in answered ${response.status}.`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** The serial numbers of every device in the database (the demo fleet's SNT-… and tracker IMEIs). */
export async function deviceSerials(databaseUrl: string): Promise<string[]> {
  const db = createDatabase({ databaseFile: '', databaseUrl });
  try {
    const devices = await db.selectFrom('devices').select('serialNumber').orderBy('id').execute();
    return devices.map(({ serialNumber }) => serialNumber);
  } finally {
    await db.destroy();
  }
}

/** Fresh keys for the devices with these serial numbers (issueDeviceKey, as the device:key CLI does). */
export async function deviceKeys(
  databaseUrl: string,
  serials: readonly string[],
): Promise<Map<string, string>> {
  const db = createDatabase({ databaseFile: '', databaseUrl });
  try {
    const keys = new Map<string, string>();
    for (const serial of serials) {
      const key = await issueDeviceKey(db, serial);
      if (key === undefined) throw new Error(`No device ${serial} in the demo data.`);
      keys.set(serial, key);
    }
    return keys;
  } finally {
    await db.destroy();
  }
}

export interface Fix {
  latitudeDegrees: number;
  longitudeDegrees: number;
}

/** Posts one position report as the device would (POST /Devices/{serial}/Telemetry). */
export async function postFix(
  url: string,
  serial: string,
  key: string,
  fix: Fix,
  timestamp = new Date(),
): Promise<{ status: number; vehicleId: number | null; position: boolean }> {
  const response = await fetch(`${url}/Devices/${serial}/Telemetry`, {
    method: 'POST',
    headers: { authorization: `Device ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ timestamp: timestamp.toISOString(), ...fix }),
  });
  if (response.status !== 200) return { status: response.status, vehicleId: null, position: false };
  const body = (await response.json()) as { vehicleId: number | null; stored: { position: boolean } };
  return { status: response.status, vehicleId: body.vehicleId, position: body.stored.position };
}

export type { Sample };
/** The sum of the samples of this name whose labels include these (all of them without labels). */
export const total = sumSamples;

/** One scrape of an instance's metrics URL: its content type and samples. */
export async function scrapeMetrics(metricsUrl: string): Promise<{ contentType: string; samples: Sample[] }> {
  const response = await fetch(metricsUrl);
  if (response.status !== 200) throw new Error(`${metricsUrl} answered ${response.status}.`);
  return {
    contentType: response.headers.get('content-type') ?? '',
    samples: parsePrometheusText(await response.text()),
  };
}
