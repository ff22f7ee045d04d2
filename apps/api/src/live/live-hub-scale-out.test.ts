import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpTransportType } from '@microsoft/signalr';
import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@sentinel/domain';
import type { DeviceGpsLocationMessage } from '@sentinel/domain';
import { startRedisServer } from '@sentinel/signalr-hub/testing';
import type { RedisServer } from '@sentinel/signalr-hub/testing';
import {
  addTrackedVehicle,
  hubConnection,
  nextMessage,
  postTelemetry,
  signIn,
  startApi,
  stopApi,
} from './test-support';
import type { RunningApi } from './test-support';

// Two api instances behind one load balancer, as in production: one database (a shared SQLite
// file here) and one Redis, and a dashboard that happens to be connected to the other instance.
const JWT_SECRET = 'live-hub-scale-out-test-secret';
let redis: RedisServer | undefined;
let dataDir: string | undefined;
const apis: RunningApi[] = [];
let east: RunningApi;
let west: RunningApi;
const open: HubConnection[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
  dataDir = await mkdtemp(join(tmpdir(), 'sentinel-scale-out-'));
  const options = { jwtSecret: JWT_SECRET, redisUrl: redis.url, databaseFile: join(dataDir, 'sentinel.db') };
  east = await startApi(options);
  apis.push(east);
  west = await startApi(options);
  apis.push(west);
  await Promise.all([east.app.liveHub.ready(), west.app.liveHub.ready()]);
});

// Generous: on a loaded machine two instances and Redis take longer than the default 10 s to
// stop, and a timed-out hook would leave the database folder behind.
afterAll(async () => {
  try {
    await Promise.all(open.splice(0).map((connection) => connection.stop()));
    // The stopped long-polling client can leave a pooled socket that never carried a request,
    // which Node does not count as idle, so close would wait for its headers timeout.
    for (const api of apis) api.app.server.closeAllConnections();
    // Each instance closes its own Redis connections; Redis and the file go last.
    await Promise.all(apis.map((api) => stopApi(api)));
    await redis?.dispose();
  } finally {
    if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
  }
}, 60_000);

describe('given two api instances sharing one Redis and one database', () => {
  it.each([
    { name: 'WebSockets', transport: HttpTransportType.WebSockets },
    { name: 'LongPolling', transport: HttpTransportType.LongPolling },
  ])(
    'sends a telemetry report posted to one instance to an Admin connected to the other over $name',
    async ({ transport }) => {
      const vehicle = await addTrackedVehicle(east.app);
      const { accessToken } = await signIn(west.url, ROLE.admin);
      const connection = hubConnection(west.url, accessToken, transport);
      open.push(connection);
      await connection.start();
      const latitudeDegrees = -33.9249 + Math.random() / 100;
      const received = nextMessage<DeviceGpsLocationMessage>(
        connection,
        'DeviceGpsLocationMessage',
        (message) => message.vehicleId === vehicle.vehicleId,
      );

      const response = await postTelemetry(east.url, vehicle, {
        timestamp: new Date().toISOString(),
        latitudeDegrees,
        longitudeDegrees: 18.4241,
      });

      expect(response.status).toBe(200);
      expect(await received).toEqual({
        vehicleId: vehicle.vehicleId,
        latitudeDegrees,
        longitudeDegrees: 18.4241,
      });
      expect(east.app.liveHub.connectionCount).toBe(0);
    },
  );
});

describe('given an api instance whose Redis is unreachable', () => {
  it('sends live messages to its own dashboards, and closes', async () => {
    const downRedis = await startRedisServer();
    await downRedis.stop();
    const api = await startApi({ jwtSecret: JWT_SECRET, redisUrl: downRedis.url });
    try {
      const vehicle = await addTrackedVehicle(api.app);
      const { accessToken } = await signIn(api.url, ROLE.admin);
      const connection = hubConnection(api.url, accessToken, HttpTransportType.WebSockets);
      open.push(connection);
      await connection.start();
      const received = nextMessage<DeviceGpsLocationMessage>(
        connection,
        'DeviceGpsLocationMessage',
        (message) => message.vehicleId === vehicle.vehicleId,
      );

      // Through the service, not the route: once it has counted Redis failing twice, the instance
      // answers its routes 503 (not ready; src/plugins/readiness.ts).
      const device = await api.app.db
        .selectFrom('devices')
        .select('id')
        .where('serialNumber', '=', vehicle.serialNumber)
        .executeTakeFirstOrThrow();
      await api.app.telemetry.ingest(
        { id: device.id, vehicleId: vehicle.vehicleId },
        { timestamp: new Date().toISOString(), latitudeDegrees: -33.9249, longitudeDegrees: 18.4241 },
      );

      expect(await received).toEqual({
        vehicleId: vehicle.vehicleId,
        latitudeDegrees: -33.9249,
        longitudeDegrees: 18.4241,
      });
    } finally {
      await Promise.all(open.splice(0).map((connection) => connection.stop()));
      await stopApi(api);
      await downRedis.dispose();
    }
  });
});
