// The live client against a real SignalR hub (@sentinel/signalr-hub on a real http server on
// 127.0.0.1) whose authenticate asks a real apps/api to verify the access token, with the official
// @microsoft/signalr client underneath. No part of the connection is mocked.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { demoSignIn, startApi } from '@sentinel/testing';
import type { DemoRole, RunningApi } from '@sentinel/testing';
import { createHub } from '@sentinel/signalr-hub';
import type { Hub } from '@sentinel/signalr-hub';
import { isAccessTokenExpired } from '@sentinel/domain';
import type { AuthorisedUser } from '@sentinel/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../client';
import type { SessionStore } from '../session';
import { LIVE_KEEP_ALIVE_MS, LIVE_RECONNECT_DELAYS_MS, LIVE_SERVER_TIMEOUT_MS } from './constants';
import { createLiveClient } from './live-client';
import type { LiveClient, LiveClientOptions, LiveConnectionState, LiveLogger } from './live-client';
import { LIVE_MESSAGE } from '@sentinel/domain';
import type {
  AlarmChangedMessage,
  ArmingStatus,
  DeviceGpsLocationMessage,
  DeviceLockUnlockMessage,
  DeviceTamperMessage,
  DeviceBatteryMessage,
  VehicleOnboardingStatusMessage,
} from '@sentinel/domain';

interface RunningHub {
  hub: Hub;
  port: number;
  baseUrl: string;
  /** Every socket cut at once, as when the process dies. */
  crash(): Promise<void>;
  stop(): Promise<void>;
}

let api: RunningApi;
let apiUrl: string;
const hubs: RunningHub[] = [];
const clients: LiveClient[] = [];

beforeAll(async () => {
  api = await startApi();
  apiUrl = api.url;
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.stop()));
  await Promise.all(hubs.splice(0).map((running) => running.stop()));
});

afterAll(async () => {
  await api.close();
});

/** A hub at /DefaultHub that accepts exactly the access tokens `verifier` accepts. */
async function startHub(verifier: RunningApi = api, port = 0): Promise<RunningHub> {
  const hub = createHub({
    path: '/DefaultHub',
    onError: () => undefined,
    authenticate: async ({ token }) => {
      const subject = token === undefined ? undefined : await verifier.verifyAccessToken(token);
      if (!subject) throw new Error('A valid access token is required.');
      return { userId: String(subject.userId) };
    },
  });
  const server: Server = createServer((request, response) => {
    if (!hub.handle(request, response)) response.writeHead(404).end();
  });
  hub.attach(server);
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.address() as AddressInfo).port;
  const closed = () => new Promise<void>((resolve) => server.close(() => resolve()));
  const running: RunningHub = {
    hub,
    port: actualPort,
    baseUrl: `http://127.0.0.1:${actualPort}`,
    async crash() {
      for (const socket of sockets) socket.destroy();
      const done = closed();
      void hub.close();
      await done;
    },
    async stop() {
      if (!server.listening) return;
      await hub.close();
      const done = closed();
      server.closeAllConnections();
      await done;
    },
  };
  hubs.push(running);
  return running;
}

async function signIn(role: DemoRole, on: string = apiUrl): Promise<AuthorisedUser> {
  const account = demoSignIn(role);
  return createApiClient({ baseUrl: on, session: memorySession(), validateAnswers: true }).auth.signInByEmail(
    {
      email: account.email,
      password: account.password,
    },
  );
}

function memorySession(
  initial: AuthorisedUser | null = null,
): SessionStore & { user: AuthorisedUser | null } {
  const store = {
    user: initial,
    get: () => store.user,
    set: (user: AuthorisedUser) => {
      store.user = user;
    },
    clear: () => {
      store.user = null;
    },
  };
  return store;
}

function recordingLogger(): LiveLogger & { errors: unknown[][]; warnings: unknown[][] } {
  const errors: unknown[][] = [];
  const warnings: unknown[][] = [];
  return {
    errors,
    warnings,
    error: (...args) => errors.push(args),
    warn: (...args) => warnings.push(args),
  };
}

function live(options: LiveClientOptions): LiveClient {
  const client = createLiveClient(options);
  clients.push(client);
  return client;
}

function recordStates(client: LiveClient): LiveConnectionState[] {
  const states: LiveConnectionState[] = [];
  client.onStateChange((state) => states.push(state));
  return states;
}

/** Resolves once `check` passes, retrying every 10 ms; fails after `timeoutMs`. */
async function eventually(check: () => void, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

describe('the product constants', () => {
  it("are the spec's: reconnect after 0, 2, 10 and 30 s, server timeout 30 s, keep-alive 15 s", () => {
    expect(LIVE_RECONNECT_DELAYS_MS).toEqual([0, 2_000, 10_000, 30_000]);
    expect(LIVE_SERVER_TIMEOUT_MS).toBe(30_000);
    expect(LIVE_KEEP_ALIVE_MS).toBe(15_000);
  });
});

describe('given a staff member with a valid access token', () => {
  it('goes Connecting, Connected, and on stop Disconnecting, Disconnected', async () => {
    const running = await startHub();
    const { accessToken } = await signIn('Technical-Agent');
    const client = live({ baseUrl: running.baseUrl, accessToken: async () => accessToken });
    const states = recordStates(client);
    expect(client.state).toBe('Disconnected');

    await client.start();
    expect(client.state).toBe('Connected');
    expect(running.hub.connectionCount).toBe(1);

    await client.stop();
    expect(client.state).toBe('Disconnected');
    expect(states).toEqual(['Connecting', 'Connected', 'Disconnecting', 'Disconnected']);
  });

  it('hands each message type to its listeners, and no longer after unsubscribing', async () => {
    const running = await startHub();
    const { accessToken } = await signIn('Admin');
    // A trailing slash on the base URL is common in settings files; the hub URL must not double it.
    const client = live({ baseUrl: `${running.baseUrl}/`, accessToken: async () => accessToken });
    const gps: DeviceGpsLocationMessage[] = [];
    const locks: DeviceLockUnlockMessage[] = [];
    const tampers: DeviceTamperMessage[] = [];
    const stopGps = client.onGpsLocation((message) => gps.push(message));
    client.onLockUnlock((message) => locks.push(message));
    client.onTamper((message) => tampers.push(message));
    const moves: VehicleOnboardingStatusMessage[] = [];
    client.onOnboardingStatus((message) => moves.push(message));
    const alarms: AlarmChangedMessage[] = [];
    client.onAlarmChanged((message) => alarms.push(message));
    const armings: ArmingStatus[] = [];
    client.onArming((message) => armings.push(message));
    const batteries: DeviceBatteryMessage[] = [];
    client.onBattery((message) => batteries.push(message));
    await client.start();

    const position = { vehicleId: 7, latitudeDegrees: -33.9249, longitudeDegrees: 18.4241 };
    const tamper: DeviceTamperMessage = {
      vehicleId: 7,
      tamperActive: true,
      tamperCancelled: false,
      tamperCarBatteryState: 'Disconnected',
      tamperGpsState: null,
      dateTime: '2026-03-01T08:15:00Z',
      latitudeDegrees: -33.9249,
      longitudeDegrees: 18.4241,
    };
    await running.hub.clients.all.send(LIVE_MESSAGE.gpsLocation, position);
    await running.hub.clients.all.send(LIVE_MESSAGE.lockUnlock, { vehicleId: 7, locked: true });
    await running.hub.clients.all.send(LIVE_MESSAGE.tamper, tamper);
    const move: VehicleOnboardingStatusMessage = { vehicleId: 7, onBoardingStatus: 'Scheduled' };
    await running.hub.clients.all.send(LIVE_MESSAGE.onboardingStatus, move);
    const alarm: AlarmChangedMessage = {
      id: 12,
      vehicleId: 7,
      registrationNumber: 'CA 123-456',
      holderId: 3,
      holderFirstName: 'Sipho',
      holderLastName: 'Ndlovu',
      kind: 'PowerCut',
      priority: 1,
      state: 'Open',
      openedDateTime: '2026-03-01T08:15:00Z',
      lastEventDateTime: '2026-03-01T08:15:00Z',
      eventCount: 1,
      acknowledgeWithinSeconds: 60,
      acknowledgedDateTime: null,
      acknowledgedByUserId: null,
      acknowledgedByUserFirstName: null,
      acknowledgedByUserLastName: null,
      resolvedDateTime: null,
      resolvedByUserFirstName: null,
      resolvedByUserLastName: null,
      resolution: null,
    };
    await running.hub.clients.all.send(LIVE_MESSAGE.alarmChanged, alarm);
    const arming: ArmingStatus = {
      vehicleId: 7,
      armed: true,
      armedSince: null,
      armingSchedule: { days: ['Mon', 'Tue'], from: '22:00', to: '05:00' },
    };
    await running.hub.clients.all.send(LIVE_MESSAGE.arming, arming);
    const battery: DeviceBatteryMessage = { vehicleId: 7, carBatteryVolts: 11.4, deviceBatteryPercent: null };
    await running.hub.clients.all.send(LIVE_MESSAGE.battery, battery);
    await eventually(() => expect(batteries).toHaveLength(1));

    expect(gps).toEqual([position]);
    expect(locks).toEqual([{ vehicleId: 7, locked: true }]);
    expect(tampers).toEqual([tamper]);
    expect(moves).toEqual([move]);
    expect(alarms).toEqual([alarm]);
    expect(armings).toEqual([arming]);
    expect(batteries).toEqual([battery]);

    stopGps();
    await running.hub.clients.all.send(LIVE_MESSAGE.gpsLocation, { ...position, vehicleId: 8 });
    await running.hub.clients.all.send(LIVE_MESSAGE.lockUnlock, { vehicleId: 8, locked: false });
    await eventually(() => expect(locks).toHaveLength(2));
    expect(gps).toEqual([position]);
  });

  it('keeps delivering to the other listeners when one throws, and logs the failure', async () => {
    const running = await startHub();
    const { accessToken } = await signIn('Admin');
    const logger = recordingLogger();
    const client = live({ baseUrl: running.baseUrl, accessToken: async () => accessToken, logger });
    const received: number[] = [];
    client.onLockUnlock(() => {
      throw new Error('a broken screen');
    });
    client.onLockUnlock((message) => received.push(message.vehicleId));
    await client.start();

    await running.hub.clients.all.send(LIVE_MESSAGE.lockUnlock, { vehicleId: 3, locked: false });

    await eventually(() => expect(received).toEqual([3]));
    expect(logger.errors).toHaveLength(1);
    expect(client.state).toBe('Connected');
  });

  it('reconnects by itself after the server dies and comes back on the same port', async () => {
    const first = await startHub();
    const { accessToken } = await signIn('Admin');
    const logger = recordingLogger();
    const client = live({ baseUrl: first.baseUrl, accessToken: async () => accessToken, logger });
    const states = recordStates(client);
    const locks: DeviceLockUnlockMessage[] = [];
    client.onLockUnlock((message) => locks.push(message));
    await client.start();

    await first.crash();
    await eventually(() => expect(client.state).toBe('Reconnecting'));
    // The first retry (0 s) finds nothing listening; the one after 2 s finds the new server.
    const second = await startHub(api, first.port);
    await eventually(() => expect(client.state).toBe('Connected'), 8_000);
    await second.hub.clients.all.send(LIVE_MESSAGE.lockUnlock, { vehicleId: 5, locked: true });

    await eventually(() => expect(locks).toEqual([{ vehicleId: 5, locked: true }]));
    expect(states).toEqual(['Connecting', 'Connected', 'Reconnecting', 'Connected']);
    expect(logger.warnings.length).toBeGreaterThan(0);
  }, 15_000);

  it('ends Disconnected, and logs, when reconnecting runs out of delays', async () => {
    const running = await startHub();
    const { accessToken } = await signIn('Admin');
    const logger = recordingLogger();
    const client = live({
      baseUrl: running.baseUrl,
      accessToken: async () => accessToken,
      logger,
      reconnectDelaysMs: [0, 20],
    });
    const states = recordStates(client);
    await client.start();

    await running.crash();

    await eventually(() => expect(client.state).toBe('Disconnected'));
    expect(states).toEqual(['Connecting', 'Connected', 'Reconnecting', 'Disconnected']);
    expect(logger.errors.some(([message]) => String(message).includes('Connection closed'))).toBe(true);
  });

  it('stops quietly when stopped while still connecting (a React effect cleaned up at once)', async () => {
    const running = await startHub();
    const { accessToken } = await signIn('Admin');
    const logger = recordingLogger();
    const client = live({ baseUrl: running.baseUrl, accessToken: async () => accessToken, logger });

    const starting = client.start();
    await client.stop();
    await starting;

    expect(client.state).toBe('Disconnected');
    expect(logger.errors).toEqual([]);
  });
});

describe('given a token the hub refuses', () => {
  it('does not throw from start(): it logs and ends Disconnected', async () => {
    const running = await startHub();
    const logger = recordingLogger();
    const client = live({ baseUrl: running.baseUrl, accessToken: async () => 'not-a-token', logger });
    const states = recordStates(client);

    await expect(client.start()).resolves.toBeUndefined();

    expect(client.state).toBe('Disconnected');
    expect(states).toEqual(['Connecting', 'Disconnected']);
    expect(logger.errors.some(([message]) => message === '[live] Could not connect')).toBe(true);
    expect(running.hub.connectionCount).toBe(0);
  });

  it('does not throw when the token getter itself fails (signed out)', async () => {
    const running = await startHub();
    const logger = recordingLogger();
    const client = live({
      baseUrl: running.baseUrl,
      accessToken: () => Promise.reject(new Error('signed out')),
      logger,
    });

    await expect(client.start()).resolves.toBeUndefined();

    expect(client.state).toBe('Disconnected');
    expect(logger.errors.length).toBeGreaterThan(0);
  });

  it('connects once the hub comes up when nothing listened at the first try', async () => {
    const down = await startHub();
    await down.stop();
    const { accessToken } = await signIn('Admin');
    const logger = recordingLogger();
    const client = live({
      baseUrl: down.baseUrl,
      accessToken: async () => accessToken,
      logger,
      reconnectDelaysMs: [0, 300, 300],
    });
    const states = recordStates(client);
    await client.start();
    expect(client.state).toBe('Disconnected');

    const up = await startHub(api, down.port);
    await eventually(() => expect(client.state).toBe('Connected'), 5_000);
    expect(states.at(-1)).toBe('Connected');
    expect(up.hub.connectionCount).toBe(1);
  });

  it('does not try again after the hub refused the token', async () => {
    const running = await startHub();
    const client = live({
      baseUrl: running.baseUrl,
      accessToken: async () => 'not-a-token',
      logger: recordingLogger(),
      reconnectDelaysMs: [0, 20, 20],
    });
    const states = recordStates(client);
    await client.start();

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(states).toEqual(['Connecting', 'Disconnected']);
  });

  it('does not throw when nothing listens at the base URL', async () => {
    const running = await startHub();
    await running.stop();
    const logger = recordingLogger();
    const client = live({ baseUrl: running.baseUrl, accessToken: async () => 'irrelevant', logger });

    await expect(client.start()).resolves.toBeUndefined();

    expect(client.state).toBe('Disconnected');
    expect(logger.errors.length).toBeGreaterThan(0);
  });
});

describe('given an access token that has expired', () => {
  let shortLived: RunningApi;
  let shortLivedUrl: string;

  beforeAll(async () => {
    shortLived = await startApi({ accessTokenTtlSeconds: 3 });
    shortLivedUrl = shortLived.url;
  });

  afterAll(async () => {
    await shortLived.close();
  });

  // Tokens live 3 s here: long enough for the refreshed one to outlast the connect, short enough to wait.
  it("connects with a token refreshed through the ApiClient's single-flight refresh", async () => {
    const running = await startHub(shortLived);
    const stale = await signIn('Admin', shortLivedUrl);
    await eventually(() => expect(isAccessTokenExpired(stale.accessToken, Date.now(), 0)).toBe(true), 5_000);

    // The hub refuses the expired token itself...
    const refused = live({
      baseUrl: running.baseUrl,
      accessToken: async () => stale.accessToken,
      logger: recordingLogger(),
    });
    await refused.start();
    expect(refused.state).toBe('Disconnected');

    // ...so a connection can only succeed with the token the ApiClient refreshed.
    let refreshes = 0;
    const session = memorySession(stale);
    const apiClient = createApiClient({
      baseUrl: shortLivedUrl,
      session,
      validateAnswers: true,
      refreshLeewaySeconds: 0,
      fetch: (input, init) => {
        if (String(input instanceof Request ? input.url : input).endsWith('/Auth/RefreshTokens'))
          refreshes += 1;
        return fetch(input, init);
      },
    });
    const client = live({ baseUrl: running.baseUrl, accessToken: () => apiClient.auth.freshAccessToken() });

    await client.start();

    expect(client.state).toBe('Connected');
    expect(refreshes).toBe(1);
    expect(session.user?.refreshToken).not.toBe(stale.refreshToken);
    expect(session.user?.accessToken).not.toBe(stale.accessToken);
  });
});
