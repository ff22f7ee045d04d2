import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { HISTORY_TYPE, MAX_PAGE_INDEX, replayPeriod } from '@sentinel/domain';
import type { ReplayFixPage, ReplayTrips } from '@sentinel/domain';
import { build } from '../index';
import { demoTokens } from '../test-support/demo-tokens';
import { addTrackedVehicle } from '../live/test-support';
import type { TrackedVehicle } from '../live/test-support';
import { backfillDemoTrips } from '../telemetry/simulator/backfill';
import { insertPositionFixes } from './position-fixes';
import { replayFixesPage, replayTrips } from './replay-queries';
import { replaySettingsFromEnv } from './routes';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
let demoVehicleId: number;

beforeAll(async () => {
  app = await build({ seed: true });
  Object.assign(tokens, await demoTokens(app));
  const first = await app.db
    .selectFrom('vehicles')
    .innerJoin('devices', 'devices.vehicleId', 'vehicles.id')
    .select('vehicles.id')
    .orderBy('vehicles.id')
    .executeTakeFirstOrThrow();
  demoVehicleId = first.id;
});

afterAll(async () => {
  await app.close();
});

function get(url: string, query: Record<string, string>, role = 'Admin') {
  return app.inject({ method: 'GET', url, query, headers: { authorization: `Bearer ${tokens[role]}` } });
}

describe('the demo fleet at start-up', () => {
  it("has yesterday's trips and stops for a demo vehicle, with lock and unlock entries", async () => {
    const response = await get(
      `/Vehicles/${demoVehicleId}/Replay/Trips`,
      replayPeriod('yesterday', new Date()),
    );

    expect(response.statusCode).toBe(200);
    const answer = response.json<ReplayTrips>();
    expect(answer.trips.length).toBeGreaterThanOrEqual(2);
    expect(answer.stops.length).toBeGreaterThanOrEqual(2);
    for (const trip of answer.trips) {
      expect(trip.distanceMetres).toBeGreaterThan(1000);
      expect(trip.durationSeconds).toBeGreaterThan(60);
    }
    expect(answer.events.map((event) => event.isLocked)).toEqual(expect.arrayContaining([true, false]));
    expect(answer).toMatchObject({ stopRadiusMetres: 100, stopMinimumSeconds: 300 });
  });

  it('has tamper alerts during the last 7 days', async () => {
    const rows = await app.db
      .selectFrom('vehicleHistory')
      .select('id')
      .where('type', '=', HISTORY_TYPE.tamperAlert)
      .where('dateTime', '>=', replayPeriod('last7Days', new Date()).from)
      .execute();
    expect(rows.length).toBeGreaterThan(0);
  });

  it('keeps every vehicle in the status it was seeded with', async () => {
    const start = replayPeriod('last7Days', new Date()).from;
    const newest = await app.db
      .selectFrom('vehicleHistory')
      .select(['vehicleId', 'type', 'isLocked', 'tamperCancelled', 'dateTime', 'id'])
      .orderBy('id', 'desc')
      .execute();
    const latest = new Map<number, (typeof newest)[number]>();
    const latestSeeded = new Map<number, (typeof newest)[number]>();
    for (const row of newest) {
      if (!latest.has(row.vehicleId)) latest.set(row.vehicleId, row);
      if (row.dateTime < start && !latestSeeded.has(row.vehicleId)) latestSeeded.set(row.vehicleId, row);
    }
    for (const [vehicleId, seeded] of latestSeeded) {
      const now = latest.get(vehicleId)!;
      if (seeded.type === HISTORY_TYPE.lockState) {
        const vehicle = await app.db
          .selectFrom('vehicles')
          .select('isLocked')
          .where('id', '=', vehicleId)
          .executeTakeFirstOrThrow();
        expect(now.isLocked, `vehicle ${vehicleId}`).toBe(vehicle.isLocked);
      } else {
        expect([now.type, now.tamperCancelled], `vehicle ${vehicleId}`).toEqual([
          seeded.type,
          seeded.tamperCancelled,
        ]);
      }
    }
  });

  it('adds nothing when it runs again', async () => {
    const count = async () =>
      (
        await app.db
          .selectFrom('positionFixes')
          .select(app.db.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = Number(await count());

    const report = await backfillDemoTrips(app.db);

    expect(report).toEqual({ vehicles: 0, fixes: 0, historyEntries: 0 });
    expect(Number(await count())).toBe(before);
  });
});

describe('given a vehicle reporting every 10 s for a week (about 60,000 fixes)', () => {
  let vehicle: TrackedVehicle;
  const from = '2026-03-01T22:00:00.000Z';
  const to = '2026-03-08T22:00:00.000Z';
  // The week's answer in one call, read once: the tests below compare other reads with it.
  let wholeStatus: number;
  let whole: ReplayFixPage;

  beforeAll(async () => {
    vehicle = await addTrackedVehicle(app);
    const rows = [];
    const start = Date.parse(from);
    for (let i = 0; i < 7 * 8640; i += 1) {
      // Up and down a 5 km straight road in 30-minute legs, a right-angle turn at each end.
      const leg = Math.floor(i / 180);
      const share = (i % 180) / 180;
      const along = leg % 2 === 0 ? share : 1 - share;
      rows.push({
        vehicleId: vehicle.vehicleId,
        at: new Date(start + i * 10_000).toISOString(),
        latitudeDegrees: -26.2 + along * 0.045,
        longitudeDegrees: 28.03 + (leg % 4 < 2 ? 0 : 0.01),
      });
    }
    await insertPositionFixes(app.db, rows);
    const response = await get(`/Vehicles/${vehicle.vehicleId}/Replay/Fixes`, { from, to });
    wholeStatus = response.statusCode;
    whole = response.json<ReplayFixPage>();
  });

  it('answers at most 3000 thinned fixes, oldest first, with their speeds', () => {
    expect(wholeStatus).toBe(200);
    const page = whole;
    expect(page).toMatchObject({ recordedCount: 60_480, thinned: true, pageIndex: 0, pageSize: 5000 });
    expect(page.totalCount).toBeLessThanOrEqual(3000);
    expect(page.items).toHaveLength(page.totalCount);
    expect(page.items[0]!.at).toBe(from);
    const times = page.items.map((fix) => fix.at);
    expect(times).toEqual([...times].sort());
    // 5 km in 30 minutes is 10 km/h.
    expect(page.items[5]!.speedKmh).toBeCloseTo(10, 0);
  });

  it('pages the same thinned fixes', async () => {
    const pages = [];
    for (let pageIndex = 0; pageIndex * 1000 < whole.totalCount; pageIndex += 1) {
      const page = await get(`/Vehicles/${vehicle.vehicleId}/Replay/Fixes`, {
        from,
        to,
        $pagesize: '1000',
        $pageindex: String(pageIndex),
      });
      pages.push(...page.json<ReplayFixPage>().items);
    }
    expect(pages).toEqual(whole.items);
  });

  it('thins the week to the same fixes read in pages of any size', async () => {
    const paged = { ...replaySettingsFromEnv({}), pageFixes: 997 };

    expect(await replayFixesPage(app.db, vehicle.vehicleId, { from, to }, paged)).toEqual(whole);
  });

  it('answers every fix of a short period', async () => {
    const page = (
      await get(`/Vehicles/${vehicle.vehicleId}/Replay/Fixes`, { from, to: '2026-03-02T00:00:00Z' })
    ).json<ReplayFixPage>();
    expect(page).toMatchObject({ recordedCount: 720, totalCount: 720, thinned: false });
  });

  it('finds no stops on the moving legs and one trip per day', async () => {
    const response = await get(`/Vehicles/${vehicle.vehicleId}/Replay/Trips`, {
      from,
      to: '2026-03-02T22:00:00Z',
    });
    const answer = response.json<ReplayTrips>();
    expect(answer.stops).toEqual([]);
    expect(answer.trips).toHaveLength(1);
    expect(answer.trips[0]!.distanceMetres).toBeGreaterThan(48 * 4_900);
  });
});

describe('given the same vehicle, read a page of a few hundred fixes at a time', () => {
  let vehicle: TrackedVehicle;
  const from = '2026-04-01T22:00:00.000Z';
  const to = '2026-04-02T22:00:00.000Z';
  const settings = replaySettingsFromEnv({});
  const paged = { ...settings, pageFixes: 250 };

  beforeAll(async () => {
    vehicle = await addTrackedVehicle(app);
    const rows = [];
    const start = Date.parse(from);
    // A day every 20 s (4,320 fixes): out and back on a 5 km road in 20-minute legs, parked
    // for 15 minutes at each end.
    for (let i = 0; i < 4320; i += 1) {
      const minute = (i / 3) % 70;
      const along = minute < 20 ? minute / 20 : minute < 35 ? 1 : minute < 55 ? 1 - (minute - 35) / 20 : 0;
      rows.push({
        vehicleId: vehicle.vehicleId,
        at: new Date(start + i * 20_000).toISOString(),
        latitudeDegrees: -26.2 + along * 0.045,
        longitudeDegrees: 28.03 + (minute < 35 ? 0.001 : 0),
      });
    }
    await insertPositionFixes(app.db, rows);
  });

  it('answers the same thinned fixes and the same trips and stops as in one read', async () => {
    const period = { from, to };

    const fixes = await replayFixesPage(app.db, vehicle.vehicleId, period, paged);
    const trips = await replayTrips(app.db, vehicle.vehicleId, period, paged);

    const whole = (await get(`/Vehicles/${vehicle.vehicleId}/Replay/Fixes`, period)).json<ReplayFixPage>();
    expect(fixes).toEqual(whole);
    expect(fixes).toMatchObject({ recordedCount: 4320, thinned: true });
    expect(trips).toEqual((await get(`/Vehicles/${vehicle.vehicleId}/Replay/Trips`, period)).json());
    expect(trips.stops.length).toBeGreaterThan(30);
    expect(trips.trips.length).toBeGreaterThan(30);
  });

  it('refuses a period holding more fixes than a replay covers, naming the period', async () => {
    const capped = { ...paged, maxFixes: 4000 };

    const refusals = await Promise.allSettled([
      replayFixesPage(app.db, vehicle.vehicleId, { from, to }, capped),
      replayTrips(app.db, vehicle.vehicleId, { from, to }, capped),
    ]);

    for (const refusal of refusals) {
      expect(refusal).toMatchObject({
        status: 'rejected',
        reason: {
          code: 'validation',
          errors: { Period: ['A replay covers at most 4,000 fixes: choose a shorter period'] },
        },
      });
    }
    const shorter = await replayFixesPage(
      app.db,
      vehicle.vehicleId,
      { from, to: '2026-04-02T12:00:00.000Z' },
      capped,
    );
    expect(shorter.recordedCount).toBe(2520);
  });

  it('lets /health answer while the replay is read and thinned', async () => {
    const finished: string[] = [];
    const replay = replayFixesPage(app.db, vehicle.vehicleId, { from, to }, paged).then(() =>
      finished.push('replay'),
    );
    const health = app.inject({ method: 'GET', url: '/health' }).then((response) => {
      expect(response.statusCode).toBe(200);
      finished.push('health');
    });

    await Promise.all([replay, health]);

    expect(finished).toEqual(['health', 'replay']);
  });
});

describe('given a fix reported by the device', () => {
  it('keeps it for replay, a late one and a repeated one too', async () => {
    const vehicle = await addTrackedVehicle(app);
    const send = (timestamp: string, latitudeDegrees: number) =>
      app.inject({
        method: 'POST',
        url: `/Devices/${encodeURIComponent(vehicle.serialNumber)}/Telemetry`,
        headers: { 'content-type': 'application/json', authorization: `Device ${vehicle.deviceKey}` },
        payload: JSON.stringify({ timestamp, latitudeDegrees, longitudeDegrees: 28.05 }),
      });
    const now = Date.now();
    const at = (secondsAgo: number) => new Date(now - secondsAgo * 1000).toISOString();
    expect((await send(at(20), -26.1)).statusCode).toBe(200);
    expect((await send(at(40), -26.2)).statusCode).toBe(200); // sent late
    expect((await send(at(20), -26.1)).statusCode).toBe(200); // sent twice

    const page = (
      await get(`/Vehicles/${vehicle.vehicleId}/Replay/Fixes`, { from: at(60), to: at(0) })
    ).json<ReplayFixPage>();
    expect(page.items.map((fix) => [fix.at, fix.latitudeDegrees])).toEqual([
      [at(40), -26.2],
      [at(20), -26.1],
    ]);
  });
});

describe('who may replay', () => {
  it('answers 404 to a Company-Admin for a vehicle outside their companies', async () => {
    const response = await get(
      `/Vehicles/${demoVehicleId}/Replay/Trips`,
      replayPeriod('today', new Date()),
      'Company-Admin',
    );
    const visible = await app.db
      .selectFrom('companyUsers as admins')
      .innerJoin('companyUsers as holders', 'holders.companyId', 'admins.companyId')
      .innerJoin('vehicles', 'vehicles.userId', 'holders.userId')
      .innerJoin('users', 'users.id', 'admins.userId')
      .select('vehicles.id')
      .where('users.email', '=', 'company.admin@sentinel.demo')
      .where('vehicles.id', '=', demoVehicleId)
      .executeTakeFirst();
    expect(response.statusCode).toBe(visible === undefined ? 404 : 200);
  });

  it('refuses an Account-Holder', async () => {
    const response = await get(
      `/Vehicles/${demoVehicleId}/Replay/Fixes`,
      replayPeriod('today', new Date()),
      'Account-Holder',
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('given a period the replay cannot cover', () => {
  it.each([
    [
      'longer than 31 days',
      { from: '2026-01-01T00:00:00Z', to: '2026-02-05T00:00:00Z' },
      'A replay covers at most 31 days',
    ],
    [
      'ending before it starts',
      { from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' },
      'To must be after from',
    ],
    [
      'not a date',
      { from: 'yesterday', to: '2026-01-01T00:00:00Z' },
      'From and to must be ISO 8601 dates and times',
    ],
  ])('answers 400 for a period %s', async (_case, period, message) => {
    const response = await get(`/Vehicles/${demoVehicleId}/Replay/Trips`, period);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { Period: [message] } });
  });
});

describe('given a page index past the bound of every paged call', () => {
  it('answers 400 naming $pageindex before any query', async () => {
    const period = { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' };
    const response = await get(`/Vehicles/${demoVehicleId}/Replay/Fixes`, {
      ...period,
      $pageindex: String(MAX_PAGE_INDEX + 1),
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['$pageindex']);
    const last = await get(`/Vehicles/${demoVehicleId}/Replay/Fixes`, {
      ...period,
      $pageindex: String(MAX_PAGE_INDEX),
    });
    expect(last.statusCode).toBe(200);
  });
});
