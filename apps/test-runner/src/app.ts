import { randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import type { GatewayAddress, TeltonikaTrackerTimings } from '@sentinel/teltonika/tracker';
import { createBearerVerifier } from './auth';
import { createBenchSimulator } from './bench/bench-simulator';
import type { FaultName } from './bench/bench-simulator';
import { createRelayDrive } from './bench/relay-drive';
import { createRunner } from './bench/runner';
import { createUnitDevices } from './bench/unit-devices';
import type { Runner } from './bench/runner';
import { IN_MEMORY, openBenchDatabase } from './db/database';
import { createVehicleApi } from './vehicle-api';
import type { VehicleApi } from './vehicle-api';
import { BenchError } from './errors';
import { benchRoutes } from './routes';
import { serveBenchMetrics } from './metrics';
import type { BenchMetricsOptions } from './metrics';

export interface BuildOptions {
  /** SQLite file holding the bench's state; created when missing. @default ':memory:' */
  databaseFile?: string;
  /** PostgreSQL instead of SQLite (the api's database may be shared: the bench's tables are its own). */
  databaseUrl?: string;
  /** Station ids the bench offers. @default ['burn1', 'burn2', 'burn3', 'burn4'] */
  stations?: readonly string[];
  /** The api's signing key; tokens it signed are accepted. @default a random key (every token refused) */
  jwtSecret?: string;
  /** The api's JWT_PREVIOUS_SECRETS: tokens they signed are still accepted during a rotation. @default [] */
  jwtPreviousSecrets?: readonly string[];
  /** The vehicle API: devices are looked up there and the units report to it. @default 'http://localhost:5080' */
  apiUrl?: string;
  /** The calls to the vehicle API; tests of the runner alone may pass their own. @default the api at apiUrl */
  vehicleApi?: VehicleApi;
  /** The bench simulator's seed: same seed, same faults and readings. @default 1 */
  seed?: number;
  /** Faults pinned per serial instead of drawn at the realistic rates. */
  pinnedFaults?: ReadonlyMap<string, readonly FaultName[]>;
  /** Multiplies every test's duration (and the units' answer delays). @default 1 */
  durationScale?: number;
  /** Share of lock and unlock commands a sound unit fails now and then. @default 0.03 */
  commandFailureRate?: number;
  /** How long the LockRelay test waits for the unit's answer to each command. @default 30000 */
  commandTimeoutMs?: number;
  /** How long a unit's poll of its command channel waits for a command. @default 25 */
  commandWaitSeconds?: number;
  /**
   * The device gateway's Teltonika listener: units known by IMEI speak Teltonika to it (Codec 8
   * Extended readings, Codec 12 commands) instead of using a key of their own. @default none
   */
  gateway?: GatewayAddress;
  /** The Teltonika units' link timings (acknowledgement wait, reconnect backoff). @default the tracker's */
  teltonika?: TeltonikaTrackerTimings;
  /** How often the runner advances the tests. @default 250 */
  tickMs?: number;
  /** Fastify's request logger; an object sets its level. @default false */
  logger?: boolean | { level: string };
  /** Origins allowed to call from a browser. @default any localhost origin */
  corsOrigins?: readonly string[];
  /** Prometheus metrics on a port of their own (METRICS_PORT, METRICS_HOST). @default off */
  metrics?: BenchMetricsOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The bench's state machine, for tests that drive it directly. */
    runner: Runner;
  }
}

export const DEFAULT_STATIONS: readonly string[] = ['burn1', 'burn2', 'burn3', 'burn4'];

// The burn-in app and the dashboard call this service from any localhost dev port.
const LOCALHOST_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/** The burn-in TestRunner service. */
export async function build(options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false });
  await app.register(cors, {
    origin: options.corsOrigins ? [...options.corsOrigins] : LOCALHOST_ORIGIN,
    // The bench's changes are PUTs, which @fastify/cors does not allow unless told.
    methods: ['GET', 'PUT'],
  });
  // Registered before the routes, so it documents each from its schemas, as the api's does.
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Sentinel TestRunner',
        version: '0.1.0',
        description: 'The burn-in bench: stations, the units on them and their tests.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      // Every call of the bench takes the api's access token; /health says otherwise for itself.
      security: [{ bearer: [] }],
    },
  });

  const vehicleApi = options.vehicleApi ?? createVehicleApi(options.apiUrl ?? 'http://localhost:5080');
  const db = await openBenchDatabase({
    databaseFile: options.databaseFile ?? IN_MEMORY,
    databaseUrl: options.databaseUrl,
  });
  const simulator = createBenchSimulator({
    seed: options.seed ?? 1,
    ...(options.pinnedFaults ? { pinnedFaults: options.pinnedFaults } : {}),
    ...(options.commandFailureRate === undefined ? {} : { commandFailureRate: options.commandFailureRate }),
  });
  const runner = createRunner({
    db,
    simulator,
    stations: [...(options.stations ?? DEFAULT_STATIONS)],
    durationScale: options.durationScale ?? 1,
    tickMs: options.tickMs ?? 250,
    onError: (error) => app.log.error(error, 'the bench runner failed a round'),
    unitDevices: createUnitDevices({
      api: vehicleApi,
      simulator,
      durationScale: options.durationScale ?? 1,
      waitSeconds: options.commandWaitSeconds ?? 25,
      ...(options.gateway ? { gateway: options.gateway } : {}),
      ...(options.teltonika ? { teltonika: options.teltonika } : {}),
    }),
    relay: createRelayDrive({
      api: vehicleApi,
      timeoutMs: options.commandTimeoutMs ?? 30_000,
      pollMs: options.tickMs ?? 250,
    }),
  });
  await runner.recover();
  app.decorate('runner', runner);
  serveBenchMetrics(app, db, options.metrics);

  // Every error answers { message }: a refusal with its own status, a bad request with Fastify's.
  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof BenchError) return reply.status(error.statusCode).send({ message: error.message });
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500)
      return reply.status(status).send({ message: (error as Error).message });
    request.log.error(error);
    return reply.status(500).send({ message: 'The test runner failed; see its log' });
  });

  await app.register(benchRoutes, {
    prefix: '/TestRunner',
    runner,
    verify: createBearerVerifier(
      options.jwtSecret ?? randomBytes(32).toString('base64url'),
      options.jwtPreviousSecrets ?? [],
    ),
    vehicleApi,
  });
  app.get(
    '/health',
    {
      schema: {
        summary: 'Liveness',
        security: [],
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());

  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => {
    await runner.close();
    await db.destroy();
  });

  await app.ready();
  return app;
}
