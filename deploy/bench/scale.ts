/*
 * pnpm --filter @sentinel/deploy bench:scale [reportsPerSecond] [seconds] [clients]
 *
 * Throughput of the scale set-up on this machine: two api processes (NODE_ENV=production) on a
 * temporary PostgreSQL and a redis-server behind nginx (see src/test/scale-stack.ts). Devices post
 * position reports through nginx at a fixed rate (500 per second for 20 s by default) while
 * official SignalR clients signed in as the demo Admin (100 by default, the three transports in
 * turn) listen through nginx; each client receives every fix. Prints how many fixes the api
 * stored, how many reached the clients, and the time from sending the POST to each arrival.
 * Everything it starts is stopped and removed at the end, also on Ctrl+C or after a time limit.
 */
import { performance } from 'node:perf_hooks';
import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel } from '@microsoft/signalr';
import type { HubConnection } from '@microsoft/signalr';
import { deviceKeys, postFix, signInAdmin, startScaleStack } from '../src/test/scale-stack';
import type { ScaleStack } from '../src/test/scale-stack';

const [RATE = 500, SECONDS = 20, CLIENTS = 100] = process.argv
  .slice(2)
  .map(Number)
  .filter((value) => Number.isFinite(value) && value > 0);
const REPORTS = Math.round(RATE * SECONDS);
/** Demo devices tried; those linked to a vehicle report. */
const SERIALS = Array.from({ length: 30 }, (_, index) => `SNT-000${101 + index}`);
const DRAIN_MS = 15_000;
const LIMIT_MS = (SECONDS + 180) * 1_000;
const TRANSPORTS = [
  ['WebSockets', HttpTransportType.WebSockets],
  ['ServerSentEvents', HttpTransportType.ServerSentEvents],
  ['LongPolling', HttpTransportType.LongPolling],
] as const;

interface Listener {
  transport: string;
  connection: HubConnection;
  received: number;
}

function percentile(sorted: Float64Array, share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? Number.NaN;
}

function summary(values: Float64Array): string {
  const sorted = values.slice().sort();
  const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);
  return (
    `p50 ${ms(percentile(sorted, 0.5))}  p95 ${ms(percentile(sorted, 0.95))}` +
    `  p99 ${ms(percentile(sorted, 0.99))}  max ${ms(sorted.at(-1) ?? Number.NaN)}`
  );
}

let stack: ScaleStack | undefined;
const listeners: Listener[] = [];
let stopping: Promise<void> | undefined;

function shutDown(): Promise<void> {
  stopping ??= (async () => {
    await Promise.allSettled(listeners.map(({ connection }) => connection.stop()));
    await stack?.stop();
  })();
  return stopping;
}

const limit = setTimeout(() => {
  console.error(`bench:scale: not done within ${LIMIT_MS / 1000} s; stopping.`);
  void shutDown().then(() => process.exit(1));
}, LIMIT_MS);
process.once('SIGINT', () => void shutDown().then(() => process.exit(130)));

try {
  console.log(`Starting PostgreSQL, Redis, two api instances and nginx...`);
  stack = await startScaleStack({ instances: 2 });
  const { url } = stack;

  // The demo devices linked to a vehicle: a first fix says which.
  const keys = await deviceKeys(stack.databaseUrl, SERIALS);
  const devices: { serial: string; key: string }[] = [];
  for (const [serial, key] of keys) {
    const result = await postFix(url, serial, key, { latitudeDegrees: -33.9, longitudeDegrees: 18.0 });
    if (result.status === 200 && result.vehicleId !== null) devices.push({ serial, key });
  }
  if (devices.length === 0) throw new Error('No demo device is linked to a vehicle.');

  const accessToken = await signInAdmin(url);
  /** When each fix was sent, by its longitude (unique per report). */
  const sentAt = new Map<number, number>();
  const latencies = new Float64Array(REPORTS * CLIENTS);
  let deliveries = 0;
  for (let index = 0; index < CLIENTS; index += 1) {
    const [transport, type] = TRANSPORTS[index % TRANSPORTS.length] ?? TRANSPORTS[0];
    const connection = new HubConnectionBuilder()
      .withUrl(`${url}/DefaultHub`, { transport: type, accessTokenFactory: () => accessToken })
      .configureLogging(LogLevel.None)
      .build();
    const listener: Listener = { transport, connection, received: 0 };
    connection.on('DeviceGpsLocationMessage', (message: { longitudeDegrees: number }) => {
      const sent = sentAt.get(message.longitudeDegrees);
      if (sent === undefined) return;
      listener.received += 1;
      if (deliveries < latencies.length) latencies[deliveries] = performance.now() - sent;
      deliveries += 1;
    });
    listeners.push(listener);
  }
  await Promise.all(listeners.map(({ connection }) => connection.start()));
  console.log(
    `${devices.length} devices, ${CLIENTS} clients connected; sending ${RATE} reports/s for ${SECONDS} s through nginx...`,
  );

  // Each report has its own longitude, and per device strictly later timestamps.
  const startWall = Date.now();
  const start = performance.now();
  const postTimes = new Float64Array(REPORTS);
  let sent = 0;
  let stored = 0;
  let refused = 0;
  let ignored = 0;
  const inFlight = new Set<Promise<void>>();
  while (sent < REPORTS) {
    const due = Math.min(REPORTS, Math.floor(((performance.now() - start) / 1000) * RATE));
    for (; sent < due; sent += 1) {
      const index = sent;
      const device = devices[index % devices.length] ?? devices[0]!;
      const longitudeDegrees = 18 + (index + 1) / 1_000_000;
      const at = performance.now();
      sentAt.set(longitudeDegrees, at);
      const post = postFix(
        url,
        device.serial,
        device.key,
        { latitudeDegrees: -33.9, longitudeDegrees },
        new Date(startWall + index),
      )
        .then((result) => {
          postTimes[index] = performance.now() - at;
          if (result.status !== 200) refused += 1;
          else if (result.position) stored += 1;
          // A report overtaken by a later one of its device is older than what is stored.
          else ignored += 1;
        })
        .catch(() => {
          refused += 1;
        })
        .finally(() => inFlight.delete(post));
      inFlight.add(post);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const sendingMs = performance.now() - start;
  await Promise.all(inFlight);

  // Wait for the last messages, as long as they keep coming.
  const expected = stored * CLIENTS;
  let last = deliveries;
  let quietSince = performance.now();
  const drainStart = performance.now();
  while (deliveries < expected && performance.now() - drainStart < DRAIN_MS) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (deliveries !== last) {
      last = deliveries;
      quietSince = performance.now();
    } else if (performance.now() - quietSince > 3_000) break;
  }

  const connected = listeners.filter(({ connection }) => connection.state === HubConnectionState.Connected);
  console.log('');
  console.log(`| What                         | Figure |`);
  console.log(`| ---------------------------- | ------ |`);
  console.log(
    `| reports sent                 | ${sent} in ${(sendingMs / 1000).toFixed(1)} s (${RATE}/s asked) |`,
  );
  console.log(
    `| positions stored             | ${stored} (older than stored: ${ignored}, refused or failed: ${refused}) |`,
  );
  console.log(`| clients connected at the end | ${connected.length} of ${CLIENTS} |`);
  console.log(
    `| fixes delivered              | ${deliveries} of ${expected} (${((100 * deliveries) / Math.max(1, expected)).toFixed(2)} %) |`,
  );
  for (const [transport] of TRANSPORTS) {
    const ofTransport = listeners.filter((listener) => listener.transport === transport);
    const received = ofTransport.reduce((total, listener) => total + listener.received, 0);
    console.log(`| - over ${transport.padEnd(21)} | ${received} of ${stored * ofTransport.length} |`);
  }
  console.log('');
  console.log(`POST sent -> answered      ${summary(postTimes.subarray(0, sent))}`);
  console.log(
    `POST sent -> fix at client ${summary(latencies.subarray(0, Math.min(deliveries, latencies.length)))}`,
  );
} finally {
  clearTimeout(limit);
  await shutDown();
}
