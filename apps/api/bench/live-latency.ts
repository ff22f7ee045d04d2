/*
 * pnpm --filter @sentinel/api bench:live [fixes] [--simulator]
 *
 * How long a device's fix takes to reach a dashboard: from sending POST /Devices/{serial}/Telemetry
 * to the DeviceGpsLocationMessage arriving at a signed-in Admin's official SignalR client, over
 * each transport. The api listens on 127.0.0.1 in this process (SQLite in memory, simulator off);
 * fixes are sent one at a time, so each figure is one message's own latency, not a queue's.
 * --simulator runs the demo simulator on the seeded fleet meanwhile, as `pnpm start` does.
 */
import { performance } from 'node:perf_hooks';
import { HttpTransportType } from '@microsoft/signalr';
import { ROLE } from '@sentinel/domain';
import type { DeviceGpsLocationMessage } from '@sentinel/domain';
import {
  addTrackedVehicle,
  hubConnection,
  nextMessage,
  postTelemetry,
  signIn,
  startApi,
  stopApi,
} from '../src/live/test-support';
import { percentile } from './latency-figures';

const args = process.argv.slice(2);
const FIXES = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 200);
const WITH_SIMULATOR = args.includes('--simulator');
const TRANSPORTS = [
  ['WebSockets', HttpTransportType.WebSockets],
  ['ServerSentEvents', HttpTransportType.ServerSentEvents],
  ['LongPolling', HttpTransportType.LongPolling],
] as const;

const api = await startApi({ simulator: WITH_SIMULATOR });
try {
  const vehicle = await addTrackedVehicle(api.app);
  const { accessToken } = await signIn(api.url, ROLE.admin);
  console.log(
    `${FIXES} fixes per transport, POST sent -> message received (ms)` +
      (WITH_SIMULATOR ? ', demo simulator running' : ''),
  );
  for (const [name, transport] of TRANSPORTS) {
    const connection = hubConnection(api.url, accessToken, transport);
    await connection.start();
    const latencies: number[] = [];
    for (let index = 0; index < FIXES; index += 1) {
      const longitudeDegrees = 18.4 + index / 100_000;
      const received = nextMessage<DeviceGpsLocationMessage>(
        connection,
        'DeviceGpsLocationMessage',
        (message) => message.longitudeDegrees === longitudeDegrees,
      );
      const sent = performance.now();
      const response = await postTelemetry(api.url, vehicle, {
        timestamp: new Date().toISOString(),
        latitudeDegrees: -33.92,
        longitudeDegrees,
      });
      if (response.status !== 200) throw new Error(`Telemetry answered ${response.status}.`);
      await received;
      latencies.push(performance.now() - sent);
    }
    await connection.stop();
    latencies.sort((a, b) => a - b);
    const format = (ms: number) => ms.toFixed(1).padStart(6);
    console.log(
      `${name.padEnd(17)} p50 ${format(percentile(latencies, 0.5))}  p95 ${format(percentile(latencies, 0.95))}` +
        `  p99 ${format(percentile(latencies, 0.99))}  max ${format(latencies.at(-1) ?? Number.NaN)}`,
    );
  }
} finally {
  await stopApi(api);
}
