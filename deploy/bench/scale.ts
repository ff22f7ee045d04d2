/*
 * pnpm --filter @sentinel/deploy bench:scale [reportsPerSecond] [seconds] [clients]
 *
 * Throughput of the scale set-up on this machine: two api processes (NODE_ENV=production) on a
 * temporary PostgreSQL and a redis-server behind nginx (see src/test/scale-stack.ts). Devices post
 * position reports through nginx at a fixed rate (500 per second for 20 s by default) while
 * official SignalR clients signed in as the demo Admin (100 by default, the three transports in
 * turn) listen through nginx; each client receives every fix. Prints how many fixes the api
 * stored, how many reached the clients, and the time from sending the POST to each arrival; then,
 * from each instance's own Prometheus metrics (scraped on its METRICS_PORT before and after the
 * load), how much of that work each instance did, side by side. Everything it starts is stopped and removed at the end, also on Ctrl+C or after a time limit.
 */
import { performance } from 'node:perf_hooks';
import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel } from '@microsoft/signalr';
import type { HubConnection } from '@microsoft/signalr';
import {
  deviceKeys,
  deviceSerials,
  postFix,
  scrapeMetrics,
  signInAdmin,
  startScaleStack,
  total,
} from '../src/test/scale-stack';
import type { Sample, ScaleStack } from '../src/test/scale-stack';

const [RATE = 500, SECONDS = 20, CLIENTS = 100] = process.argv
  .slice(2)
  .map(Number)
  .filter((value) => Number.isFinite(value) && value > 0);
const REPORTS = Math.round(RATE * SECONDS);
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

/** An instance's samples, or undefined when its metrics did not answer (it may have died). */
async function scrape(metricsUrl: string): Promise<Sample[] | undefined> {
  try {
    return (await scrapeMetrics(metricsUrl)).samples;
  } catch {
    return undefined;
  }
}

const LAG = 'sentinel_telemetry_ingestion_lag_seconds';

/** The figures an operator compares across instances: how each moved over the load. */
const FIGURES: readonly [string, (samples: readonly Sample[]) => number][] = [
  ['telemetry reports ingested', (all) => total(all, 'sentinel_telemetry_reports_ingested_total')],
  [
    'telemetry POSTs answered',
    (all) =>
      total(all, 'sentinel_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/Devices/:serialNumber/Telemetry',
      }),
  ],
  ['HTTP requests (every route)', (all) => total(all, 'sentinel_http_request_duration_seconds_count')],
  ['hub messages sent', (all) => total(all, 'sentinel_hub_messages_sent_total')],
  ['hub messages dropped', (all) => total(all, 'sentinel_hub_messages_dropped_total')],
  ['ingestion lag: count', (all) => total(all, `${LAG}_count`)],
  ['ingestion lag: sum (s)', (all) => total(all, `${LAG}_sum`)],
];

/**
 * The lag under which `share` of the reports in the interval were stored, as a bucket bound (what
 * a histogram can say without interpolating): the smallest `le` whose count moved by that share.
 */
function lagBound(before: readonly Sample[], after: readonly Sample[], share: number): string {
  const moved = total(after, `${LAG}_count`) - total(before, `${LAG}_count`);
  if (moved === 0) return '-';
  const bounds = after
    .filter(({ name }) => name === `${LAG}_bucket`)
    .map(({ labels }) => labels['le'] ?? '+Inf')
    .sort((a, b) => Number(a) - Number(b));
  const bound = bounds.find(
    (le) => total(after, `${LAG}_bucket`, { le }) - total(before, `${LAG}_bucket`, { le }) >= share * moved,
  );
  return bound === undefined ? '-' : `<= ${bound} s`;
}

/** The metrics' movement per instance and over both, as a Markdown table. */
function metricsTable(
  instances: readonly { metricsUrl: string }[],
  before: readonly (Sample[] | undefined)[],
  after: readonly (Sample[] | undefined)[],
): string[] {
  const cell = (text: string) => text.padStart(14);
  const names = instances.map((_, index) => cell(`instance ${index + 1}`));
  const lines = [
    `| ${'Metric (movement over the load)'.padEnd(31)} |${names.map((name) => ` ${name} |`).join('')} ${cell('together')} |`,
    `| ${'-'.repeat(31)} |${names.map(() => ` ${'-'.repeat(13)}: |`).join('')} ${'-'.repeat(13)}: |`,
  ];
  const row = (label: string, cells: string[]) =>
    lines.push(`| ${label.padEnd(31)} |${cells.map((text) => ` ${cell(text)} |`).join('')}`);
  const round = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(3));
  for (const [label, figure] of FIGURES) {
    const moved = instances.map((_, index) => {
      const [from, to] = [before[index], after[index]];
      return from === undefined || to === undefined ? undefined : figure(to) - figure(from);
    });
    const known = moved.filter((value) => value !== undefined);
    row(label, [
      ...moved.map((value) => (value === undefined ? 'no answer' : round(value))),
      round(known.reduce((sum, value) => sum + value, 0)),
    ]);
  }
  const perInstance = (compute: (from: readonly Sample[], to: readonly Sample[]) => string) =>
    instances.map((_, index) => {
      const [from, to] = [before[index], after[index]];
      return from === undefined || to === undefined ? 'no answer' : compute(from, to);
    });
  row('ingestion lag: mean', [
    ...perInstance((from, to) => {
      const count = total(to, `${LAG}_count`) - total(from, `${LAG}_count`);
      const sum = total(to, `${LAG}_sum`) - total(from, `${LAG}_sum`);
      return count === 0 ? '-' : `${((1000 * sum) / count).toFixed(1)} ms`;
    }),
    '',
  ]);
  row('ingestion lag: p95', [...perInstance((from, to) => lagBound(from, to, 0.95)), '']);
  return lines;
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
  // Every device of the demo data is tried (its trackers are known by IMEI, not SNT-…).
  const keys = await deviceKeys(stack.databaseUrl, await deviceSerials(stack.databaseUrl));
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
  const metricsBefore = await Promise.all(stack.instances.map(({ metricsUrl }) => scrape(metricsUrl)));
  console.log(
    `${devices.length} devices, ${CLIENTS} clients connected; sending ${RATE} reports/s for ${SECONDS} s through nginx...`,
  );

  // Each report has its own longitude and is stamped when sent (so the api's ingestion lag is its
  // own), a millisecond later than its device's previous one where two fall in one millisecond.
  const lastStamp = new Map<string, number>();
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
      const stamp = Math.max(Date.now(), (lastStamp.get(device.serial) ?? 0) + 1);
      lastStamp.set(device.serial, stamp);
      sentAt.set(longitudeDegrees, at);
      const post = postFix(
        url,
        device.serial,
        device.key,
        { latitudeDegrees: -33.9, longitudeDegrees },
        new Date(stamp),
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

  const metricsAfter = await Promise.all(stack.instances.map(({ metricsUrl }) => scrape(metricsUrl)));

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
  console.log('');
  console.log(`Each instance's metrics (${stack.instances.map(({ metricsUrl }) => metricsUrl).join(', ')}):`);
  console.log('');
  for (const line of metricsTable(stack.instances, metricsBefore, metricsAfter)) console.log(line);
} finally {
  clearTimeout(limit);
  await shutDown();
}
