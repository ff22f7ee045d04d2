import { performance } from 'node:perf_hooks';
import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel } from '@microsoft/signalr';
import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceKeys, postFix, signInAdmin, startScaleStack } from './test/scale-stack';
import type { ScaleStack } from './test/scale-stack';

// Two real api processes (NODE_ENV=production) on one temporary PostgreSQL and one redis-server,
// behind nginx as the renderer writes it (hub requests hashed on the connection id): the official
// SignalR client over all three transports, reports posted to one instance, and an instance killed.

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
async function waitUntil(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
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
    stack = await startScaleStack({ instances: 2 });
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
});
