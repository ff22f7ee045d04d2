/*
 * pnpm --filter @sentinel/api bench:geofences [--rates=1000,2000,3000,6000] [--duration=15]
 *   [--vehicles=100000] [--reporting=2000] [--circles=9900] [--polygons=100] [--preview-fixes=60000]
 *   [--rules=off,on] [--batches=1,10] [--cpu-prof]
 *
 * Geofence rules at ingestion, and the 7-day preview. The api runs in a child process on a SQLite
 * file (WAL) holding the demo data plus `vehicles` vehicles of 10,000 account holders across 10
 * companies; `reporting` of them have devices with keys. Geofences: `polygons` high-risk polygons
 * of 50 corners for every vehicle (Enter and Exit rules) and `circles` circles of 300 m to 3 km
 * scoped to the 10 companies (Enter and a 30-minute Dwell), all over the same 100 km square of
 * Gauteng the reporting vehicles wander in, so reports keep crossing edges and raising alarms.
 *
 * First it stores `preview-fixes` fixes over the last 7 days for 100 vehicles of one company and
 * times POST /Geofences/Preview of a company-scoped 50-corner polygon over them (5 runs). Then, for
 * rules off (no geofences) and rules on (the geofences loaded), each after a 5 s warm-up: position
 * reports posted with autocannon at each offered rate, `batches` readings of one device to a POST (1:
 * POST /Devices/{serial}/Telemetry, as the ingestion bench; more: its /Batch, as a tracker sends what
 * it kept or the gateway a packet); then the ingestion service alone for `duration` seconds (no HTTP,
 * 1,000 reports in flight). It prints reports/s accepted, errors, and the POST's latency: a report's
 * alarms are committed in its own transaction before it is answered, so the POST's latency is the time
 * from a report to its alarm. Last, every figure side by side, rules off and on.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ROLE } from '@sentinel/domain';
import type { GeofenceInput, GeofencePreview, GeofenceRule, GeoPoint } from '@sentinel/domain';
import { instant } from '../src/db/database';
import { insertPositionFixes } from '../src/replay/position-fixes';
import { issueDeviceKey } from '../src/telemetry/device-keys';
import { signIn, startApi } from '../src/live/test-support';
import { loadAutocannon } from './autocannon';

interface Device {
  serialNumber: string;
  deviceKey: string;
}
type ChildMessage =
  | { type: 'ready'; url: string; devices: Device[]; previewCompanyId: number; seededMs: number }
  | { type: 'done'; geofences?: number; fixes?: number; reports?: number; p95Ms?: number };
type ParentMessage =
  | { type: 'rules'; on: boolean }
  | { type: 'service'; seconds: number }
  | { type: 'fixes'; count: number }
  | { type: 'stop' };

const COMPANIES = 10;
/** Unmeasured reports through the service after the rules change, before the steps are measured. */
const WARM_UP_SECONDS = 5;
const HOLDERS = 10_000;
/** The square the fleet and the geofences share: about 100 km a side over Gauteng. */
const SOUTH = -26.6;
const WEST = 27.6;
const SPAN = 1;

/** A seeded generator, so every run draws the same geofences and walks. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
}

const option = (name: string, fallback: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;

// ---- The api, in its own process -------------------------------------------------------------

if (process.argv.includes('--api')) {
  const vehicleCount = Number(option('vehicles', '100000'));
  const reporting = Number(option('reporting', '2000'));
  const circles = Number(option('circles', '9900'));
  const polygons = Number(option('polygons', '100'));
  const dir = mkdtempSync(join(tmpdir(), 'sentinel-geofences-'));
  const api = await startApi({ databaseFile: join(dir, 'api.sqlite') });
  const db = api.app.db;
  const seededFrom = performance.now();
  const now = instant();

  // 10 companies, 10,000 account holders split across them, the vehicles split across the holders.
  const { id: roleId } = await db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', ROLE.accountHolder)
    .executeTakeFirstOrThrow();
  const companyIds: number[] = [];
  for (let index = 0; index < COMPANIES; index += 1) {
    const { id } = await db
      .insertInto('companies')
      .values({ name: `Bench Fleet ${index + 1}`, createdOnDateTime: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    companyIds.push(id);
  }
  const holderIds: number[] = [];
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < HOLDERS; start += 500) {
      const rows = await trx
        .insertInto('users')
        .values(
          Array.from({ length: Math.min(500, HOLDERS - start) }, (_, offset) => ({
            email: `bench-${start + offset}@example.test`,
            firstName: 'Bench',
            lastName: `Holder ${start + offset}`,
            phoneNumber: '821112233',
            idNumber: null,
            createdOnDateTime: now,
          })),
        )
        .returning('id')
        .execute();
      holderIds.push(...rows.map((row) => row.id));
    }
    for (let start = 0; start < holderIds.length; start += 500) {
      const slice = holderIds.slice(start, start + 500);
      await trx
        .insertInto('userRoles')
        .values(slice.map((userId) => ({ userId, roleId })))
        .execute();
      await trx
        .insertInto('companyUsers')
        .values(
          slice.map((userId, offset) => ({
            companyId: companyIds[(start + offset) % COMPANIES]!,
            userId,
            role: ROLE.accountHolder,
          })),
        )
        .execute();
    }
  });
  const vehicleIds: number[] = [];
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < vehicleCount; start += 500) {
      const rows = await trx
        .insertInto('vehicles')
        .values(
          Array.from({ length: Math.min(500, vehicleCount - start) }, (_, offset) => ({
            userId: holderIds[(start + offset) % holderIds.length]!,
            registrationNumber: `BN ${start + offset} GP`,
            make: 'Toyota',
            model: 'Hilux',
            makeVariant: 'Toyota Hilux',
            registrationYear: '2021',
            vehicleColour: 'White',
            onboardingStatus: null,
            createdOnDateTime: now,
          })),
        )
        .returning('id')
        .execute();
      vehicleIds.push(...rows.map((row) => row.id));
    }
  });
  const devices: Device[] = [];
  const fitted: { id: number; vehicleId: number }[] = [];
  for (let index = 0; index < reporting; index += 1) {
    const serialNumber = `BENCH-${index}`;
    const { id: deviceId } = await db
      .insertInto('devices')
      .values({ serialNumber, createdOnDateTime: now, vehicleId: vehicleIds[index]! })
      .returning('id')
      .executeTakeFirstOrThrow();
    fitted.push({ id: deviceId, vehicleId: vehicleIds[index]! });
    const deviceKey = await issueDeviceKey(db, serialNumber);
    if (deviceKey === undefined) throw new Error(`Device ${serialNumber} is missing.`);
    devices.push({ serialNumber, deviceKey });
  }

  // The geofences, drawn once; inserted for "rules on", deleted for "rules off".
  const draw = random(42);
  const point = (): GeoPoint => ({
    latitudeDegrees: SOUTH + draw() * SPAN,
    longitudeDegrees: WEST + draw() * SPAN,
  });
  const rule = (trigger: GeofenceRule['trigger'], priority: 1 | 2 | 3, dwellMinutes: number | null = null) =>
    ({ trigger, dwellMinutes, schedule: null, priority }) satisfies GeofenceRule;
  const geofenceRows = [
    ...Array.from({ length: polygons }, (_, index) => {
      const centre = point();
      const radius = (1_000 + draw() * 2_000) / 111_320;
      // 50 corners around the centre at varying distances: a star-like outline that never crosses.
      const points = Array.from({ length: 50 }, (_, corner) => {
        const angle = (2 * Math.PI * corner) / 50;
        const reach = radius * (0.6 + 0.4 * draw());
        return {
          latitudeDegrees: centre.latitudeDegrees + reach * Math.sin(angle),
          longitudeDegrees:
            centre.longitudeDegrees + (reach * Math.cos(angle)) / Math.cos((26 * Math.PI) / 180),
        };
      });
      return {
        name: `High-risk zone ${index + 1}`,
        shape: JSON.stringify({ type: 'Polygon', points }),
        scopeKind: 'Everyone' as const,
        scopeId: null,
        rules: JSON.stringify([rule('Enter', 1), rule('Exit', 2)]),
      };
    }),
    ...Array.from({ length: circles }, (_, index) => ({
      name: `Depot ${index + 1}`,
      shape: JSON.stringify({ type: 'Circle', centre: point(), radiusMetres: 300 + draw() * 2_700 }),
      scopeKind: 'Company' as const,
      scopeId: companyIds[index % COMPANIES]!,
      rules: JSON.stringify([rule('Enter', 3), rule('Dwell', 2, 30)]),
    })),
  ].map((row) => ({ ...row, createdByUserId: null, createdAt: now, updatedAt: now }));

  const bumpRevision = () =>
    db
      .updateTable('geofenceRevision')
      .set((eb) => ({ revision: eb('revision', '+', 1) }))
      .execute();

  process.send?.({
    type: 'ready',
    url: api.url,
    devices,
    previewCompanyId: companyIds[0]!,
    seededMs: performance.now() - seededFrom,
  } satisfies ChildMessage);

  process.on('message', (message: ParentMessage) => {
    void (async () => {
      if (message.type === 'rules') {
        await db.transaction().execute(async (trx) => {
          await trx.deleteFrom('geofences').execute();
          if (message.on) {
            for (let start = 0; start < geofenceRows.length; start += 500) {
              await trx
                .insertInto('geofences')
                .values(geofenceRows.slice(start, start + 500))
                .execute();
            }
          }
        });
        await bumpRevision();
        const { count } = await db
          .selectFrom('geofences')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow();
        process.send?.({ type: 'done', geofences: Number(count) } satisfies ChildMessage);
      } else if (message.type === 'service') {
        // The ingestion service alone, as the device gateway hands it decoded records: 1,000 reports
        // in flight at a time, the same walk as the load's, each timed from hand-in to commit.
        const walk = random(11);
        const latitudes = Float64Array.from(fitted, () => SOUTH + walk() * SPAN);
        const longitudes = Float64Array.from(fitted, () => WEST + walk() * SPAN);
        const latencies: number[] = [];
        const until = performance.now() + message.seconds * 1000;
        let sent = 0;
        const one = async (): Promise<void> => {
          while (performance.now() < until) {
            const index = sent % fitted.length;
            sent += 1;
            latitudes[index]! += (walk() - 0.5) * 0.004;
            longitudes[index]! += (walk() - 0.5) * 0.004;
            const started = performance.now();
            await api.app.telemetry.ingest(fitted[index]!, {
              timestamp: new Date().toISOString(),
              latitudeDegrees: latitudes[index]!,
              longitudeDegrees: longitudes[index]!,
            });
            latencies.push(performance.now() - started);
          }
        };
        const began = performance.now();
        await Promise.all(Array.from({ length: 1000 }, one));
        const elapsed = (performance.now() - began) / 1000;
        latencies.sort((a, b) => a - b);
        process.send?.({
          type: 'done',
          reports: latencies.length / elapsed,
          p95Ms: latencies[Math.floor(latencies.length * 0.95)] ?? Number.NaN,
        } satisfies ChildMessage);
      } else if (message.type === 'fixes') {
        // 100 vehicles of the first company (every 10th holder is in it), driving for 7 days.
        const walk = random(7);
        const rows = [];
        const perVehicle = Math.ceil(message.count / 100);
        const stepMs = (7 * 24 * 3_600_000) / perVehicle;
        const start = Date.now() - 7 * 24 * 3_600_000 + 60_000;
        for (let vehicle = 0; vehicle < 100; vehicle += 1) {
          const vehicleId = vehicleIds[reporting + vehicle * COMPANIES]!;
          let latitude = SOUTH + 0.4 + walk() * 0.2;
          let longitude = WEST + 0.4 + walk() * 0.2;
          for (let fix = 0; fix < perVehicle; fix += 1) {
            latitude += (walk() - 0.5) * 0.004;
            longitude += (walk() - 0.5) * 0.004;
            rows.push({
              vehicleId,
              at: new Date(start + fix * stepMs).toISOString(),
              latitudeDegrees: latitude,
              longitudeDegrees: longitude,
            });
          }
        }
        await insertPositionFixes(db, rows);
        process.send?.({ type: 'done', fixes: rows.length } satisfies ChildMessage);
      } else {
        await api.app.close();
        rmSync(dir, { recursive: true, force: true });
        process.exit(0);
      }
    })();
  });
} else {
  await runBench();
}

// ---- The load ----------------------------------------------------------------------------------

async function runBench(): Promise<void> {
  const rates = option('rates', '1000,2000,3000,6000').split(',').map(Number);
  const batches = option('batches', '1,10').split(',').map(Number);
  const phases = option('rules', 'off,on')
    .split(',')
    .map((phase) => phase === 'on');
  const durationSeconds = Number(option('duration', '15'));
  const previewFixes = Number(option('preview-fixes', '60000'));
  const autocannon = loadAutocannon();
  const passOn = process.argv.slice(2).filter((arg) => arg.startsWith('--'));

  console.log('Starting the api (SQLite file) and seeding the fleet...');
  const profiles = process.argv.includes('--cpu-prof')
    ? mkdtempSync(join(tmpdir(), 'sentinel-geofences-profile-'))
    : undefined;
  if (profiles) console.log(`The api's V8 profile goes to ${profiles}`);
  const child = fork(fileURLToPath(import.meta.url), ['--api', ...passOn], {
    execArgv: ['--import', 'tsx', ...(profiles ? ['--cpu-prof', `--cpu-prof-dir=${profiles}`] : [])],
  });
  const next = () => new Promise<ChildMessage>((resolve) => child.once('message', resolve));
  const ready = await next();
  if (ready.type !== 'ready') throw new Error('The api did not start.');
  const { url, devices, previewCompanyId } = ready;
  const ask = async (message: ParentMessage) => {
    const answer = next();
    child.send(message);
    return answer;
  };
  console.log(`Seeded in ${(ready.seededMs / 1000).toFixed(1)} s; ${devices.length} reporting devices.`);

  // Each device wanders from its own start, 50 to 250 m a report.
  const walk = random(3);
  const latitudes = Float64Array.from(devices, () => SOUTH + walk() * SPAN);
  const longitudes = Float64Array.from(devices, () => WEST + walk() * SPAN);
  let sequence = 0;

  /** `rate` reports a second for `durationSeconds`, `batch` of one device's readings to a POST. */
  const load = (rate: number, batch: number) =>
    autocannon({
      url,
      connections: Math.min(200, Math.max(10, rate / batch / 10)),
      duration: durationSeconds,
      overallRate: rate / batch,
      requests: [
        {
          setupRequest(request) {
            sequence += 1;
            const index = sequence % devices.length;
            const device = devices[index]!;
            const now = Date.now();
            // A batch is the device's last `batch` readings, 100 ms apart, oldest first.
            const reports = Array.from({ length: batch }, (_, offset) => {
              latitudes[index]! += (walk() - 0.5) * 0.004;
              longitudes[index]! += (walk() - 0.5) * 0.004;
              return {
                timestamp: new Date(now - (batch - 1 - offset) * 100).toISOString(),
                latitudeDegrees: latitudes[index],
                longitudeDegrees: longitudes[index],
              };
            });
            const path = `/Devices/${encodeURIComponent(device.serialNumber)}/Telemetry`;
            return {
              ...request,
              method: 'POST',
              path: batch === 1 ? path : `${path}/Batch`,
              headers: { 'content-type': 'application/json', authorization: `Device ${device.deviceKey}` },
              body: JSON.stringify(batch === 1 ? reports[0] : { reports }),
            };
          },
        },
      ],
    });

  try {
    // The preview first, while the fixes it reads are the 60,000 stored for it and no others.
    const { fixes } = (await ask({ type: 'fixes', count: previewFixes })) as { fixes: number };
    const { accessToken } = await signIn(url, ROLE.admin);
    const corners = Array.from({ length: 50 }, (_, corner) => {
      const angle = (2 * Math.PI * corner) / 50;
      return {
        latitudeDegrees: SOUTH + 0.5 + 0.05 * Math.sin(angle),
        longitudeDegrees: WEST + 0.5 + 0.05 * Math.cos(angle),
      };
    });
    const input: GeofenceInput = {
      name: 'Preview zone',
      shape: { type: 'Polygon', points: corners },
      scope: { kind: 'Company', id: previewCompanyId },
      rules: [
        { trigger: 'Enter', dwellMinutes: null, schedule: null, priority: 1 },
        { trigger: 'Exit', dwellMinutes: null, schedule: null, priority: 2 },
      ],
    };
    const times: number[] = [];
    let answer: GeofencePreview | undefined;
    for (let run = 0; run < 5; run += 1) {
      const started = performance.now();
      const response = await fetch(`${url}/Geofences/Preview`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify(input),
      });
      if (response.status !== 200)
        throw new Error(`Preview answered ${response.status}: ${await response.text()}`);
      answer = (await response.json()) as GeofencePreview;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `\n7-day preview of a 50-corner company polygon: ${fixes} fixes stored for 100 vehicles; ` +
        `the answer ran over ${answer?.fixes} fixes of ${answer?.vehicles} vehicles, ${answer?.breaches.length} breaches.\n` +
        `  5 runs: median ${times[2]!.toFixed(0)} ms, slowest ${times[4]!.toFixed(0)} ms`,
    );

    // Each rules phase starts with WARM_UP_SECONDS of reports through the service, unmeasured: the
    // first breaches open alarms (an insert and the live hub's read of each), later ones join them,
    // so a step measured from a cold start would depend on the order of the steps.
    const accepted = new Map<string, number>();
    for (const on of phases) {
      const rules = on ? 'on' : 'off';
      const { geofences } = (await ask({ type: 'rules', on })) as { geofences: number };
      await ask({ type: 'service', seconds: WARM_UP_SECONDS });
      console.log(
        `\nRules ${rules} (${geofences} geofences), after a ${WARM_UP_SECONDS} s warm-up; ${durationSeconds} s a step\n` +
          'reports a POST  offered reports/s  accepted reports/s  errors  report-to-alarm (POST) p50/p90/p97.5/p99 ms',
      );
      for (const batch of batches) {
        for (const rate of rates) {
          const result = await load(rate, batch);
          const errors = result.non2xx + result.errors + result.timeouts;
          const { p50, p90, p97_5, p99 } = result.latency;
          const perSecond = (result['2xx'] * batch) / result.duration;
          accepted.set(`${batch} ${rate} ${rules}`, perSecond);
          console.log(
            `${String(batch).padStart(14)}  ${String(rate).padStart(17)}  ${perSecond.toFixed(0).padStart(18)}` +
              `  ${String(errors).padStart(6)}  ${[p50, p90, p97_5, p99].map((value) => value.toFixed(0)).join('/')}`,
          );
        }
      }
      const { reports, p95Ms } = (await ask({ type: 'service', seconds: durationSeconds })) as {
        reports: number;
        p95Ms: number;
      };
      accepted.set(`service ${rules}`, reports);
      console.log(
        `the ingestion service alone (no HTTP), as the device gateway hands it records: ` +
          `${reports.toFixed(0)} reports/s, hand-in to commit p95 ${p95Ms.toFixed(0)} ms`,
      );
    }
    const cell = (key: string) => accepted.get(key)?.toFixed(0).padStart(9) ?? '        -';
    console.log('\nSide by side (reports/s)                 rules off  rules on');
    for (const batch of batches) {
      for (const rate of rates) {
        const label = `${batch} a POST, offered ${rate}/s`.padEnd(38);
        console.log(`${label} ${cell(`${batch} ${rate} off`)}  ${cell(`${batch} ${rate} on`)}`);
      }
    }
    console.log(`${'ingestion service alone'.padEnd(38)} ${cell('service off')}  ${cell('service on')}`);
  } finally {
    child.send({ type: 'stop' } satisfies ParentMessage);
    await new Promise((resolve) => child.once('exit', resolve));
  }
}
