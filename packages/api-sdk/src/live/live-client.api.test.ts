// The live client against the real apps/api hub at /DefaultHub: changes stored through the api's
// vehicle store reach the client as the hub announces them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoSignIn, startApi } from '@sentinel/testing';
import type { DemoRole, RunningApi } from '@sentinel/testing';
import type { AuthorisedUser } from '@sentinel/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../client';
import type { SessionStore } from '../session';
import { createLiveClient } from './live-client';
import type { LiveClient, LiveClientOptions, LiveLogger } from './live-client';
import type {
  DeviceGpsLocationMessage,
  DeviceLockUnlockMessage,
  DeviceTamperMessage,
} from '@sentinel/domain';

// A fixed key, so tokens signed before a restart of the api are still good after it.
const JWT_SECRET = 'live-client-tests-secret-of-enough-length-for-hs256';

let api: RunningApi;
let apiUrl: string;
const clients: LiveClient[] = [];

beforeAll(async () => {
  api = await startApi({ jwtSecret: JWT_SECRET });
  apiUrl = api.url;
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.stop()));
});

afterAll(async () => {
  await api.close();
});

function session(): SessionStore {
  let user: AuthorisedUser | null = null;
  return {
    get: () => user,
    set: (next) => {
      user = next;
    },
    clear: () => {
      user = null;
    },
  };
}

async function signedInClient(role: DemoRole, url = apiUrl) {
  const account = demoSignIn(role);
  const store = session();
  const client = createApiClient({ baseUrl: url, session: store, validateAnswers: true });
  store.set(await client.auth.signInByEmail({ email: account.email, password: account.password }));
  return client;
}

function recordingLogger(): LiveLogger & { errors: unknown[][] } {
  const errors: unknown[][] = [];
  return { errors, error: (...args) => errors.push(args), warn: () => undefined };
}

function live(options: LiveClientOptions): LiveClient {
  const client = createLiveClient(options);
  clients.push(client);
  return client;
}

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

async function firstVehicleId(on: RunningApi = api): Promise<number> {
  const [first] = await on.vehicles();
  if (!first) throw new Error('No vehicle in the demo data');
  return first.id;
}

describe('given an Admin connected to the api hub', () => {
  it('receives the GPS, lock and tamper messages of stored changes', async () => {
    const client = await signedInClient('Admin');
    const liveClient = live({ baseUrl: apiUrl, accessToken: () => client.auth.freshAccessToken() });
    const gps: DeviceGpsLocationMessage[] = [];
    const locks: DeviceLockUnlockMessage[] = [];
    const tampers: DeviceTamperMessage[] = [];
    liveClient.onGpsLocation((message) => gps.push(message));
    liveClient.onLockUnlock((message) => locks.push(message));
    liveClient.onTamper((message) => tampers.push(message));
    await liveClient.start();
    expect(liveClient.state).toBe('Connected');
    const vehicleId = await firstVehicleId();

    await api.recordGpsFix({ vehicleId, latitude: -26.2041, longitude: 28.0473 });
    await api.recordLockChange({ vehicleId, locked: true, byUserId: null, byAdmin: false });
    await api.recordTamper({ vehicleId, active: true, carBatteryState: 'Disconnected', gpsState: 'Normal' });

    await eventually(() => expect(tampers).toHaveLength(1));
    expect(gps).toEqual([{ vehicleId, latitudeDegrees: -26.2041, longitudeDegrees: 28.0473 }]);
    expect(locks).toEqual([{ vehicleId, locked: true }]);
    expect(tampers[0]).toEqual({
      vehicleId,
      tamperActive: true,
      tamperCancelled: false,
      tamperCarBatteryState: 'Disconnected',
      tamperGpsState: 'Normal',
      dateTime: expect.any(String),
      latitudeDegrees: -26.2041,
      longitudeDegrees: 28.0473,
    });
  });

  it('reconnects by itself when the api restarts on the same port', async () => {
    // The same database across the restart, as a real api keeps: the sign-in must still stand.
    const folder = mkdtempSync(join(tmpdir(), 'sentinel-restart-'));
    const options = { jwtSecret: JWT_SECRET, databaseFile: join(folder, 'sentinel.db') };
    const first = await startApi(options);
    const firstUrl = first.url;
    const client = await signedInClient('Admin', firstUrl);
    const liveClient = live({
      baseUrl: firstUrl,
      accessToken: () => client.auth.freshAccessToken(),
      logger: recordingLogger(),
    });
    const locks: DeviceLockUnlockMessage[] = [];
    liveClient.onLockUnlock((message) => locks.push(message));
    await liveClient.start();

    await first.close();
    await eventually(() => expect(liveClient.state).toBe('Reconnecting'));
    const second = await startApi(options, Number(new URL(firstUrl).port));
    try {
      // The retries come 0, 2 and 10 s after the loss: an api that takes longer than 2 s to come
      // back (a loaded machine) is found by the third.
      await eventually(() => expect(liveClient.state).toBe('Connected'), 13_000);
      const vehicleId = await firstVehicleId(second);
      await second.recordLockChange({ vehicleId, locked: false, byUserId: null, byAdmin: false });

      await eventually(() => expect(locks).toEqual([{ vehicleId, locked: false }]));
    } finally {
      await liveClient.stop();
      await second.close();
      rmSync(folder, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('given an Account-Holder, who has no dashboard', () => {
  it('is refused by the hub: start() resolves, the refusal is logged, the state ends Disconnected', async () => {
    const client = await signedInClient('Account-Holder');
    const logger = recordingLogger();
    const liveClient = live({ baseUrl: apiUrl, accessToken: () => client.auth.freshAccessToken(), logger });

    await expect(liveClient.start()).resolves.toBeUndefined();

    expect(liveClient.state).toBe('Disconnected');
    expect(logger.errors.some(([message]) => message === '[live] Could not connect')).toBe(true);
  });
});
