import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import type { HubConnection } from '@microsoft/signalr';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, HISTORY_TYPE, ROLE } from '@sentinel/domain';
import type {
  DeviceBatteryMessage,
  DeviceGpsLocationMessage,
  DeviceLockUnlockMessage,
  DeviceTamperMessage,
} from '@sentinel/domain';
import {
  addCompanyOfDemoAdmin,
  addTrackedVehicle,
  collect,
  hubConnection,
  nextMessage,
  postTelemetry,
  signIn,
  startApi,
  stopApi,
} from './test-support';
import type { RunningApi, TrackedVehicle } from './test-support';

const JWT_SECRET = 'live-hub-test-secret';
let api: RunningApi;
const open: HubConnection[] = [];

async function connect(
  accessToken: string | undefined,
  transport: HttpTransportType = HttpTransportType.WebSockets,
): Promise<HubConnection> {
  const connection = hubConnection(api.url, accessToken, transport);
  open.push(connection);
  await connection.start();
  return connection;
}

beforeAll(async () => {
  api = await startApi({ jwtSecret: JWT_SECRET });
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.stop()));
});

afterAll(async () => {
  await stopApi(api);
});

describe('given an Admin connected to /DefaultHub', () => {
  let vehicle: TrackedVehicle;

  beforeAll(async () => {
    vehicle = await addTrackedVehicle(api.app);
  });

  it.each([
    { name: 'WebSockets', transport: HttpTransportType.WebSockets },
    { name: 'ServerSentEvents', transport: HttpTransportType.ServerSentEvents },
    { name: 'LongPolling', transport: HttpTransportType.LongPolling },
  ])('sends DeviceGpsLocationMessage over $name once the fix is stored', async ({ transport }) => {
    const { accessToken } = await signIn(api.url, ROLE.admin);
    const connection = await connect(accessToken, transport);
    const latitudeDegrees = -33.9249 + Math.random() / 100;
    // Read the database the moment the message arrives: the fix must already be there.
    const stored = new Promise((resolve) => {
      connection.on('DeviceGpsLocationMessage', (message: DeviceGpsLocationMessage) => {
        if (message.vehicleId !== vehicle.vehicleId) return;
        resolve(
          api.app.db
            .selectFrom('vehicles')
            .select(['lastKnownGpsLatitudeDegrees', 'lastKnownGpsLongitudeDegrees', 'gpsDateTime'])
            .where('id', '=', vehicle.vehicleId)
            .executeTakeFirst()
            .then((row) => ({ message, row })),
        );
      });
    });

    const response = await postTelemetry(api.url, vehicle, {
      timestamp: new Date().toISOString(),
      latitudeDegrees,
      longitudeDegrees: 18.4241,
    });

    expect(response.status).toBe(200);
    expect(await stored).toEqual({
      message: { vehicleId: vehicle.vehicleId, latitudeDegrees, longitudeDegrees: 18.4241 },
      row: {
        lastKnownGpsLatitudeDegrees: latitudeDegrees,
        lastKnownGpsLongitudeDegrees: 18.4241,
        gpsDateTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
  });

  it('sends DeviceLockUnlockMessage when the device reports a lock, with its history entry stored', async () => {
    const { accessToken } = await signIn(api.url, ROLE.admin);
    const connection = await connect(accessToken);
    const stored = new Promise((resolve) => {
      connection.on('DeviceLockUnlockMessage', (message: DeviceLockUnlockMessage) => {
        if (message.vehicleId !== vehicle.vehicleId) return;
        resolve(
          Promise.all([
            api.app.db
              .selectFrom('vehicles')
              .select('isLocked')
              .where('id', '=', vehicle.vehicleId)
              .executeTakeFirst(),
            api.app.db
              .selectFrom('vehicleHistory')
              .select(['type', 'isLocked', 'isLockedByUserId', 'isLockedChangedByAdminUser'])
              .where('vehicleId', '=', vehicle.vehicleId)
              .orderBy('id', 'desc')
              .executeTakeFirst(),
          ]).then(([row, entry]) => ({ message, row, entry })),
        );
      });
    });

    await postTelemetry(api.url, vehicle, { timestamp: new Date().toISOString(), locked: true });

    expect(await stored).toEqual({
      message: { vehicleId: vehicle.vehicleId, locked: true },
      row: { isLocked: 1 },
      entry: {
        type: HISTORY_TYPE.lockState,
        isLocked: 1,
        isLockedByUserId: null,
        isLockedChangedByAdminUser: 0,
      },
    });
  });

  it('sends DeviceLockUnlockMessage when the device confirms the lock staff asked for with PUT /Vehicles/{id}/Lock', async () => {
    const locking = await addTrackedVehicle(api.app);
    const { accessToken, userId } = await signIn(api.url, ROLE.admin);
    const connection = await connect(accessToken);
    const stored = new Promise((resolve) => {
      connection.on('DeviceLockUnlockMessage', (message: DeviceLockUnlockMessage) => {
        if (message.vehicleId !== locking.vehicleId) return;
        resolve(
          api.app.db
            .selectFrom('vehicleHistory')
            .select(['isLocked', 'isLockedByUserId', 'isLockedChangedByAdminUser'])
            .where('vehicleId', '=', locking.vehicleId)
            .executeTakeFirst()
            .then((entry) => ({ message, entry })),
        );
      });
    });

    const response = await fetch(`${api.url}/Vehicles/${locking.vehicleId}/Lock`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Test' }),
    });

    // The lock is a command to the device; the vehicle reads locked once the device confirms it.
    expect(response.status).toBe(202);
    const { command } = (await response.json()) as { command: { id: number } };
    const confirmed = await fetch(`${api.url}/Devices/${locking.serialNumber}/Commands/${command.id}/Ack`, {
      method: 'POST',
      headers: { authorization: `Device ${locking.deviceKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'Confirmed', locked: true }),
    });
    expect(confirmed.status).toBe(200);
    expect(await stored).toEqual({
      message: { vehicleId: locking.vehicleId, locked: true },
      entry: { isLocked: 1, isLockedByUserId: userId, isLockedChangedByAdminUser: 1 },
    });
  });

  it('sends DeviceTamperMessage with the states and the last position, once the alert is stored', async () => {
    const tampered = await addTrackedVehicle(api.app);
    await postTelemetry(api.url, tampered, {
      timestamp: new Date().toISOString(),
      latitudeDegrees: -26.1076,
      longitudeDegrees: 28.0567,
    });
    const { accessToken } = await signIn(api.url, ROLE.admin);
    const connection = await connect(accessToken);
    const stored = new Promise((resolve) => {
      connection.on('DeviceTamperMessage', (message: DeviceTamperMessage) => {
        if (message.vehicleId !== tampered.vehicleId) return;
        resolve(
          Promise.all([
            api.app.db
              .selectFrom('vehicles')
              .select('tamperActive')
              .where('id', '=', tampered.vehicleId)
              .executeTakeFirst(),
            api.app.db
              .selectFrom('vehicleHistory')
              .select(['type', 'tamperCarBatteryState', 'tamperGpsState', 'latitudeDegrees'])
              .where('vehicleId', '=', tampered.vehicleId)
              .executeTakeFirst(),
          ]).then(([row, entry]) => ({ message, row, entry })),
        );
      });
    });

    await postTelemetry(api.url, tampered, {
      timestamp: '2025-11-14T08:30:00.000Z',
      tamper: { carBatteryState: 'Disconnected', gpsState: 'Jammed' },
    });

    expect(await stored).toEqual({
      message: {
        vehicleId: tampered.vehicleId,
        tamperActive: true,
        tamperCancelled: false,
        tamperCarBatteryState: 'Disconnected',
        tamperGpsState: 'Jammed',
        dateTime: '2025-11-14T08:30:00.000Z',
        latitudeDegrees: -26.1076,
        longitudeDegrees: 28.0567,
      },
      row: { tamperActive: 1 },
      entry: {
        type: HISTORY_TYPE.tamperAlert,
        tamperCarBatteryState: 'Disconnected',
        tamperGpsState: 'Jammed',
        latitudeDegrees: -26.1076,
      },
    });
  });

  it('sends the messages of one vehicle in the order they were stored', async () => {
    const { accessToken } = await signIn(api.url, ROLE.technicalAgent);
    const connection = await connect(accessToken);
    const fixes = collect<DeviceGpsLocationMessage>(connection, 'DeviceGpsLocationMessage');
    const last = nextMessage<DeviceGpsLocationMessage>(
      connection,
      'DeviceGpsLocationMessage',
      (message) => message.longitudeDegrees === 18.5009,
    );

    for (let index = 0; index < 10; index += 1) {
      await postTelemetry(api.url, vehicle, {
        timestamp: new Date().toISOString(),
        latitudeDegrees: -33.9,
        longitudeDegrees: 18.5 + index / 10_000,
      });
    }
    await last;

    expect(
      fixes.filter((fix) => fix.vehicleId === vehicle.vehicleId).map((fix) => fix.longitudeDegrees),
    ).toEqual(Array.from({ length: 10 }, (_, index) => 18.5 + index / 10_000));
  });

  it('sends DeviceBatteryMessage when a report changes a battery, and nothing for one that repeats them', async () => {
    const reporting = await addTrackedVehicle(api.app);
    const { accessToken } = await signIn(api.url, ROLE.admin);
    const connection = await connect(accessToken);
    const batteries = collect<DeviceBatteryMessage>(connection, 'DeviceBatteryMessage');
    const last = nextMessage<DeviceBatteryMessage>(
      connection,
      'DeviceBatteryMessage',
      (message) => message.vehicleId === reporting.vehicleId && message.deviceBatteryPercent === 15,
    );

    const reports = [
      { carBatteryVolts: 12.6, deviceBatteryPercent: 90 },
      // The same readings with a new position: the batteries did not change.
      { carBatteryVolts: 12.6, deviceBatteryPercent: 90, latitudeDegrees: -33.9, longitudeDegrees: 18.5 },
      { latitudeDegrees: -33.9, longitudeDegrees: 18.6 },
      // Only the device's battery: the car battery stays as stored.
      { deviceBatteryPercent: 15 },
    ];
    for (const report of reports) {
      const response = await postTelemetry(api.url, reporting, {
        timestamp: new Date().toISOString(),
        ...report,
      });
      expect(response.status).toBe(200);
    }
    await last;

    // One vehicle's messages arrive in stored order, so a message for the repeats would be here.
    expect(batteries.filter((message) => message.vehicleId === reporting.vehicleId)).toEqual([
      { vehicleId: reporting.vehicleId, carBatteryVolts: 12.6, deviceBatteryPercent: 90 },
      { vehicleId: reporting.vehicleId, carBatteryVolts: 12.6, deviceBatteryPercent: 15 },
    ]);
  });
});

describe('given a Company-Admin connected to /DefaultHub', () => {
  it("receives the messages of the company's account holders' vehicles and no others", async () => {
    const { accessToken, userId } = await signIn(api.url, ROLE.companyAdmin);
    const companyId = await addCompanyOfDemoAdmin(api.app, userId);
    const ours = await addTrackedVehicle(api.app, { companyId });
    const otherCompany = await addCompanyOfDemoAdminless(companyId);
    const theirs = await addTrackedVehicle(api.app, { companyId: otherCompany });
    const unlinked = await addTrackedVehicle(api.app);
    const connection = await connect(accessToken);
    const fixes = collect<DeviceGpsLocationMessage>(connection, 'DeviceGpsLocationMessage');
    const locks = collect<DeviceLockUnlockMessage>(connection, 'DeviceLockUnlockMessage');
    // A staff connection sees every vehicle, so its last message marks the end of the round.
    const staff = await connect((await signIn(api.url, ROLE.admin)).accessToken);
    const roundDone = nextMessage<DeviceLockUnlockMessage>(
      staff,
      'DeviceLockUnlockMessage',
      (message) => message.vehicleId === unlinked.vehicleId,
    );
    const ownLock = nextMessage<DeviceLockUnlockMessage>(
      connection,
      'DeviceLockUnlockMessage',
      (message) => message.vehicleId === ours.vehicleId,
    );

    for (const vehicle of [ours, theirs, unlinked]) {
      await postTelemetry(api.url, vehicle, {
        timestamp: new Date().toISOString(),
        latitudeDegrees: -29.85,
        longitudeDegrees: 31.02,
        locked: true,
      });
    }
    await Promise.all([ownLock, roundDone]);

    expect(fixes.map((fix) => fix.vehicleId)).toEqual([ours.vehicleId]);
    expect(locks).toEqual([{ vehicleId: ours.vehicleId, locked: true }]);
  });

  async function addCompanyOfDemoAdminless(exceptCompanyId: number): Promise<number> {
    const { id } = await api.app.db
      .insertInto('companies')
      .values({ name: `Another fleet than ${exceptCompanyId}`, createdOnDateTime: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }
});

describe('given a Company-Admin connected while an Admin links a vehicle owner to their company', () => {
  it('sends the next message of that vehicle to the Company-Admin at once, however long audiences are kept', async () => {
    // Audiences kept for a minute: only the company change itself can make the link count now.
    const linking = await startApi({ jwtSecret: JWT_SECRET, hub: { audienceCacheMs: 60_000 } });
    const connections: HubConnection[] = [];
    try {
      const companyAdmin = await signIn(linking.url, ROLE.companyAdmin);
      const companyId = await addCompanyOfDemoAdmin(linking.app, companyAdmin.userId);
      const vehicle = await addTrackedVehicle(linking.app);
      const admin = await signIn(linking.url, ROLE.admin);
      const watcher = hubConnection(linking.url, companyAdmin.accessToken);
      const staff = hubConnection(linking.url, admin.accessToken);
      connections.push(watcher, staff);
      await Promise.all([watcher.start(), staff.start()]);
      const fixes = collect<DeviceGpsLocationMessage>(watcher, 'DeviceGpsLocationMessage');
      const report = async (longitudeDegrees: number) => {
        const seen = nextMessage<DeviceGpsLocationMessage>(
          staff,
          'DeviceGpsLocationMessage',
          (message) => message.longitudeDegrees === longitudeDegrees,
        );
        await postTelemetry(linking.url, vehicle, {
          timestamp: new Date().toISOString(),
          latitudeDegrees: -29.85,
          longitudeDegrees,
        });
        await seen;
      };

      await report(31.01);
      expect(fixes).toEqual([]);

      const link = await fetch(`${linking.url}/Companies/${companyId}/AddCompanyUser`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.accessToken}` },
        body: JSON.stringify({ userId: vehicle.ownerId, role: ROLE.accountHolder }),
      });
      expect(link.status).toBe(200);
      const linked = nextMessage<DeviceGpsLocationMessage>(watcher, 'DeviceGpsLocationMessage');
      await report(31.02);

      expect(await linked).toEqual({
        vehicleId: vehicle.vehicleId,
        latitudeDegrees: -29.85,
        longitudeDegrees: 31.02,
      });
    } finally {
      await Promise.all(connections.map((connection) => connection.stop()));
      await stopApi(linking);
    }
  });
});

describe('given a connection that may not watch vehicles', () => {
  it('refuses a client without a token', async () => {
    await expect(connect(undefined)).rejects.toThrow(/401|Unauthorized/);
  });

  it('refuses an expired access token', async () => {
    const { userId } = await signIn(api.url, ROLE.admin);
    const expired = await new SignJWT({ role: ROLE.admin })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 1_000)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 100)
      .sign(new TextEncoder().encode(JWT_SECRET));

    await expect(connect(expired)).rejects.toThrow(/401|Unauthorized/);
  });

  it('refuses a token signed with another key', async () => {
    const forged = await new SignJWT({ role: ROLE.admin })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('1')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('not-the-api-key'));

    await expect(connect(forged)).rejects.toThrow(/401|Unauthorized/);
  });

  it('refuses an Account-Holder, whose app has no live fleet view', async () => {
    const { accessToken } = await signIn(api.url, ROLE.accountHolder);

    await expect(connect(accessToken)).rejects.toThrow(/401|Unauthorized/);
    const negotiate = await fetch(`${api.url}/DefaultHub/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(negotiate.status).toBe(401);
  });
});

describe('given an Admin whose access token expires while connected', () => {
  it('ends the connection at the expiry, and the official client reconnects with a fresh token and keeps receiving', async () => {
    const { userId } = await signIn(api.url, ROLE.admin);
    // JWT expiry is in whole seconds: this one ends within 2 s.
    const expiresAt = Math.floor(Date.now() / 1000) + 2;
    const shortLived = await new SignJWT({ role: ROLE.admin })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(new TextEncoder().encode(JWT_SECRET));
    const connection = new HubConnectionBuilder()
      .withUrl(`${api.url}/DefaultHub`, {
        transport: HttpTransportType.WebSockets,
        // The client asks for a token for negotiate and again for the transport: the short-lived
        // one until it has expired, then a new sign-in, as the SDK's refresh would give.
        accessTokenFactory: async () =>
          Date.now() < expiresAt * 1000 ? shortLived : (await signIn(api.url, ROLE.admin)).accessToken,
      })
      .withAutomaticReconnect([0, 0, 0])
      .configureLogging(LogLevel.None)
      .build();
    open.push(connection);
    const reasons: string[] = [];
    connection.onreconnecting((error) => reasons.push(error?.message ?? ''));
    const reconnected = new Promise<void>((resolve) => connection.onreconnected(() => resolve()));
    await connection.start();
    await reconnected;

    expect(reasons).toEqual([expect.stringMatching(/The access token expired\./)]);
    const vehicle = await addTrackedVehicle(api.app);
    const fix = nextMessage<DeviceGpsLocationMessage>(
      connection,
      'DeviceGpsLocationMessage',
      (message) => message.vehicleId === vehicle.vehicleId,
    );
    await postTelemetry(api.url, vehicle, {
      timestamp: new Date().toISOString(),
      latitudeDegrees: -33.9,
      longitudeDegrees: 18.4,
    });
    expect(await fix).toEqual({
      vehicleId: vehicle.vehicleId,
      latitudeDegrees: -33.9,
      longitudeDegrees: 18.4,
    });
  });
});

describe('given an Admin signed in twice who signs out of one sign-in while connected', () => {
  const logout = (refreshToken: string) =>
    fetch(`${api.url}/Auth/Logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
  const negotiate = (accessToken: string) =>
    fetch(`${api.url}/DefaultHub/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}` },
    });

  it.each([
    { name: 'WebSockets', transport: HttpTransportType.WebSockets },
    { name: 'LongPolling', transport: HttpTransportType.LongPolling },
  ])(
    'closes that sign-in’s $name connection within seconds and keeps the other one',
    async ({ transport }) => {
      const laptop = await signIn(api.url, ROLE.admin);
      const phone = await signIn(api.url, ROLE.admin);
      const signedOut = await connect(laptop.accessToken, transport);
      const stillIn = await connect(phone.accessToken, transport);
      const closed = new Promise<Error | undefined>((resolve) => signedOut.onclose(resolve));
      const startedAt = Date.now();

      expect((await logout(laptop.refreshToken)).status).toBe(200);

      // The hub looks up its connections' sign-ins every 2 s.
      await closed;
      expect(Date.now() - startedAt).toBeLessThan(5_000);
      expect(stillIn.state).toBe('Connected');
      const vehicle = await addTrackedVehicle(api.app);
      const fix = nextMessage<DeviceGpsLocationMessage>(
        stillIn,
        'DeviceGpsLocationMessage',
        (message) => message.vehicleId === vehicle.vehicleId,
      );
      await postTelemetry(api.url, vehicle, {
        timestamp: new Date().toISOString(),
        latitudeDegrees: -33.91,
        longitudeDegrees: 18.41,
      });
      expect(await fix).toMatchObject({ vehicleId: vehicle.vehicleId });
    },
  );

  it('refuses the signed-out access token on negotiate and on connect, and takes the other sign-in’s', async () => {
    const laptop = await signIn(api.url, ROLE.admin);
    const phone = await signIn(api.url, ROLE.admin);
    // Negotiated before signing out: the transport request that follows must be refused too.
    const negotiated = await negotiate(laptop.accessToken);
    expect(negotiated.status).toBe(200);
    const { connectionToken } = (await negotiated.json()) as { connectionToken: string };

    expect((await logout(laptop.refreshToken)).status).toBe(200);

    expect((await negotiate(laptop.accessToken)).status).toBe(401);
    const poll = await fetch(`${api.url}/DefaultHub?id=${encodeURIComponent(connectionToken)}`, {
      headers: { authorization: `Bearer ${laptop.accessToken}` },
    });
    expect(poll.status).toBe(401);
    await expect(connect(laptop.accessToken)).rejects.toThrow(/401|Unauthorized/);
    expect((await negotiate(phone.accessToken)).status).toBe(200);
    await expect(connect(phone.accessToken)).resolves.toBeDefined();
  });
});

describe('given an api behind a proxy on this host with a negotiate limit per address', () => {
  it('counts connection attempts by the forwarded client address and answers 429 with Retry-After past the limit', async () => {
    const limited = await startApi({
      jwtSecret: JWT_SECRET,
      hub: { negotiatePerMinute: { perUser: 100, perAddress: 2 } },
    });
    try {
      const negotiate = await negotiatorFrom(limited.url);

      expect((await negotiate('203.0.113.7')).status).toBe(200);
      expect((await negotiate('198.51.100.1, 203.0.113.7')).status).toBe(200);
      const refused = await negotiate('203.0.113.7');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await negotiate('203.0.113.8')).status).toBe(200);
    } finally {
      await stopApi(limited);
    }
  });
});

/** Negotiates as the Admin on `url`, claiming to be forwarded for the address given. */
async function negotiatorFrom(url: string) {
  const { accessToken } = await signIn(url, ROLE.admin);
  return (forwardedFor: string) =>
    fetch(`${url}/DefaultHub/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'x-forwarded-for': forwardedFor },
    });
}

describe('given TRUST_PROXY naming a proxy on another host', () => {
  it('counts connection attempts from anywhere else by their own address, whatever X-Forwarded-For they send', async () => {
    const limited = await startApi({
      jwtSecret: JWT_SECRET,
      trustProxy: ['10.0.0.5'],
      hub: { negotiatePerMinute: { perUser: 100, perAddress: 2 } },
    });
    try {
      const negotiate = await negotiatorFrom(limited.url);

      expect((await negotiate('203.0.113.7')).status).toBe(200);
      expect((await negotiate('203.0.113.8')).status).toBe(200);
      // This host is no trusted proxy now: all three came from its own address.
      expect((await negotiate('203.0.113.9')).status).toBe(429);
    } finally {
      await stopApi(limited);
    }
  });
});

describe('given a browser app on another localhost port', () => {
  it('answers the negotiate preflight for it, and not for a foreign origin', async () => {
    const preflight = (origin: string) =>
      fetch(`${api.url}/DefaultHub/negotiate?negotiateVersion=1`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, x-requested-with, x-signalr-user-agent',
        },
      });

    const dashboard = await preflight('http://localhost:5173');
    const foreign = await preflight('https://evil.example');

    expect(dashboard.status).toBe(204);
    expect(dashboard.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});
