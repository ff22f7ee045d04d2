/*
 * The live hub at /DefaultHub: staff dashboards connect with their access token and receive
 * DeviceGpsLocationMessage, DeviceLockUnlockMessage and DeviceTamperMessage for the vehicles
 * they may see, as soon as each change is stored (the vehicle event bus fires after commit).
 * With a Redis URL the instances share one backplane, so a change stored by any instance
 * reaches the dashboards connected to every other.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { RedisBackplane, createHub } from '@sentinel/signalr-hub';
import type { Authenticate, Hub } from '@sentinel/signalr-hub';
import { isRoleName, isStaffRole } from '@sentinel/domain';
import type { GpsEvent, LockEvent, TamperEvent } from '../vehicles/vehicle-events';
import { ALL_VEHICLES_GROUP, companyAdminsWatching, seesEveryVehicle } from './live-audience';
import { LIVE_MESSAGE } from '@sentinel/domain';
import type {
  DeviceGpsLocationMessage,
  DeviceLockUnlockMessage,
  DeviceTamperMessage,
  LiveMessageName,
} from '@sentinel/domain';

export const HUB_PATH = '/DefaultHub';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SignalR hub at /DefaultHub. */
    liveHub: Hub;
  }
}

export interface LiveHubOptions {
  /** The api's CORS origin setting (as given to @fastify/cors), applied to the hub too. */
  corsOrigin: boolean | RegExp | readonly string[];
  /**
   * Signs the hub's connection tokens, so any instance sharing it serves a connection negotiated
   * by another (the api passes its JWT secret; the hub derives a key of its own from it).
   * @default undefined (a connection is served by the instance that negotiated it)
   */
  secret?: string;
  /** Redis for the hub's backplane (REDIS_URL). @default undefined (this instance's clients only) */
  redisUrl?: string;
  /** @default 15000 (the spec's keep-alive ping) */
  keepAliveIntervalMs?: number;
  /** @default 30000 (the spec's server timeout) */
  clientTimeoutMs?: number;
}

/** @fastify/cors's origin setting in the hub's terms; hijacked hub answers never see Fastify's. */
function hubOrigins(
  origin: LiveHubOptions['corsOrigin'],
): readonly string[] | '*' | ((origin: string) => boolean) {
  if (origin === true) return '*';
  if (origin === false) return [];
  if (origin instanceof RegExp) return (candidate) => origin.test(candidate);
  return origin;
}

/**
 * Any staff member with a valid, unexpired access token. Account holders have no dashboard and
 * are refused like a bad token: the hub answers 401 to anything authenticate throws.
 */
function authenticateWith(app: FastifyInstance): Authenticate {
  return async ({ token }) => {
    const subject = token === undefined ? undefined : await app.accessTokens.verify(token);
    if (!subject) throw new Error('A valid access token is required.');
    if (!isStaffRole(subject.role)) throw new Error('Only staff receive live vehicle messages.');
    return { userId: String(subject.userId), claims: { role: subject.role } };
  };
}

export const liveHubPlugin = fp<LiveHubOptions>(
  (app, options, done) => {
    const backplane =
      options.redisUrl === undefined
        ? undefined
        : new RedisBackplane({
            url: options.redisUrl,
            // Redis being away is worth a warning per reconnect attempt, not an error: the hub
            // still serves this instance's clients and catches up once Redis is back.
            onError: (error) => app.log.warn({ err: error }, 'live hub backplane: Redis unavailable'),
          });
    const hub = createHub({
      path: HUB_PATH,
      authenticate: authenticateWith(app),
      cors: { origins: hubOrigins(options.corsOrigin) },
      ...(options.secret === undefined ? {} : { secret: options.secret }),
      ...(options.keepAliveIntervalMs === undefined
        ? {}
        : { keepAliveIntervalMs: options.keepAliveIntervalMs }),
      ...(options.clientTimeoutMs === undefined ? {} : { clientTimeoutMs: options.clientTimeoutMs }),
      ...(backplane === undefined ? {} : { backplane }),
      onError: (error) => app.log.error({ err: error }, 'live hub error'),
    });
    app.decorate('liveHub', hub);

    hub.onConnected(async (context) => {
      const role = context.user?.claims?.['role'];
      if (typeof role === 'string' && isRoleName(role) && seesEveryVehicle(role)) {
        await context.groups.add(context.connectionId, ALL_VEHICLES_GROUP);
      }
    });

    // Before body parsing and before @fastify/cors (see the hub's README): the hub answers its
    // own requests, preflights included, on the raw response.
    app.addHook('onRequest', (request, reply, next) => {
      if (hub.handle(request.raw, reply.raw)) reply.hijack();
      next();
    });
    const detach = hub.attach(app.server);

    // Messages go out one after another, so a client sees a vehicle's changes in stored order
    // even when a message first needs a lookup (a company's admins, a tamper's position).
    let queue: Promise<void> = Promise.resolve();
    const deliver = (work: () => Promise<void>) => {
      queue = queue
        .then(work)
        .catch((error: unknown) => app.log.error({ err: error }, 'live message not sent'));
    };

    async function send(name: LiveMessageName, vehicleId: number, message: object): Promise<void> {
      const companyAdmins = await companyAdminsWatching(app.db, vehicleId);
      const sends = [hub.clients.group(ALL_VEHICLES_GROUP).send(name, message)];
      if (companyAdmins.length > 0) {
        sends.push(hub.clients.users(companyAdmins.map(String)).send(name, message));
      }
      // A send that fails while Redis is away has still reached this instance's clients; the
      // other audience must get its message all the same, and the failure goes to the log.
      const failed = (await Promise.allSettled(sends)).find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
    }

    const onGps = ({ vehicleId, latitudeDegrees, longitudeDegrees }: GpsEvent) => {
      const message: DeviceGpsLocationMessage = { vehicleId, latitudeDegrees, longitudeDegrees };
      deliver(() => send(LIVE_MESSAGE.gpsLocation, vehicleId, message));
    };
    const onLock = ({ vehicleId, locked }: LockEvent) => {
      const message: DeviceLockUnlockMessage = { vehicleId, locked };
      deliver(() => send(LIVE_MESSAGE.lockUnlock, vehicleId, message));
    };
    const onTamper = (event: TamperEvent) => {
      deliver(async () => {
        const position = await app.db
          .selectFrom('vehicles')
          .select(['lastKnownGpsLatitudeDegrees', 'lastKnownGpsLongitudeDegrees'])
          .where('id', '=', event.vehicleId)
          .executeTakeFirst();
        const message: DeviceTamperMessage = {
          vehicleId: event.vehicleId,
          tamperActive: event.tamperActive,
          tamperCancelled: event.tamperCancelled,
          tamperCarBatteryState: event.tamperCarBatteryState,
          tamperGpsState: event.tamperGpsState,
          dateTime: event.dateTime,
          latitudeDegrees: position?.lastKnownGpsLatitudeDegrees ?? null,
          longitudeDegrees: position?.lastKnownGpsLongitudeDegrees ?? null,
        };
        await send(LIVE_MESSAGE.tamper, event.vehicleId, message);
      });
    };

    // The event bus is decorated by its own plugin; by onReady every plugin has loaded.
    app.addHook('onReady', (ready) => {
      app.vehicleEvents.on('gps', onGps);
      app.vehicleEvents.on('lock', onLock);
      app.vehicleEvents.on('tamper', onTamper);
      ready();
    });

    // preClose runs while the server still listens: clients get a Close message (they may
    // reconnect), and hijacked event streams and polls end so the server can close.
    app.addHook('preClose', async () => {
      app.vehicleEvents.off('gps', onGps);
      app.vehicleEvents.off('lock', onLock);
      app.vehicleEvents.off('tamper', onTamper);
      await hub.close();
      detach();
      await queue;
    });
    // After the hub and the queue are done with it; the Redis connections would keep the process up.
    app.addHook('onClose', async () => {
      await backplane?.close();
    });
    done();
  },
  { name: 'sentinel-live-hub', dependencies: ['sentinel-db'] },
);
