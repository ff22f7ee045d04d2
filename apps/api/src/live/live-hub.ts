/*
 * The live hub at /DefaultHub: staff dashboards connect with their access token and receive
 * DeviceGpsLocationMessage, DeviceLockUnlockMessage, DeviceTamperMessage and
 * VehicleOnboardingStatusMessage, DeviceCommandStatusMessage, AlarmChangedMessage,
 * VehicleArmingMessage and DeviceBatteryMessage for the vehicles they may see, as soon as each change is stored (the vehicle
 * event bus fires after commit).
 * With a Redis URL the instances share one backplane, so a change stored by any instance
 * reaches the dashboards connected to every other.
 */
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import proxyAddr from '@fastify/proxy-addr';
import { decodeJwt } from 'jose';
import type { FastifyInstance } from 'fastify';
import { RedisBackplane, createHub } from '@sentinel/signalr-hub';
import type { Authenticate, Hub, HubUser } from '@sentinel/signalr-hub';
import { ROLE, isRoleName, isStaffRole } from '@sentinel/domain';
import type {
  AlarmEvent,
  ArmingEvent,
  BatteryEvent,
  CommandEvent,
  GpsEvent,
  LockEvent,
  OnboardingEvent,
  TamperEvent,
} from '../vehicles/vehicle-events';
import { findOnboardingStatus } from '../vehicles/vehicle-queries';
import { findAlarm } from '../alarms/alarm-queries';
import { lastPosition } from '../vehicles/vehicle-store';
import {
  ALL_VEHICLES_GROUP,
  companyAdminGroup,
  createAudienceCache,
  seesEveryVehicle,
} from './live-audience';
import { LIVE_MESSAGE } from '@sentinel/domain';
import { countHubDrop, countHubMessage } from '../metrics/instruments';
import { causingRequestLog } from '../plugins/request-id';
import { traceHubSend } from '../tracing/command-spans';
import type {
  AlarmChangedMessage,
  ArmingStatus,
  DeviceBatteryMessage,
  DeviceGpsLocationMessage,
  DeviceLockUnlockMessage,
  DeviceCommandStatusMessage,
  DeviceTamperMessage,
  LiveMessageName,
  VehicleOnboardingStatusMessage,
} from '@sentinel/domain';

export const HUB_PATH = '/DefaultHub';

/** Verified access tokens remembered at most (one per signed-in dashboard is typical). */
const VERIFIED_TOKENS_KEPT = 10_000;

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
  /** TRUST_PROXY: the proxies whose X-Forwarded-For is believed. @default ['loopback'] */
  trustProxy?: readonly string[];
  /** @default 15000 (the spec's keep-alive ping) */
  keepAliveIntervalMs?: number;
  /** @default 30000 (the spec's server timeout) */
  clientTimeoutMs?: number;
  /**
   * How long a vehicle's Company-Admin audience is reused before it is looked up again; company
   * changes answered by this instance clear it at once. @default 1000
   */
  audienceCacheMs?: number;
  /** LIVE_MAX_MESSAGE_BYTES: the largest message a client may send. @default 32768 */
  maxMessageBytes?: number;
  /** LIVE_MAX_BUFFERED_BYTES: how far a client may fall behind before it is disconnected. @default 1048576 */
  maxBufferedBytes?: number;
  /** LIVE_MAX_CONNECTIONS_PER_USER: connections one user may hold on one instance. @default 100 */
  maxConnectionsPerUser?: number;
  /**
   * LIVE_NEGOTIATE_PER_USER_PER_MINUTE and LIVE_NEGOTIATE_PER_ADDRESS_PER_MINUTE: connection
   * attempts per minute on one instance; more get 429 with Retry-After. @default 120 and 600
   */
  negotiatePerMinute?: { perUser: number; perAddress: number };
  /**
   * LIVE_SEND_COALESCE_MS: how long a client's messages may wait to be written together; a fleet
   * reporting every few seconds sends a stream of messages, and each write costs a system call
   * (and a request over long polling). @default 20
   */
  sendCoalesceMs?: number;
  /**
   * How often this instance looks up whether the sign-ins of its open connections still stand;
   * a connection whose sign-in was ended (signed out, password changed or reset) is closed then.
   * @default 2000
   */
  sessionCheckMs?: number;
}

/** The Close error of a connection whose sign-in was ended. */
const SIGNED_OUT_ERROR = 'The sign-in was ended.';

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
  // Long polling and SSE sends present the same token on every request (a poll after every
  // burst of messages): a token verified once is known until it expires, as the signature
  // check would say again. Bounded, so a stream of distinct tokens cannot grow it.
  const verified = new Map<string, HubUser>();
  return async ({ token }) => {
    if (token === undefined) throw new Error('A valid access token is required.');
    const known = verified.get(token);
    if (known && (known.expiresAt ?? 0) > Date.now()) {
      // The signature stays good; the sign-in may have been ended since.
      const sessionId = known.claims?.['sessionId'];
      if (typeof sessionId !== 'string' || (await app.refreshTokens.isSignedIn(sessionId))) return known;
    }
    verified.delete(token);
    const subject = await app.accessTokens.verify(token);
    if (!subject) throw new Error('A valid access token is required.');
    if (!isStaffRole(subject.role)) throw new Error('Only staff receive live vehicle messages.');
    // Verified above, so its exp is the token's own: the hub ends the connection then, and the
    // official client reconnects through its token factory.
    const { exp } = decodeJwt(token);
    const user: HubUser = {
      userId: String(subject.userId),
      claims:
        subject.sessionId === undefined
          ? { role: subject.role }
          : { role: subject.role, sessionId: subject.sessionId },
      ...(exp === undefined ? {} : { expiresAt: exp * 1000 }),
    };
    if (exp !== undefined) {
      if (verified.size >= VERIFIED_TOKENS_KEPT) verified.clear();
      verified.set(token, user);
    }
    return user;
  };
}

/**
 * The caller's address for the negotiate limit, as Fastify works out request.ip: X-Forwarded-For is believed only from the
 * proxies TRUST_PROXY names, so the negotiate limit counts each client behind them.
 */
function clientAddressFrom(trustProxy: readonly string[]): (request: IncomingMessage) => string {
  const trusted = proxyAddr.compile([...trustProxy]);
  return (request) => proxyAddr(request, trusted);
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
      ...(options.maxMessageBytes === undefined ? {} : { maxMessageBytes: options.maxMessageBytes }),
      ...(options.maxBufferedBytes === undefined ? {} : { maxBufferedBytes: options.maxBufferedBytes }),
      ...(options.maxConnectionsPerUser === undefined
        ? {}
        : { maxConnectionsPerUser: options.maxConnectionsPerUser }),
      ...(options.negotiatePerMinute === undefined
        ? {}
        : { negotiateLimit: { ...options.negotiatePerMinute, windowSeconds: 60 } }),
      sendCoalesceMs: options.sendCoalesceMs ?? 20,
      clientAddress: clientAddressFrom(options.trustProxy ?? ['loopback']),
      onError: (error) => app.log.error({ err: error }, 'live hub error'),
    });
    app.decorate('liveHub', hub);

    // The open connections of each sign-in, so one that is ended can be closed. Every instance
    // reads the shared database, so a sign-out through any instance reaches its own connections.
    const bySession = new Map<string, Map<string, () => void>>();
    const sessionOf = (user: HubUser | undefined) => {
      const sessionId = user?.claims?.['sessionId'];
      return typeof sessionId === 'string' ? sessionId : undefined;
    };
    hub.onConnected((context) => {
      const sessionId = sessionOf(context.user);
      if (sessionId === undefined) return;
      const connections = bySession.get(sessionId) ?? new Map<string, () => void>();
      connections.set(context.connectionId, () =>
        context.close({ error: SIGNED_OUT_ERROR, allowReconnect: false }),
      );
      bySession.set(sessionId, connections);
    });
    hub.onDisconnected((context) => {
      const sessionId = sessionOf(context.user);
      const connections = sessionId === undefined ? undefined : bySession.get(sessionId);
      connections?.delete(context.connectionId);
      if (sessionId !== undefined && connections?.size === 0) bySession.delete(sessionId);
    });
    async function closeEndedSessions(): Promise<void> {
      if (bySession.size === 0) return;
      for (const sessionId of await app.refreshTokens.endedAmong([...bySession.keys()])) {
        for (const close of bySession.get(sessionId)?.values() ?? []) close();
      }
    }
    let sessionCheck: NodeJS.Timeout | undefined;
    let closing = false;
    const checkSessionsSoon = () => {
      if (closing) return;
      sessionCheck = setTimeout(() => {
        closeEndedSessions()
          .catch((error: unknown) => app.log.error({ err: error }, 'live hub sign-in check failed'))
          .finally(checkSessionsSoon);
      }, options.sessionCheckMs ?? 2_000).unref();
    };

    hub.onConnected(async (context) => {
      const role = context.user?.claims?.['role'];
      if (typeof role !== 'string' || !isRoleName(role)) return;
      if (seesEveryVehicle(role)) await context.groups.add(context.connectionId, ALL_VEHICLES_GROUP);
      else if (role === ROLE.companyAdmin && context.user) {
        await context.groups.add(context.connectionId, companyAdminGroup(Number(context.user.userId)));
      }
    });

    // Before body parsing and before @fastify/cors (see the hub's README): the hub answers its
    // own requests, preflights included, on the raw response.
    app.addHook('onRequest', (request, reply, next) => {
      if (hub.handle(request.raw, reply.raw)) reply.hijack();
      next();
    });
    const detach = hub.attach(app.server);

    // A vehicle's messages go out one after another, so a client sees its changes in stored order
    // even when a message first needs a lookup (its audience, a tamper's position); different
    // vehicles' messages do not wait for each other.
    const queues = new Map<number, Promise<void>>();
    const deliver = (vehicleId: number, work: () => Promise<void>) => {
      const tail = (queues.get(vehicleId) ?? Promise.resolve())
        .then(work)
        .catch((error: unknown) => {
          countHubDrop('error');
          app.log.error({ err: error }, 'live message not sent');
        })
        .finally(() => {
          if (queues.get(vehicleId) === tail) queues.delete(vehicleId);
        });
      queues.set(vehicleId, tail);
    };
    const audiences = createAudienceCache(app.db, options.audienceCacheMs ?? 1_000);
    // A company change answered by this instance shows at once; one made through another
    // instance (or straight in the database) within audienceCacheMs.
    app.addHook('onResponse', (request, reply, next) => {
      if (request.method !== 'GET' && reply.statusCode < 400 && /^\/companies\b/i.test(request.url)) {
        audiences.clear();
      }
      next();
    });

    const send = (name: LiveMessageName, vehicleId: number, message: object): Promise<void> =>
      traceHubSend(name, vehicleId, () => sendUntraced(name, vehicleId, message));
    async function sendUntraced(name: LiveMessageName, vehicleId: number, message: object): Promise<void> {
      const companyAdmins = await audiences.companyAdminsWatching(vehicleId);
      // One audience, so one backplane message: staff plus the Company-Admins' own groups.
      await hub.clients
        .groups([ALL_VEHICLES_GROUP, ...companyAdmins.map(companyAdminGroup)])
        .send(name, message);
      countHubMessage(name);
      causingRequestLog()?.debug({ liveMessage: name, vehicleId }, 'live message sent');
    }

    const onGps = ({ vehicleId, latitudeDegrees, longitudeDegrees }: GpsEvent) => {
      const message: DeviceGpsLocationMessage = { vehicleId, latitudeDegrees, longitudeDegrees };
      deliver(vehicleId, () => send(LIVE_MESSAGE.gpsLocation, vehicleId, message));
    };
    const onLock = ({ vehicleId, locked }: LockEvent) => {
      const message: DeviceLockUnlockMessage = { vehicleId, locked };
      deliver(vehicleId, () => send(LIVE_MESSAGE.lockUnlock, vehicleId, message));
    };
    const onTamper = (event: TamperEvent) => {
      deliver(event.vehicleId, async () => {
        const position = await lastPosition(app.db, event.vehicleId);
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

    const onOnboarding = ({ vehicleId }: OnboardingEvent) => {
      deliver(vehicleId, async () => {
        // Read when sent, in the vehicle's queue: the message says the stored status, whichever
        // write put it there.
        const row = await findOnboardingStatus(app.db, vehicleId);
        if (!row) return;
        const message: VehicleOnboardingStatusMessage = { vehicleId, onBoardingStatus: row.onboardingStatus };
        await send(LIVE_MESSAGE.onboardingStatus, vehicleId, message);
      });
    };

    const onCommand = ({ vehicleId, commandId }: CommandEvent) => {
      deliver(vehicleId, async () => {
        // Read when sent, like the onboarding status: the stored command, whichever change came last.
        const message: DeviceCommandStatusMessage | undefined = await app.commands.get(commandId);
        if (message) await send(LIVE_MESSAGE.commandStatus, vehicleId, message);
      });
    };

    const onAlarm = ({ vehicleId, alarmId }: AlarmEvent) => {
      deliver(vehicleId, async () => {
        // The alarm as GET /Alarms answers it, read when sent: the stored row, whichever change came last.
        const message: AlarmChangedMessage | undefined = await findAlarm(app.db, alarmId);
        if (message) await send(LIVE_MESSAGE.alarmChanged, vehicleId, message);
      });
    };

    const onArming = ({ vehicleId, armed, armedSince, armingSchedule }: ArmingEvent) => {
      // VehicleArmingMessage is the contract's ArmingStatus, as the route answered it, so the caller's
      // screen and everyone else's agree.
      const message: ArmingStatus = { vehicleId, armed, armedSince, armingSchedule };
      deliver(vehicleId, () => send(LIVE_MESSAGE.arming, vehicleId, message));
    };

    const onBattery = ({ vehicleId, carBatteryVolts, deviceBatteryPercent }: BatteryEvent) => {
      const message: DeviceBatteryMessage = { vehicleId, carBatteryVolts, deviceBatteryPercent };
      deliver(vehicleId, () => send(LIVE_MESSAGE.battery, vehicleId, message));
    };

    // The event bus is decorated by its own plugin; by onReady every plugin has loaded.
    app.addHook('onReady', (ready) => {
      app.vehicleEvents.on('gps', onGps);
      app.vehicleEvents.on('lock', onLock);
      app.vehicleEvents.on('tamper', onTamper);
      app.vehicleEvents.on('onboarding', onOnboarding);
      app.vehicleEvents.on('command', onCommand);
      app.vehicleEvents.on('alarm', onAlarm);
      app.vehicleEvents.on('arming', onArming);
      app.vehicleEvents.on('battery', onBattery);
      checkSessionsSoon();
      ready();
    });

    // preClose runs while the server still listens: clients get a Close message (they may
    // reconnect), and hijacked event streams and polls end so the server can close.
    app.addHook('preClose', async () => {
      app.vehicleEvents.off('gps', onGps);
      app.vehicleEvents.off('lock', onLock);
      app.vehicleEvents.off('tamper', onTamper);
      app.vehicleEvents.off('onboarding', onOnboarding);
      app.vehicleEvents.off('command', onCommand);
      app.vehicleEvents.off('alarm', onAlarm);
      app.vehicleEvents.off('arming', onArming);
      app.vehicleEvents.off('battery', onBattery);
      closing = true;
      clearTimeout(sessionCheck);
      await hub.close();
      detach();
      await Promise.all(queues.values());
    });
    // After the hub and the queue are done with it; the Redis connections would keep the process up.
    app.addHook('onClose', async () => {
      await backplane?.close();
    });
    done();
  },
  { name: 'sentinel-live-hub', dependencies: ['sentinel-db'] },
);
