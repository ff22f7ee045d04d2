/*
 * pnpm --filter @sentinel/api bench:ingest [--rates=250,500,1000,2000] [--duration=20] [--devices=1000]
 *   [--coalesce-ms=20] [--cpu-prof]
 *
 * Telemetry ingestion under load. The api runs in a child process on a SQLite file (WAL), with
 * `devices` linked vehicles, each device holding its own key. This process posts position reports
 * from all of them round-robin with autocannon at each rate in turn (`duration` seconds a step),
 * while 20 official SignalR clients, signed in as the Admin, listen over WebSockets. Per step it
 * prints reports/s answered 200, error answers, the POST's own latency, and fix-to-client latency:
 * from handing the POST to autocannon to the DeviceGpsLocationMessage reaching a client (every
 * client's copy counts). Each report's longitude carries its sequence number, so a message is
 * matched to its send time without adding a field to the message. --coalesce-ms sets the api's
 * LIVE_SEND_COALESCE_MS (default: the api's own). --cpu-prof writes the api process's V8 profile
 * to a temporary folder it prints.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { LIVE_MESSAGE, ROLE } from '@sentinel/domain';
import type { DeviceGpsLocationMessage } from '@sentinel/domain';
import { addTrackedVehicle, hubConnection, signIn, startApi } from '../src/live/test-support';
import { loadAutocannon } from './autocannon';

interface Device {
  serialNumber: string;
  deviceKey: string;
}
type ApiReady = { url: string; devices: Device[] };

const CLIENTS = 20;
const BASE_LONGITUDE = 18;
/** Longitude steps per report: 1e-7 degrees (about a centimetre) keeps 10 million apart in a double. */
const STEP = 1e-7;

// ---- The api, in its own process -------------------------------------------------------------

if (process.argv.includes('--api')) {
  const devices = Number(process.argv[process.argv.indexOf('--api') + 1]);
  const coalesce = process.argv[process.argv.indexOf('--api') + 2];
  const dir = mkdtempSync(join(tmpdir(), 'sentinel-ingest-'));
  const api = await startApi({
    databaseFile: join(dir, 'api.sqlite'),
    ...(coalesce === undefined || coalesce === '' ? {} : { hub: { sendCoalesceMs: Number(coalesce) } }),
  });
  const fleet: Device[] = [];
  for (let index = 0; index < devices; index += 1) {
    const { serialNumber, deviceKey } = await addTrackedVehicle(api.app);
    fleet.push({ serialNumber, deviceKey });
  }
  process.send?.({ url: api.url, devices: fleet } satisfies ApiReady);
  process.on('message', () => {
    void api.app.close().then(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  });
} else {
  await runBench();
}

// ---- The load and the listeners ------------------------------------------------------------

function percentile(sorted: Float64Array, share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

async function runBench(): Promise<void> {
  const option = (name: string, fallback: string) =>
    process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
  const rates = option('rates', '250,500,1000,2000').split(',').map(Number);
  const durationSeconds = Number(option('duration', '20'));
  const deviceCount = Number(option('devices', '1000'));
  const coalesceMs = option('coalesce-ms', '');
  const autocannon = loadAutocannon();

  console.log(
    `Starting the api (SQLite file) with ${deviceCount} devices` +
      `${coalesceMs === '' ? '' : `, LIVE_SEND_COALESCE_MS ${coalesceMs}`}...`,
  );
  const profiles = process.argv.includes('--cpu-prof')
    ? mkdtempSync(join(tmpdir(), 'sentinel-ingest-profile-'))
    : undefined;
  if (profiles) console.log(`The api's V8 profile goes to ${profiles}`);
  const child = fork(fileURLToPath(import.meta.url), ['--api', String(deviceCount), coalesceMs], {
    execArgv: ['--import', 'tsx', ...(profiles ? ['--cpu-prof', `--cpu-prof-dir=${profiles}`] : [])],
  });
  const { url, devices } = await new Promise<ApiReady>((resolve) => child.once('message', resolve));

  const { accessToken } = await signIn(url, ROLE.admin);
  const connections = Array.from({ length: CLIENTS }, () => hubConnection(url, accessToken));
  // Send times by sequence number, and every client's latency for the current step.
  let sentAt = new Float64Array(1 << 20);
  let latencies: number[] = [];
  for (const connection of connections) {
    connection.on(LIVE_MESSAGE.gpsLocation, (message: DeviceGpsLocationMessage) => {
      const sequence = Math.round((message.longitudeDegrees - BASE_LONGITUDE) / STEP);
      const sent = sentAt[sequence];
      if (sent) latencies.push(performance.now() - sent);
    });
  }
  await Promise.all(connections.map((connection) => connection.start()));

  console.log(
    `${CLIENTS} official clients listening; ${durationSeconds} s a step\n` +
      'offered/s  accepted/s  errors  POST p50/p97.5/p99 ms    fix-to-client p50/p95/p99 ms  messages received',
  );
  let sequence = 0;
  try {
    for (const rate of rates) {
      const needed = rate * durationSeconds * 2;
      if (sentAt.length < sequence + needed) {
        const grown = new Float64Array((sequence + needed) * 2);
        grown.set(sentAt);
        sentAt = grown;
      }
      latencies = [];
      const result = await autocannon({
        url,
        connections: Math.min(200, Math.max(10, rate / 10)),
        duration: durationSeconds,
        overallRate: rate,
        requests: [
          {
            setupRequest(request) {
              sequence += 1;
              const device = devices[sequence % devices.length] as Device;
              sentAt[sequence] = performance.now();
              return {
                ...request,
                method: 'POST',
                path: `/Devices/${encodeURIComponent(device.serialNumber)}/Telemetry`,
                headers: { 'content-type': 'application/json', authorization: `Device ${device.deviceKey}` },
                body: JSON.stringify({
                  timestamp: new Date().toISOString(),
                  latitudeDegrees: -33.9,
                  longitudeDegrees: BASE_LONGITUDE + sequence * STEP,
                }),
              };
            },
          },
        ],
      });
      // Messages still on their way when the load stops belong to this step.
      const expected = result['2xx'] * CLIENTS;
      const deadline = Date.now() + 10_000;
      while (latencies.length < expected && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const sorted = Float64Array.from(latencies).sort();
      const errors = result.non2xx + result.errors + result.timeouts;
      const cell = (values: number[]) => values.map((value) => value.toFixed(0)).join('/');
      console.log(
        `${String(rate).padStart(9)}  ${(result['2xx'] / result.duration).toFixed(0).padStart(10)}` +
          `  ${String(errors).padStart(6)}  ${cell([result.latency.p50, result.latency.p97_5, result.latency.p99]).padEnd(23)}` +
          `  ${cell([0.5, 0.95, 0.99].map((share) => percentile(sorted, share))).padEnd(28)}` +
          // Reports answered late (after autocannon's timeout) may still be stored and sent.
          `  ${latencies.length} for ${result['2xx']} accepted × ${CLIENTS}`,
      );
    }
  } finally {
    await Promise.all(connections.map((connection) => connection.stop()));
    child.send('stop');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}
