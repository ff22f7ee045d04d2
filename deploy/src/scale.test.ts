import { performance } from 'node:perf_hooks';
import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel } from '@microsoft/signalr';
import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceKeys, postFix, scrapeMetrics, signInAdmin, startScaleStack, total } from './test/scale-stack';
import type { Sample, ScaleStack } from './test/scale-stack';

// Two real api processes (NODE_ENV=production) on one temporary PostgreSQL and one redis-server,
// behind nginx as the renderer writes it (hub requests hashed on the connection id), started once
// for the whole file, whose tests run in this order because each leaves the stack changed:
// - each instance's Prometheus metrics, moved by reports posted through nginx;
// - the official SignalR client over all three transports, reports posted to one instance, and the
//   second instance killed;
// - the second instance started again, then what nginx does with instances that are not ready:
//   Redis stopped and started, and the second instance draining at shutdown (left draining; the
//   stack's stop() ends it with a second signal).

const SERIAL = 'SNT-000101';
const CLIENTS_PER_TRANSPORT = 6;
const TRANSPORTS = [
  { name: 'WebSockets', type: HttpTransportType.WebSockets },
  { name: 'ServerSentEvents', type: HttpTransportType.ServerSentEvents },
  { name: 'LongPolling', type: HttpTransportType.LongPolling },
] as const;

interface GpsMessage {
  vehicleId: number;
  latitudeDegrees: number;
  longitudeDegrees: number;
}

interface Client {
  transport: string;
  connection: HubConnection;
  /** Set when the connection was lost and the client began to reconnect. */
  dropped: boolean;
  /** When each fix arrived, by longitude. */
  arrivals: Map<number, number>;
}

/** Resolves once `condition` holds, checking every 20 ms; rejects after `timeoutMs`. */
async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function status(url: string, method = 'GET'): Promise<number> {
  const response = await fetch(url, { method, ...(method === 'POST' ? { body: '{}' } : {}) });
  await response.arrayBuffer();
  return response.status;
}

/** What the metrics test follows on an instance (or how it moved, or over both). */
interface Figures {
  ingested: number;
  posts: number;
  gpsMessages: number;
  lagCount: number;
}

function figures(samples: readonly Sample[]): Figures {
  return {
    ingested: total(samples, 'sentinel_telemetry_reports_ingested_total'),
    posts: total(samples, 'sentinel_http_request_duration_seconds_count', {
      method: 'POST',
      route: '/Devices/:serialNumber/Telemetry',
      status_class: '2xx',
    }),
    gpsMessages: total(samples, 'sentinel_hub_messages_sent_total', { message: 'DeviceGpsLocationMessage' }),
    lagCount: total(samples, 'sentinel_telemetry_ingestion_lag_seconds_count'),
  };
}

function combine(a: Figures, b: Figures, sign: 1 | -1): Figures {
  return {
    ingested: a.ingested + sign * b.ingested,
    posts: a.posts + sign * b.posts,
    gpsMessages: a.gpsMessages + sign * b.gpsMessages,
    lagCount: a.lagCount + sign * b.lagCount,
  };
}

describe('two api instances on PostgreSQL and Redis behind nginx', () => {
  let stack: ScaleStack | undefined;
  let key: string;
  let vehicleId: number | null = null;
  const clients: Client[] = [];
  let longitude = 18.4;
  /** The fix posted to the first instance before any kill. */
  let firstFix = { longitudeDegrees: 0, sentAt: 0 };

  beforeAll(async () => {
    // The second instance logs its requests (the drain test counts those nginx still sends it) and
    // drains for longer than that test takes; the kill test ends it with SIGKILL, which no drain delays.
    stack = await startScaleStack({
      instances: 2,
      instanceEnv: [{}, { LOG_LEVEL: 'info', SHUTDOWN_DRAIN_SECONDS: '60' }],
    });
    key = (await deviceKeys(stack.databaseUrl, [SERIAL])).get(SERIAL) ?? '';
  });

  afterAll(async () => {
    await Promise.all(clients.map(({ connection }) => connection.stop()));
    await stack?.stop();
  });

  function running(): ScaleStack {
    if (!stack) throw new Error('The stack did not start.');
    return stack;
  }

  /** Posts a fix with a longitude of its own directly to an instance; resolves with when it was sent. */
  async function sendFix(instanceUrl: string): Promise<{ longitudeDegrees: number; sentAt: number }> {
    longitude += 0.001;
    const longitudeDegrees = Number(longitude.toFixed(6));
    const sentAt = performance.now();
    const result = await postFix(instanceUrl, SERIAL, key, { latitudeDegrees: -33.92, longitudeDegrees });
    expect(result).toMatchObject({ status: 200, position: true });
    vehicleId = result.vehicleId;
    return { longitudeDegrees, sentAt };
  }

  it("answers Prometheus text on each instance's own metrics port, and nothing through nginx", async () => {
    const { url, instances } = running();
    for (const { metricsUrl } of instances) {
      const { contentType, samples } = await scrapeMetrics(metricsUrl);
      expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
      const names = new Set(samples.map(({ name }) => name));
      for (const name of [
        'sentinel_telemetry_reports_ingested_total',
        'sentinel_telemetry_ingestion_lag_seconds_count',
        'sentinel_hub_connections',
        'sentinel_db_pool_connections',
        'process_resident_memory_bytes',
      ]) {
        expect(names).toContain(name);
      }
    }
    // The public address has no metrics: without METRICS_TOKEN the api's port has no such route.
    expect(await status(`${url}/metrics`)).toBe(404);
  });

  it('counts every report posted through nginx once, on the instance that stored it', async () => {
    const { url, instances } = running();
    const byInstance = () =>
      Promise.all(
        instances.map(async ({ metricsUrl }) => figures((await scrapeMetrics(metricsUrl)).samples)),
      );
    const before = await byInstance();
    const REPORTS = 10;
    const start = Date.now();
    for (let index = 0; index < REPORTS; index += 1) {
      longitude += 0.001;
      const fix = { latitudeDegrees: -33.92, longitudeDegrees: Number(longitude.toFixed(6)) };
      // Strictly later timestamps, so each report is the newest fix and sends one live message.
      const result = await postFix(url, SERIAL, key, fix, new Date(start + index));
      expect(result).toMatchObject({ status: 200, position: true });
    }

    // The request is timed once its answer is sent, the live message goes after the commit: read
    // until every figure has counted all the reports, then compare exactly.
    let moved: Figures[] = [];
    const together = () => moved.reduce((sum, figures) => combine(sum, figures, 1));
    await waitUntil(
      async () => {
        moved = (await byInstance()).map((after, index) => combine(after, before[index]!, -1));
        return Object.values(together()).every((value) => value >= REPORTS);
      },
      5_000,
      'the instances counted every report',
    );
    expect(together()).toEqual({
      ingested: REPORTS,
      posts: REPORTS,
      gpsMessages: REPORTS,
      lagCount: REPORTS,
    });
    // nginx sends a call to the least busy instance and, between equals, to each in turn: reports
    // posted one at a time reached both. Each counted its own reports in every figure.
    for (const { ingested, ...others } of moved) {
      expect(ingested).toBeGreaterThan(0);
      expect(others).toEqual({ posts: ingested, gpsMessages: ingested, lagCount: ingested });
    }
  });

  it('connects the official client through nginx over every transport', async () => {
    const { url } = running();
    const accessToken = await signInAdmin(url);
    for (const { name, type } of TRANSPORTS) {
      for (let index = 0; index < CLIENTS_PER_TRANSPORT; index += 1) {
        const connection = new HubConnectionBuilder()
          .withUrl(`${url}/DefaultHub`, { transport: type, accessTokenFactory: () => accessToken })
          .withAutomaticReconnect([0, 2000, 10000, 30000])
          .configureLogging(LogLevel.None)
          .build();
        const client: Client = { transport: name, connection, dropped: false, arrivals: new Map() };
        connection.onreconnecting(() => {
          client.dropped = true;
        });
        connection.on('DeviceGpsLocationMessage', (message: GpsMessage) => {
          if (message.vehicleId === vehicleId)
            client.arrivals.set(message.longitudeDegrees, performance.now());
        });
        clients.push(client);
      }
    }

    await Promise.all(clients.map(({ connection }) => connection.start()));

    expect(clients.every(({ connection }) => connection.state === HubConnectionState.Connected)).toBe(true);
  });

  it('delivers a report posted to one instance to the clients of both within a second', async () => {
    const { instances } = running();
    const [first] = instances;
    if (!first) throw new Error('No instance.');

    firstFix = await sendFix(first.url);
    const { longitudeDegrees, sentAt } = firstFix;
    await waitUntil(
      () => clients.every(({ arrivals }) => arrivals.has(longitudeDegrees)),
      5_000,
      'every client received the fix',
    );

    // Which clients the second instance holds shows when it is killed (below); every client here.
    const latencies = clients.map(({ arrivals }) => (arrivals.get(longitudeDegrees) ?? Infinity) - sentAt);
    expect(Math.max(...latencies)).toBeLessThan(1_000);
  });

  it('moves the clients of a killed instance to the other, which keeps them receiving reports', async () => {
    const { instances } = running();
    const [survivor, victim] = instances;
    if (!survivor || !victim) throw new Error('Two instances are needed.');
    victim.process.child.kill('SIGKILL');
    await waitUntil(() => clients.some(({ dropped }) => dropped), 10_000, 'a client noticed the kill');
    await waitUntil(
      () => clients.every(({ connection }) => connection.state === HubConnectionState.Connected),
      20_000,
      'every client is connected again',
    );

    // Both instances held some connections: the victim's clients reconnected, the others never left.
    const moved = clients.filter(({ dropped }) => dropped);
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.length).toBeLessThan(clients.length);
    // The report posted to the first instance had reached the second one's clients within a second.
    for (const { arrivals } of moved) {
      expect((arrivals.get(firstFix.longitudeDegrees) ?? Infinity) - firstFix.sentAt).toBeLessThan(1_000);
    }
    const after = await sendFix(survivor.url);
    await waitUntil(
      () => clients.every(({ arrivals }) => arrivals.has(after.longitudeDegrees)),
      5_000,
      'every client received the fix after the kill',
    );
    const latencies = moved.map(
      ({ arrivals }) => (arrivals.get(after.longitudeDegrees) ?? Infinity) - after.sentAt,
    );
    expect(Math.max(...latencies)).toBeLessThan(1_000);
  });

  describe('with instances that are not ready', () => {
    // A ready api answers these two calls without a token 401; a call nginx passed to an instance
    // that is not ready would be 503.
    const CALLS = [
      { method: 'GET', path: '/Roles' },
      // A POST, which nginx never repeats on its own.
      { method: 'POST', path: '/Devices/SNT-000101/Telemetry' },
    ] as const;

    beforeAll(async () => {
      // The live clients are done with: their reconnections would be calls of their own here.
      await Promise.all(clients.map(({ connection }) => connection.stop()));
      // The instance the kill test ended, started again (with its 60 s drain and its request log).
      await running().startInstance(1);
    });

    it('stops sending calls while Redis is away, and sends them again once it is back', async () => {
      const { url, instances, redis } = running();

      await redis.stop();
      // No instance takes the call (each refuses after two failed checks): nginx answers it, 503 or,
      // once it has counted both out, 502.
      await waitUntil(
        async () => [502, 503].includes(await status(`${url}/Roles`)),
        10_000,
        'nginx has no ready instance',
      );
      for (const instance of instances) {
        const ready = await fetch(`${instance.url}/health/ready`);
        expect([ready.status, await ready.json()]).toEqual([
          503,
          { status: 'not ready', checks: { database: 'ok', migrations: 'ok', redis: 'failed' } },
        ]);
        expect((await fetch(`${instance.url}/health/live`)).status).toBe(200);
      }

      await redis.start();
      // Back within nginx's fail_timeout (5 s) of the instances being ready.
      await waitUntil(async () => (await status(`${url}/Roles`)) === 401, 10_000, 'nginx sends calls again');
      for (const instance of instances) expect(await status(`${instance.url}/health/ready`)).toBe(200);
    });

    it('sends every call to the other instance while one drains at shutdown, a POST too', async () => {
      const { url, instances } = running();
      const [, draining] = instances;
      if (!draining) throw new Error('Two instances are needed.');
      draining.process.child.kill('SIGTERM');
      await waitUntil(
        async () => (await status(`${draining.url}/health/ready`)) === 503,
        5_000,
        'the draining instance is not ready',
      );
      expect((await fetch(`${draining.url}/health/live`)).status).toBe(200);

      const before = draining.process.output().length;
      const answers: number[] = [];
      for (let round = 0; round < 10; round += 1) {
        for (const { method, path } of CALLS) answers.push(await status(`${url}${path}`, method));
      }

      expect(answers).toEqual(Array.from({ length: 20 }, () => 401));
      // nginx tried the draining instance a few times at most, then counted it out for fail_timeout.
      const reached = draining.process
        .output()
        .slice(before)
        .split('\n')
        .filter((line) => line.includes('incoming request') && /\/Roles|\/Telemetry/.test(line));
      expect(reached.length).toBeLessThanOrEqual(4);
    });
  });
});
