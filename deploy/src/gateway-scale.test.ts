import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '@sentinel/api';
import { startGateway } from '@sentinel/device-gateway';
import type { RunningGateway } from '@sentinel/device-gateway';
import { TestDevice, eventually, testSettings } from '@sentinel/device-gateway/test-device';
import { startRedisServer } from '@sentinel/signalr-hub/testing';
import type { RedisServer } from '@sentinel/signalr-hub/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEBIAN_STREAM_MODULE, renderGatewayStreamConfig } from '../nginx/render.mjs';
import { API_DIR, apiEntry, NGINX, freePort, startUntil, stop } from './test/processes';
import type { Running } from './test/processes';
import { signInAdmin } from './test/scale-stack';

// Two device gateway instances sharing a redis-server, behind nginx's stream proxy as the renderer
// writes it (least connections first), in front of one real api process on SQLite: a tracker
// connecting through nginx, staff locking its vehicle, the tracker reconnecting to the other
// instance, and an instance stopping while a command waits.

const IMEI = '356307042441013';
const GATEWAY_KEY = randomBytes(32).toString('base64url');

describe('two device gateway instances on Redis behind nginx stream', () => {
  let dir: string;
  let redis: RedisServer | undefined;
  let api: Promise<Running> | undefined;
  let nginx: Running | undefined;
  let apiUrl: string;
  let trackerPort: number;
  let osmandPort: number;
  let token: string;
  let vehicleId: number;
  const gateways: RunningGateway[] = [];
  const devices: TestDevice[] = [];

  beforeAll(async () => {
    if (!existsSync(DEBIAN_STREAM_MODULE)) {
      throw new Error(
        `nginx's stream module is missing: install Debian's libnginx-mod-stream (${DEBIAN_STREAM_MODULE}).`,
      );
    }
    dir = await mkdtemp(join(tmpdir(), 'sentinel-gateway-scale-'));
    // Started by root, nginx's workers run as nobody and must reach the prefix.
    await chmod(dir, 0o755);
    const databaseFile = join(dir, 'sentinel.db');
    const [apiPort, proxyPort] = [await freePort(), await freePort()];
    apiUrl = `http://127.0.0.1:${apiPort}`;
    trackerPort = proxyPort;
    osmandPort = await freePort();

    // The api seeds its fresh file itself (outside production); meanwhile Redis and the gateways start.
    api = startUntil(
      process.execPath,
      await apiEntry('src/server.ts'),
      {
        cwd: API_DIR,
        env: {
          ...process.env,
          DATABASE_FILE: databaseFile,
          GATEWAY_KEY,
          SIMULATOR: 'off',
          LOG_LEVEL: 'warn',
          HOST: '127.0.0.1',
          PORT: String(apiPort),
        },
      },
      (out) => Promise.resolve(out.includes('listening on')),
    );
    // Awaited once the rest is up; ended after the tests even if something else failed to start.
    api.catch(() => undefined);
    redis = await startRedisServer();
    for (const instanceId of ['gateway-a', 'gateway-b']) {
      gateways.push(
        await startGateway(testSettings(apiUrl, GATEWAY_KEY, { redisUrl: redis.url, instanceId })),
      );
    }
    const conf = join(dir, 'gateway-stream.conf');
    await writeFile(
      conf,
      renderGatewayStreamConfig({
        teltonikaInstances: gateways.map((gateway) => `127.0.0.1:${gateway.teltonikaPort}`),
        osmandInstances: gateways.map((gateway) => `127.0.0.1:${gateway.osmandPort}`),
        teltonikaListen: `127.0.0.1:${proxyPort}`,
        osmandListen: `127.0.0.1:${osmandPort}`,
        allowNetworks: ['127.0.0.0/8'],
        workerConnections: 256,
      }),
    );
    // nginx writes its pid file once it listens; a probe connection would reach an instance.
    nginx = await startUntil(NGINX, ['-e', 'stderr', '-p', dir, '-c', conf, '-g', 'daemon off;'], {}, () =>
      Promise.resolve(existsSync(join(dir, 'nginx.pid'))),
    );
    await api;

    // A tracker registered by its IMEI and fitted to a demo vehicle in place of its device.
    const db = createDatabase({ databaseFile, databaseUrl: undefined });
    try {
      await db
        .insertInto('devices')
        .values({
          serialNumber: IMEI,
          vehicleId: null,
          testStation: null,
          applicationVersion: null,
          carBatteryVolts: null,
          deviceBatteryPercent: null,
          moving: null,
          deviceBatteryVolts: null,
          gsmSignalBars: null,
          ingestKeyHash: null,
          createdOnDateTime: new Date().toISOString(),
        })
        .execute();
    } finally {
      await db.destroy();
    }
    token = await signInAdmin(apiUrl);
    const fitted = await asAdmin<{ items: { id: number }[] }>(
      `/Vehicles?$filter=${encodeURIComponent('deviceId gt 0')}&$pagesize=1`,
    );
    vehicleId = fitted.items[0]!.id;
    await asAdmin(`/Vehicles/${vehicleId}/ChangeLinkedDevice`, 'POST', { newDeviceSerialNumber: IMEI });
  });

  afterAll(async () => {
    for (const device of devices) device.close();
    await Promise.allSettled(gateways.map((gateway) => gateway.close()));
    if (nginx) await stop(nginx.child);
    const started = await api?.catch(() => undefined);
    if (started) await stop(started.child);
    await redis?.dispose();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function asAdmin<T>(path: string, method = 'GET', body?: unknown): Promise<T> {
    const response = await fetch(`${apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok)
      throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  async function vehicle(): Promise<{ isLocked: boolean | null; gpsLatitudeDegrees: number | null }> {
    const page = await asAdmin<{ items: { isLocked: boolean | null; gpsLatitudeDegrees: number | null }[] }>(
      `/Vehicles?$filter=${encodeURIComponent(`id eq ${vehicleId}`)}`,
    );
    return page.items[0]!;
  }

  async function isLocked(): Promise<boolean | null> {
    return (await vehicle()).isLocked;
  }

  /** A tracker connected through nginx, its IMEI accepted. */
  async function throughNginx(): Promise<TestDevice> {
    const device = await TestDevice.online(trackerPort, IMEI);
    devices.push(device);
    return device;
  }

  /** The one instance whose connection of the tracker is open. */
  async function holder(): Promise<RunningGateway> {
    return eventually(() => {
      const holding = gateways.filter((gateway) => gateway.stats().devicesOnline === 1);
      expect(holding).toHaveLength(1);
      return holding[0]!;
    });
  }

  let first: RunningGateway;
  let second: RunningGateway;
  let current: TestDevice;

  it('takes a tracker through nginx to an instance, and a lock by staff reaches it there', async () => {
    current = await throughNginx();
    first = await holder();

    await asAdmin(`/Vehicles/${vehicleId}/Lock`, 'PUT', { reason: 'Test' });

    expect(await current.command()).toBe('setdigout 1');
    current.answer('DOUT1:1 DOUT2:0');
    await eventually(async () => expect(await isLocked()).toBe(true));
  });

  it('sends the tracker that reconnects while its old link lingers to the other instance, and the first closes the old link', async () => {
    const stale = current;
    // nginx counts the old link on the first instance, so the new one goes to the second.
    current = await throughNginx();

    second = await holder();
    expect(second).not.toBe(first);
    // The first instance heard through Redis that a newer connection won, and closed its own.
    await stale.closed;
    expect(first.stats().closes.replaced).toBe(1);
    expect(current.isClosed).toBe(false);
  });

  it('gives the tracker the unlock made while it was away on the instance nginx sends it to when its own stopped', async () => {
    await second.close();
    await current.closed;
    // Away a moment, as a tracker that lost its link is for seconds at least before it dials again.
    await new Promise((resolve) => setTimeout(resolve, 500));

    await asAdmin(`/Vehicles/${vehicleId}/Unlock`, 'PUT');
    // nginx finds the stopped instance refusing and passes the connection on to the one left.
    current = await throughNginx();

    expect(await holder()).toBe(first);
    expect(await current.command()).toBe('setdigout 0');
    current.answer('DOUT1:0 DOUT2:0');
    await eventually(async () => expect(await isLocked()).toBe(false));
  });

  it("passes a phone's OsmAnd report through to an instance, which stores it", async () => {
    const query = new URLSearchParams({
      id: IMEI,
      lat: '-33.918861',
      lon: '18.4233',
      timestamp: String(Math.floor(Date.now() / 1000)),
      batt: '71',
    });

    const response = await fetch(`http://127.0.0.1:${osmandPort}/?${query}`, { method: 'POST' });

    expect(response.status).toBe(200);
    expect((await vehicle()).gpsLatitudeDegrees).toBeCloseTo(-33.918861, 6);
    expect(first.stats().osmandReports).toBe(1);
  });
});
