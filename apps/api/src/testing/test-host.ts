/*
 * The api's test host: starts and stops isolated api instances on request, each a real build() on
 * its own port and in-memory database, and makes the few changes and reads other packages' tests
 * need that no route of the api offers (a device's report without a device, a stored command).
 * Those tests then run against the real api over HTTP without importing it. Local only.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { build } from '../app';
import type { BuildOptions } from '../app';
import { findTestCommand, testCommandView } from '../commands/command-queries';
import { DEMO_SIGN_INS } from '../db/seed';
import { listOutbox } from '../dev-outbox/outbox-queries';
import { findDeviceBySerialNumber } from '../devices/device-queries';
import { LIFTED_AUTH_LIMITS } from '../plugins/auth-limits';
import { recordGpsFix, recordLockChange, recordTamper } from '../vehicles/vehicle-store';
import type { GpsFix, LockChange, TamperReport } from '../vehicles/vehicle-store';
import { listVehicleRegistrations } from './host-queries';

/**
 * The build options a test may give as JSON; anything else is refused, so a renamed option fails
 * the test that passes it instead of being ignored.
 */
const INSTANCE_OPTIONS = [
  'databaseFile',
  'seed',
  'jwtSecret',
  'accessTokenTtlSeconds',
  'refreshTokenTtlSeconds',
  'refreshTokenAbsoluteTtlSeconds',
  'authLimits',
  'hub',
  'simulator',
  'devOutbox',
  'corsOrigins',
  'otpResendIntervalMs',
  'commands',
  'secondFactors',
  'gatewayKey',
  'webPush',
] as const satisfies readonly (keyof BuildOptions)[];

type InstanceOptions = Pick<BuildOptions, (typeof INSTANCE_OPTIONS)[number]>;

interface Instance {
  app: FastifyInstance;
  url: string;
}

/** The fix, change or report as JSON, its optional time an ISO string. */
type Timed<T extends { at?: Date }> = Omit<T, 'at'> & { at?: string };
const withTime = <T extends { at?: Date }>({ at, ...rest }: Timed<T>) =>
  ({ ...rest, ...(at === undefined ? {} : { at: new Date(at) }) }) as T;

class HostError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** The host, not yet listening: a Fastify app whose routes manage api instances. */
export function buildTestHost(): FastifyInstance {
  const instances = new Map<string, Instance>();
  const host = Fastify({ logger: false });

  const instance = (id: string): Instance => {
    const found = instances.get(id);
    if (!found) throw new HostError(404, `No api instance ${id}.`);
    return found;
  };

  const stop = async ({ app }: Instance) => {
    const closing = app.close();
    // The test is over, so nothing still open matters. A connection a client opened and never sent
    // a request on (fetch opens one when its others are busy, e.g. with a device's long poll)
    // would otherwise hold close() until the server's headers timeout.
    app.server.closeAllConnections();
    await closing;
  };

  host.setErrorHandler((error, _request, reply) => {
    const statusCode = error instanceof HostError ? error.statusCode : 500;
    void reply.status(statusCode).send({ message: error instanceof Error ? error.message : String(error) });
  });
  host.addHook('onClose', async () => {
    await Promise.allSettled([...instances.values()].map(stop));
    instances.clear();
  });

  host.get('/demo-sign-ins', async () => DEMO_SIGN_INS);

  /*
   * A seeded api on an in-memory database by default, with the sign-in limits lifted (a suite signs
   * in as a few demo users from one address many times) and any origin allowed (test pages such as
   * jsdom's http://localhost:3000 are not the apps' own); the options override any of it. `port`
   * reopens an api where a closed one listened.
   */
  host.post<{ Body: { options?: Record<string, unknown>; port?: number } }>(
    '/instances',
    async (request, reply) => {
      const { options = {}, port = 0 } = request.body ?? {};
      const unknown = Object.keys(options).filter(
        (name) => !(INSTANCE_OPTIONS as readonly string[]).includes(name),
      );
      if (unknown.length > 0)
        throw new HostError(
          400,
          `Unknown api option ${unknown.join(', ')}: the host takes ${INSTANCE_OPTIONS.join(', ')}.`,
        );
      const app = await build({
        databaseFile: ':memory:',
        seed: true,
        authLimits: LIFTED_AUTH_LIMITS,
        corsOrigins: ['*'],
        ...(options as InstanceOptions),
      });
      let url: string;
      try {
        url = await app.listen({ port, host: '127.0.0.1' });
      } catch (error) {
        await app.close();
        throw error;
      }
      const id = randomUUID();
      instances.set(id, { app, url });
      return reply.status(201).send({ id, url });
    },
  );

  host.delete<{ Params: { id: string } }>('/instances/:id', async (request, reply) => {
    const found = instance(request.params.id);
    instances.delete(request.params.id);
    await stop(found);
    return reply.status(204).send();
  });

  // Changes stored as a device's report stores them, announced on the live hub.
  host.post<{ Params: { id: string }; Body: Timed<GpsFix> }>(
    '/instances/:id/gps-fixes',
    async (request, reply) => {
      const { app } = instance(request.params.id);
      await recordGpsFix(app.db, withTime(request.body), app.vehicleEvents);
      return reply.status(204).send();
    },
  );
  host.post<{ Params: { id: string }; Body: LockChange }>(
    '/instances/:id/lock-changes',
    async (request, reply) => {
      const { app } = instance(request.params.id);
      await recordLockChange(app.db, request.body, app.vehicleEvents);
      return reply.status(204).send();
    },
  );
  host.post<{ Params: { id: string }; Body: Timed<TamperReport> }>(
    '/instances/:id/tampers',
    async (request, reply) => {
      const { app } = instance(request.params.id);
      await recordTamper(app.db, withTime(request.body), app.vehicleEvents);
      return reply.status(204).send();
    },
  );

  /** Who an access token names, as the instance's own check sees it; null when it refuses the token. */
  host.post<{ Params: { id: string }; Body: { token: string } }>(
    '/instances/:id/access-tokens/verify',
    async (request) => {
      const { app } = instance(request.params.id);
      return { subject: (await app.accessTokens.verify(request.body.token)) ?? null };
    },
  );

  host.get<{ Params: { id: string } }>('/instances/:id/vehicles', async (request) =>
    listVehicleRegistrations(instance(request.params.id).app.db),
  );

  /** What the api holds for a device: its readings as the device last reported them. */
  host.get<{ Params: { id: string; serialNumber: string } }>(
    '/instances/:id/devices/:serialNumber',
    async (request) => {
      const { app } = instance(request.params.id);
      const device = await findDeviceBySerialNumber(app.db, request.params.serialNumber);
      if (!device) throw new HostError(404, `No device ${request.params.serialNumber}.`);
      const { serialNumber, vehicleId, applicationVersion, deviceBatteryPercent, carBatteryVolts } = device;
      return { serialNumber, vehicleId, applicationVersion, deviceBatteryPercent, carBatteryVolts };
    },
  );

  /** A free device's test command as the api answers it, with the name of who asked for it. */
  host.get<{ Params: { id: string; commandId: string } }>(
    '/instances/:id/test-commands/:commandId',
    async (request) => {
      const { app } = instance(request.params.id);
      const row = await findTestCommand(app.db, Number(request.params.commandId));
      if (!row) throw new HostError(404, `No test command ${request.params.commandId}.`);
      const requestedBy =
        row.requestedByUserFirstName === null
          ? null
          : `${row.requestedByUserFirstName} ${row.requestedByUserLastName ?? ''}`.trim();
      return { ...testCommandView(row), requestedBy };
    },
  );

  /** The e-mails and texts the instance recorded, newest first, optionally to one recipient. */
  host.get<{ Params: { id: string }; Querystring: { recipient?: string } }>(
    '/instances/:id/outbox',
    async (request) =>
      listOutbox(instance(request.params.id).app.db, { recipient: request.query.recipient, limit: 100 }),
  );

  return host;
}
