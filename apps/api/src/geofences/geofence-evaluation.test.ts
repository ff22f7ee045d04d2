/*
 * Geofences judged at ingestion, on both engines: device reports through the real telemetry route
 * against geofences made through the real routes, each test with a vehicle and a geofence of its
 * own. Enter, Exit and Dwell rules open or join one GeofenceBreach alarm at the rule's priority,
 * naming the geofence in its timeline; a report sent twice or late is judged on nothing; a
 * schedule holds its rule to its hours; a geofence made or removed after reports were judged is
 * seen at the next report; a vehicle's presence outlives a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Geofence, GeofenceInput, GeoPoint } from '@sentinel/domain';
import { build } from '../app';
import { addTrackedVehicle } from '../live/test-support';
import type { TrackedVehicle } from '../live/test-support';
import { userIdByEmail } from '../db/seed/users';
import { insertGeofence } from './geofence-queries';
import { restartDatabase } from '../test-support/restart-database';

let app: FastifyInstance;
/** The demo Admin's access token (signed here: a sign-in's password check is not what is tested). */
let adminToken: string;

beforeAll(async () => {
  // The holder's messages stay queued: the tests count the 'alarm' events a report causes.
  app = await build({ seed: true, notifications: { sending: false } });
  const adminId = await userIdByEmail(app.db, 'admin@sentinel.demo');
  adminToken = await app.accessTokens.sign({ userId: adminId!, role: 'Admin' });
});

afterAll(async () => {
  await app.close();
});

/** Each test's geofence stands in a place of its own, a degree of longitude from the others. */
let places = 0;
function newPlace(): GeoPoint {
  places += 1;
  return { latitudeDegrees: -30, longitudeDegrees: 20 + places };
}
/** `metres` north of a place. */
const north = (place: GeoPoint, metres: number): GeoPoint => ({
  latitudeDegrees: place.latitudeDegrees + metres / 111_195,
  longitudeDegrees: place.longitudeDegrees,
});

type Rule = GeofenceInput['rules'][number];
const rule = (trigger: Rule['trigger'], priority: Rule['priority'], more: Partial<Rule> = {}): Rule => ({
  trigger,
  dwellMinutes: null,
  schedule: null,
  priority,
  ...more,
});

function circleOn(vehicle: TrackedVehicle, centre: GeoPoint, name: string, rules: Rule[]): GeofenceInput {
  return {
    name,
    shape: { type: 'Circle', centre, radiusMetres: 300 },
    scope: { kind: 'Vehicle', id: vehicle.vehicleId },
    rules,
  };
}

async function addGeofence(input: GeofenceInput): Promise<Geofence> {
  const response = await app.inject({
    method: 'POST',
    url: '/Geofences',
    headers: { authorization: `Bearer ${adminToken}` },
    payload: input,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Geofence>();
}

/** A device report with a position, through the real telemetry route, stored before it answers. */
async function report(api: FastifyInstance, vehicle: TrackedVehicle, at: number, place: GeoPoint) {
  const response = await api.inject({
    method: 'POST',
    url: `/Devices/${encodeURIComponent(vehicle.serialNumber)}/Telemetry`,
    headers: { authorization: `Device ${vehicle.deviceKey}` },
    payload: { timestamp: new Date(at).toISOString(), ...place },
  });
  expect(response.statusCode, response.body).toBe(200);
}

function alarmsOf(api: FastifyInstance, vehicleId: number) {
  return api.db
    .selectFrom('alarms')
    .select(['id', 'kind', 'priority', 'eventCount'])
    .where('vehicleId', '=', vehicleId)
    .orderBy('id')
    .execute();
}

async function timeline(api: FastifyInstance, vehicleId: number) {
  const rows = await api.db
    .selectFrom('alarmEvents')
    .innerJoin('alarms', 'alarms.id', 'alarmEvents.alarmId')
    .select(['alarmEvents.type', 'alarmEvents.text'])
    .where('alarms.vehicleId', '=', vehicleId)
    // The holder's messages have lines of their own (notifications/outbox.test.ts).
    .where('alarmEvents.type', '<>', 'Message')
    .orderBy('alarmEvents.id')
    .execute();
  return rows.map((row) => `${row.type}: ${row.text}`);
}

async function presenceOf(api: FastifyInstance, vehicleId: number) {
  const row = await api.db
    .selectFrom('vehicles')
    .select('geofencePresence')
    .where('id', '=', vehicleId)
    .executeTakeFirstOrThrow();
  return row.geofencePresence === null ? null : (JSON.parse(row.geofencePresence) as object);
}

const MINUTE = 60_000;
/** HH:MM in Johannesburg (UTC+2 all year) of a moment. */
const johannesburg = (moment: number) => new Date(moment + 2 * 3_600_000).toISOString().slice(11, 16);
const EVERY_DAY = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

describe('a vehicle entering and leaving a circle', () => {
  it('opens one GeofenceBreach alarm at the rule priority naming the geofence, once for a report sent twice, nothing for a late one, and joins it on leaving', async () => {
    const vehicle = await addTrackedVehicle(app);
    const centre = newPlace();
    await addGeofence(circleOn(vehicle, centre, 'Hillbrow high-risk', [rule('Enter', 1), rule('Exit', 3)]));
    const heard: number[] = [];
    const listener = (event: { vehicleId: number }) => heard.push(event.vehicleId);
    app.vehicleEvents.on('alarm', listener);
    const start = Date.now() - 60 * MINUTE;

    await report(app, vehicle, start, north(centre, 2_000));
    expect(await alarmsOf(app, vehicle.vehicleId)).toEqual([]);

    await report(app, vehicle, start + 2 * MINUTE, north(centre, 100));
    await report(app, vehicle, start + 2 * MINUTE, north(centre, 100));
    const [opened] = await alarmsOf(app, vehicle.vehicleId);
    expect(opened).toMatchObject({ kind: 'GeofenceBreach', priority: 1, eventCount: 1 });
    expect(await timeline(app, vehicle.vehicleId)).toEqual([
      'Opened: Entered Hillbrow high-risk (rule: on entering)',
    ]);
    expect(heard).toEqual([vehicle.vehicleId]);

    await report(app, vehicle, start + 5 * MINUTE, north(centre, 2_000));
    // Sent late from inside (before the newest fix): no enter, no exit.
    await report(app, vehicle, start + 4 * MINUTE, north(centre, 50));
    expect(await alarmsOf(app, vehicle.vehicleId)).toEqual([
      { id: opened!.id, kind: 'GeofenceBreach', priority: 1, eventCount: 2 },
    ]);
    expect(await timeline(app, vehicle.vehicleId)).toEqual([
      'Opened: Entered Hillbrow high-risk (rule: on entering)',
      'Repeated: Left Hillbrow high-risk (rule: on leaving)',
    ]);
    expect(await presenceOf(app, vehicle.vehicleId)).toBeNull();
    app.vehicleEvents.off('alarm', listener);
  });

  it('names an exit within seconds of the entry in the timeline too', async () => {
    const vehicle = await addTrackedVehicle(app);
    const centre = newPlace();
    await addGeofence(circleOn(vehicle, centre, 'Loading zone', [rule('Enter', 2), rule('Exit', 2)]));
    const start = Date.now() - 10 * MINUTE;
    await report(app, vehicle, start, north(centre, 2_000));
    await report(app, vehicle, start + 10_000, centre);
    await report(app, vehicle, start + 20_000, north(centre, 2_000));
    expect(await timeline(app, vehicle.vehicleId)).toEqual([
      'Opened: Entered Loading zone (rule: on entering)',
      'Repeated: Left Loading zone (rule: on leaving)',
    ]);
  });

  it('opens none for another vehicle, outside the scope, taking the same road', async () => {
    const watched = await addTrackedVehicle(app);
    const passer = await addTrackedVehicle(app);
    const centre = newPlace();
    await addGeofence(circleOn(watched, centre, 'Depot', [rule('Enter', 2)]));
    await report(app, passer, Date.now() - 10 * MINUTE, north(centre, 2_000));
    await report(app, passer, Date.now() - 9 * MINUTE, centre);
    expect(await alarmsOf(app, passer.vehicleId)).toEqual([]);
    expect(await presenceOf(app, passer.vehicleId)).toBeNull();
  });
});

describe('a Dwell rule', () => {
  it('fires once per stay, when a report comes after the minutes, and again on the next stay', async () => {
    const vehicle = await addTrackedVehicle(app);
    const centre = newPlace();
    await addGeofence(circleOn(vehicle, centre, 'Loading bay', [rule('Dwell', 2, { dwellMinutes: 10 })]));
    const start = Date.now() - 120 * MINUTE;
    const counts = async () => (await alarmsOf(app, vehicle.vehicleId)).map((alarm) => alarm.eventCount);

    await report(app, vehicle, start, centre);
    await report(app, vehicle, start + 5 * MINUTE, centre);
    expect(await counts()).toEqual([]);
    await report(app, vehicle, start + 11 * MINUTE, north(centre, 20));
    await report(app, vehicle, start + 20 * MINUTE, centre);
    expect(await counts()).toEqual([1]);

    await report(app, vehicle, start + 30 * MINUTE, north(centre, 5_000));
    await report(app, vehicle, start + 40 * MINUTE, centre);
    await report(app, vehicle, start + 55 * MINUTE, centre);
    expect(await counts()).toEqual([2]);
    expect(await timeline(app, vehicle.vehicleId)).toEqual([
      'Opened: Stayed in Loading bay longer than 10 minutes (rule: on staying longer than 10 minutes)',
      'Repeated: Stayed in Loading bay longer than 10 minutes (rule: on staying longer than 10 minutes)',
    ]);
  });
});

describe('a rule with a schedule', () => {
  it('raises nothing outside its hours, and does inside them', async () => {
    const vehicle = await addTrackedVehicle(app);
    const centre = newPlace();
    const at = Date.now() - 30 * MINUTE;
    const later = (moment: number, hours: number) => johannesburg(moment + hours * 3_600_000);
    await addGeofence(
      circleOn(vehicle, centre, 'Border post', [
        rule('Enter', 2, { schedule: { days: [...EVERY_DAY], from: later(at, 2), to: later(at, 3) } }),
        rule('Exit', 3, { schedule: { days: [...EVERY_DAY], from: later(at, -1), to: later(at, 1) } }),
      ]),
    );
    await report(app, vehicle, at, north(centre, 2_000));
    await report(app, vehicle, at + MINUTE, centre);
    expect(await alarmsOf(app, vehicle.vehicleId)).toEqual([]);
    expect(await presenceOf(app, vehicle.vehicleId)).toEqual({
      [String(
        (
          await app.db
            .selectFrom('geofences')
            .select('id')
            .where('name', '=', 'Border post')
            .executeTakeFirstOrThrow()
        ).id,
      )]: {
        since: new Date(at + MINUTE).toISOString(),
      },
    });
    await report(app, vehicle, at + 2 * MINUTE, north(centre, 2_000));
    expect(await timeline(app, vehicle.vehicleId)).toEqual([
      expect.stringMatching(/^Opened: Left Border post \(rule: on leaving, every day \d\d:\d\d–\d\d:\d\d\)$/),
    ]);
  });
});

describe('a change of the geofences', () => {
  it('is seen at the next report: a polygon added after reports were judged, a company scope, a removal that forgets without an exit', async () => {
    const companyId = (
      await app.db
        .insertInto('companies')
        .values({ name: 'Geofence Test Fleet', createdOnDateTime: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const vehicle = await addTrackedVehicle(app, { companyId });
    const centre = newPlace();
    const start = Date.now() - 60 * MINUTE;
    await report(app, vehicle, start, centre);
    expect(await presenceOf(app, vehicle.vehicleId)).toBeNull();

    const square = (half: number) =>
      [
        [-half, -half],
        [-half, half],
        [half, half],
        [half, -half],
      ].map(([dy, dx]) => ({
        latitudeDegrees: centre.latitudeDegrees + dy! / 111_195,
        longitudeDegrees: centre.longitudeDegrees + dx! / 96_000,
      }));
    const zone = await addGeofence({
      name: 'Yard',
      shape: { type: 'Polygon', points: square(500) },
      scope: { kind: 'Company', id: companyId },
      rules: [rule('Enter', 3), rule('Exit', 1)],
    });
    await report(app, vehicle, start + MINUTE, north(centre, 100));
    expect(await alarmsOf(app, vehicle.vehicleId)).toMatchObject([{ priority: 3, eventCount: 1 }]);
    expect(Object.keys((await presenceOf(app, vehicle.vehicleId))!)).toEqual([String(zone.id)]);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/Geofences/${zone.id}`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(removed.statusCode).toBe(204);
    await report(app, vehicle, start + 5 * MINUTE, north(centre, 5_000));
    expect(await alarmsOf(app, vehicle.vehicleId)).toMatchObject([{ priority: 3, eventCount: 1 }]);
    expect(await presenceOf(app, vehicle.vehicleId)).toBeNull();
  });
});

describe('after a restart', () => {
  const database = restartDatabase('geofences');

  it('a vehicle inside a geofence is still inside it for a new api on the same database: leaving opens the Exit alarm', async () => {
    const centre = newPlace();
    const first = await build(database);
    let vehicle: TrackedVehicle;
    try {
      vehicle = await addTrackedVehicle(first);
      await insertGeofence(
        first.db,
        circleOn(vehicle, centre, 'Night depot', [rule('Exit', 2)]),
        vehicle.ownerId,
      );
      await report(first, vehicle, Date.now() - 10 * MINUTE, centre);
      expect(await alarmsOf(first, vehicle.vehicleId)).toEqual([]);
    } finally {
      await first.close();
    }

    const second = await build(database);
    try {
      await report(second, vehicle, Date.now() - 5 * MINUTE, north(centre, 3_000));
      expect(await timeline(second, vehicle.vehicleId)).toEqual([
        'Opened: Left Night depot (rule: on leaving)',
      ]);
    } finally {
      await second.close();
    }
  });
});
