/*
 * pnpm --filter @sentinel/api bench:alarms [--alarms=50] [--rate=2000] [--devices=2000] [--open=10000]
 *   [--requests=30]
 *
 * Alarms under load, on the api in its own process on a SQLite file (WAL), as bench:ingest runs it.
 *
 * (a) While autocannon posts `rate` position reports a second round-robin from `devices` linked
 *     devices, `alarms` other vehicles each send one tamper report, one after another. For each, the
 *     time from sending its POST to the AlarmChangedMessage reaching an official SignalR client signed
 *     in as the Admin, beside the same report's DeviceTamperMessage (the vehicle's own message, which
 *     the alarm engine does not send) and the POST's own answer.
 * (b) With the load stopped, GET /Alarms?tab=Open (the first page of 50) `requests` times with no
 *     alarm stored, then again with `open` open alarms inserted (every vehicle and kind in turn).
 *
 * Both print side by side; percentiles are nearest-rank.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { ALARM_KIND_DEFAULTS, ALARM_KINDS, LIVE_MESSAGE, ROLE } from '@sentinel/domain';
import type { AlarmChangedMessage, DeviceTamperMessage } from '@sentinel/domain';
import type { Database } from '../src/db/schema';
import { addTrackedVehicle, hubConnection, postTelemetry, signIn, startApi } from '../src/live/test-support';
import type { TrackedVehicle } from '../src/live/test-support';
import type { AutocannonRequest, AutocannonResult } from './autocannon';
import { summary } from './latency-figures';

type ApiReady = { url: string; load: TrackedVehicle[]; probes: TrackedVehicle[] };
type ApiCommand = { clearAlarms: true } | { openAlarms: number } | { stop: true };

const option = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);

// ---- The api, in its own process -------------------------------------------------------------

/** Open alarms on every vehicle and kind in turn (one active alarm per vehicle and kind), each with its 'Opened' entry. */
async function insertOpenAlarms(db: Kysely<Database>, count: number): Promise<void> {
  const vehicles = (await db.selectFrom('vehicles').select('id').orderBy('id').execute()).map(
    (row) => row.id,
  );
  if (vehicles.length * ALARM_KINDS.length < count)
    throw new Error(
      `${vehicles.length} vehicles hold at most ${vehicles.length * ALARM_KINDS.length} open alarms.`,
    );
  const now = Date.now();
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, offset) => {
      const index = start + offset;
      const kind = ALARM_KINDS[index % ALARM_KINDS.length]!;
      // Opened over the last week, a minute apart, so the queue's order has work to do.
      const openedAt = new Date(now - (count - index) * 60_000).toISOString();
      return {
        vehicleId: vehicles[Math.floor(index / ALARM_KINDS.length)]!,
        kind,
        priority: ALARM_KIND_DEFAULTS[kind].priority,
        state: 'Open' as const,
        acknowledgeWithinSeconds: ALARM_KIND_DEFAULTS[kind].acknowledgeWithinSeconds,
        openedAt,
        lastEventAt: openedAt,
      };
    });
    const ids = await db.insertInto('alarms').values(rows).returning('id').execute();
    await db
      .insertInto('alarmEvents')
      .values(
        ids.map(({ id }, offset) => ({
          alarmId: id,
          dateTime: rows[offset]!.openedAt,
          type: 'Opened' as const,
          byUserId: null,
          text: 'Car battery Normal, GPS Normal',
        })),
      )
      .execute();
  }
}

async function runApi(): Promise<void> {
  const at = process.argv.indexOf('--api');
  const devices = Number(process.argv[at + 1]);
  const probes = Number(process.argv[at + 2]);
  const dir = mkdtempSync(join(tmpdir(), 'sentinel-alarms-'));
  const api = await startApi({ databaseFile: join(dir, 'api.sqlite') });
  const load: TrackedVehicle[] = [];
  for (let index = 0; index < devices; index += 1) load.push(await addTrackedVehicle(api.app));
  const probeVehicles: TrackedVehicle[] = [];
  for (let index = 0; index < probes; index += 1) probeVehicles.push(await addTrackedVehicle(api.app));
  process.on('message', (command: ApiCommand) => {
    void (async () => {
      if ('stop' in command) {
        await api.app.close();
        rmSync(dir, { recursive: true, force: true });
        process.exit(0);
      }
      if ('clearAlarms' in command) await api.app.db.deleteFrom('alarms').execute();
      if ('openAlarms' in command) await insertOpenAlarms(api.app.db, command.openAlarms);
      process.send?.('done');
    })();
  });
  process.send?.({ url: api.url, load, probes: probeVehicles } satisfies ApiReady);
}

// ---- The load, the listener and the queue --------------------------------------------------

/** autocannon's callback form, which this bench stops early; the shared types are ./autocannon's. */
type Autocannon = (
  options: {
    url: string;
    connections: number;
    duration: number;
    overallRate: number;
    requests: { setupRequest: (request: AutocannonRequest) => AutocannonRequest }[];
  },
  done: (error: Error | null, result: AutocannonResult) => void,
) => { stop(): void };

const pause = (delayMs: number) => new Promise((resolve) => setTimeout(resolve, delayMs));

async function runBench(): Promise<void> {
  const probes = option('alarms', 50);
  const rate = option('rate', 2000);
  const deviceCount = option('devices', 2000);
  const openAlarms = option('open', 10_000);
  const requests = option('requests', 30);
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

  console.log(`Starting the api (SQLite file) with ${deviceCount} + ${probes} devices...`);
  const child = fork(fileURLToPath(import.meta.url), ['--api', String(deviceCount), String(probes)], {
    execArgv: ['--import', 'tsx'],
  });
  const {
    url,
    load,
    probes: probeVehicles,
  } = await new Promise<ApiReady>((resolve) =>
    child.once('message', (message) => resolve(message as ApiReady)),
  );
  const command = (message: ApiCommand) =>
    new Promise<void>((resolve) => {
      child.once('message', () => resolve());
      child.send(message);
    });

  const { accessToken } = await signIn(url, ROLE.admin);
  const connection = hubConnection(url, accessToken);
  // The first arrival of each message per vehicle.
  const tamperAt = new Map<number, number>();
  const alarmAt = new Map<number, number>();
  connection.on(LIVE_MESSAGE.tamper, (message: DeviceTamperMessage) => {
    if (!tamperAt.has(message.vehicleId)) tamperAt.set(message.vehicleId, performance.now());
  });
  connection.on(LIVE_MESSAGE.alarmChanged, (message: AlarmChangedMessage) => {
    if (!alarmAt.has(message.vehicleId)) alarmAt.set(message.vehicleId, performance.now());
  });
  await connection.start();

  try {
    // (a) Tamper reports during the load.
    let sequence = 0;
    let loadResult: AutocannonResult | undefined;
    const loadDone = new Promise<void>((resolve, reject) => {
      const instance = autocannon(
        {
          url,
          connections: Math.min(200, Math.max(10, rate / 10)),
          duration: 3600,
          overallRate: rate,
          requests: [
            {
              setupRequest(request) {
                sequence += 1;
                const device = load[sequence % load.length]!;
                return {
                  ...request,
                  method: 'POST',
                  path: `/Devices/${encodeURIComponent(device.serialNumber)}/Telemetry`,
                  headers: {
                    'content-type': 'application/json',
                    authorization: `Device ${device.deviceKey}`,
                  },
                  body: JSON.stringify({
                    timestamp: new Date().toISOString(),
                    latitudeDegrees: -33.9,
                    longitudeDegrees: 18 + sequence * 1e-7,
                  }),
                };
              },
            },
          ],
        },
        (error, result) => {
          if (error) reject(error);
          loadResult = result;
          resolve();
        },
      );
      stopLoad = () => instance.stop();
    });
    console.log(`Offering ${rate} position reports/s; ${probes} tamper reports after a 3 s warm-up...`);
    await pause(3000);
    const posted: number[] = [];
    const toTamper: number[] = [];
    const toAlarm: number[] = [];
    for (const [index, vehicle] of probeVehicles.entries()) {
      const sent = performance.now();
      const response = await postTelemetry(url, vehicle, {
        timestamp: new Date().toISOString(),
        tamper: { carBatteryState: 'Normal', gpsState: 'Normal' },
      });
      posted.push(performance.now() - sent);
      if (response.status !== 200) throw new Error(`The tamper report answered ${response.status}.`);
      // Wait for both messages; once three reports have raised no alarm message, only for the tamper one.
      const waitForAlarm = alarmAt.size > 0 || index < 3;
      const deadline = performance.now() + 10_000;
      while (
        (!tamperAt.has(vehicle.vehicleId) || (waitForAlarm && !alarmAt.has(vehicle.vehicleId))) &&
        performance.now() < deadline
      ) {
        await pause(5);
      }
      const tamper = tamperAt.get(vehicle.vehicleId);
      const alarm = alarmAt.get(vehicle.vehicleId);
      if (tamper !== undefined) toTamper.push(tamper - sent);
      if (alarm !== undefined) toAlarm.push(alarm - sent);
      await pause(200);
    }
    stopLoad();
    await loadDone;
    const result = loadResult!;
    const errors = result.non2xx + result.errors + result.timeouts;
    console.log(
      `\n(a) ${probes} tamper reports, one at a time, while ${rate}/s were offered ` +
        `(${(result['2xx'] / result.duration).toFixed(0)}/s answered 200, ${errors} errors); ` +
        'POST sent -> (ms):\n' +
        `${'What arrived'.padEnd(38)}${'count'.padStart(7)}${'p50'.padStart(8)}${'p95'.padStart(8)}${'max'.padStart(8)}\n` +
        `${'POST answered 200'.padEnd(38)}${String(posted.length).padStart(7)}${summary(posted)}\n` +
        `${'DeviceTamperMessage at the Admin'.padEnd(38)}${String(toTamper.length).padStart(7)}${summary(toTamper)}\n` +
        `${'AlarmChangedMessage at the Admin'.padEnd(38)}${String(toAlarm.length).padStart(7)}${summary(toAlarm)}`,
    );

    // (b) The Open tab's first page, with no alarm and with many.
    const queue = async () => {
      const times: number[] = [];
      let totalCount: number | undefined;
      for (let index = 0; index <= requests; index += 1) {
        const started = performance.now();
        const response = await fetch(`${url}/Alarms?tab=Open`, {
          headers: { authorization: `Bearer ${accessToken}` },
        });
        const body = (await response.json()) as { totalCount?: number };
        if (response.status !== 200) return { times, totalCount: `answered ${response.status}` };
        // The first request warms the route and the database's cache; it is not counted.
        if (index > 0) times.push(performance.now() - started);
        totalCount = body.totalCount;
      }
      return { times, totalCount: String(totalCount) };
    };
    await command({ clearAlarms: true });
    const empty = await queue();
    await command({ openAlarms });
    const full = await queue();
    console.log(
      `\n(b) GET /Alarms?tab=Open (first page), ${requests} requests each, no load (ms):\n` +
        `${'Open alarms stored'.padEnd(20)}${'totalCount'.padStart(17)}${'p50'.padStart(8)}${'p95'.padStart(8)}${'max'.padStart(8)}\n` +
        `${'0'.padEnd(20)}${empty.totalCount.padStart(17)}${summary(empty.times)}\n` +
        `${openAlarms.toLocaleString('en-US').padEnd(20)}${full.totalCount.padStart(17)}${summary(full.times)}`,
    );
  } finally {
    stopLoad();
    await connection.stop();
    child.send({ stop: true } satisfies ApiCommand);
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

let stopLoad = () => {};

if (process.argv.includes('--api')) await runApi();
else await runBench();
