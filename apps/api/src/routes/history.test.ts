import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { build, DEMO_SIGN_INS, recordTamper } from '../index';
import { HISTORY_CSV_COLUMNS } from './history';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
let vehicleId: number;

beforeAll(async () => {
  app = await build({ seed: true });
  for (const demo of DEMO_SIGN_INS) {
    const response = await app.inject({
      method: 'POST',
      url: '/Auth/SignInByEmail',
      payload: { email: demo.email, password: demo.password },
    });
    tokens[demo.role] = response.json<{ accessToken: string }>().accessToken;
  }
  // The vehicle with the most history.
  const busiest = await app.db
    .selectFrom('vehicleHistory')
    .select(['vehicleId', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('vehicleId')
    .orderBy('count', 'desc')
    .executeTakeFirstOrThrow();
  vehicleId = busiest.vehicleId;
});

afterAll(async () => {
  await app.close();
});

function get(url: string, role = 'Admin', query: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, query, headers: { authorization: `Bearer ${tokens[role]}` } });
}

interface Entry {
  id: number;
  vehicleId: number;
  dateTime: string;
  type: string;
  tamperCancelled: boolean | null;
  tamperCancelledByUserFirstName: string | null;
}

describe('GET /Vehicles/{id}/History', () => {
  it('answers the entries newest first, with every field of a history entry', async () => {
    const response = await get(`/Vehicles/${vehicleId}/History`, 'Admin', { $orderby: 'dateTime desc' });

    expect(response.statusCode).toBe(200);
    const { items, totalCount } = response.json<{ items: Entry[]; totalCount: number }>();
    expect(items.length).toBeGreaterThan(3);
    expect(totalCount).toBe(items.length);
    const times = items.map((entry) => entry.dateTime);
    expect(times).toEqual([...times].sort().reverse());
    expect(Object.keys(items[0]!).sort()).toEqual(
      [
        'id',
        'vehicleId',
        'dateTime',
        'type',
        'isLocked',
        'isLockedByUserFirstName',
        'isLockedByUserLastName',
        'isLockedChangedByAdminUser',
        'tamperCancelled',
        'tamperCancelledByUserFirstName',
        'tamperCancelledByUserLastName',
        'tamperCarBatteryState',
        'tamperGpsState',
        'auraCalloutStatus',
        'auraCalloutCreatedByUserFirstName',
        'auraCalloutCreatedByUserLastName',
        'capitalAirIncidentStatus',
        'capitalAirIncidentCreatedByUserFirstName',
        'capitalAirIncidentCreatedByUserLastName',
        'lastKnownGpsLatitudeDegrees',
        'lastKnownGpsLongitudeDegrees',
      ].sort(),
    );
  });

  it('is newest first without an $orderby too, and oldest first when asked', async () => {
    const plain = (await get(`/Vehicles/${vehicleId}/History`)).json<{ items: Entry[] }>().items;
    const ascending = (
      await get(`/Vehicles/${vehicleId}/History`, 'Admin', { $orderby: 'dateTime asc' })
    ).json<{ items: Entry[] }>().items;

    expect(ascending.map((entry) => entry.id)).toEqual(plain.map((entry) => entry.id).reverse());
  });

  it('names the staff member who cancelled a tamper alert', async () => {
    const admin = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'admin@sentinel.demo')
      .executeTakeFirstOrThrow();
    await recordTamper(app.db, { vehicleId, active: true, carBatteryState: 'Low', gpsState: 'Jammed' });
    await recordTamper(app.db, { vehicleId, active: false, cancelledByUserId: admin.id });

    const [cancelled, raised] = (await get(`/Vehicles/${vehicleId}/History`)).json<{ items: Entry[] }>()
      .items;

    expect(cancelled).toMatchObject({
      type: 'TamperAlert',
      tamperCancelled: true,
      tamperCancelledByUserFirstName: 'Ayanda',
    });
    expect(raised).toMatchObject({
      type: 'TamperAlert',
      tamperCancelled: false,
      tamperCarBatteryState: 'Low',
      tamperGpsState: 'Jammed',
    });
  });

  it('answers an empty list for a vehicle without history', async () => {
    const quiet = await app.db
      .selectFrom('vehicles')
      .select('id')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('vehicleHistory')
              .select('id')
              .whereRef('vehicleHistory.vehicleId', '=', 'vehicles.id'),
          ),
        ),
      )
      .executeTakeFirstOrThrow();

    const response = await get(`/Vehicles/${quiet.id}/History`);

    expect(response.json()).toMatchObject({ items: [], totalCount: 0 });
  });

  it('answers 404 for an unknown vehicle or one outside a Company-Admin scope', async () => {
    expect((await get('/Vehicles/99999/History')).statusCode).toBe(404);
    const holder = await app.db
      .selectFrom('vehicles')
      .innerJoin('users', 'users.id', 'vehicles.userId')
      .select('vehicles.id')
      .where('users.email', '=', 'holder@sentinel.demo')
      .executeTakeFirstOrThrow();
    expect((await get(`/Vehicles/${holder.id}/History`, 'Company-Admin')).statusCode).toBe(404);
    expect((await get(`/Vehicles/${holder.id}/History/Csv`, 'Company-Admin')).statusCode).toBe(404);
  });

  it('refuses an Account-Holder', async () => {
    expect((await get(`/Vehicles/${vehicleId}/History`, 'Account-Holder')).statusCode).toBe(403);
  });
});

describe('GET /Vehicles/{id}/History/Csv', () => {
  it('downloads every entry newest first as an attachment named after the vehicle', async () => {
    const json = (await get(`/Vehicles/${vehicleId}/History`)).json<{ items: Entry[] }>().items;

    const response = await get(`/Vehicles/${vehicleId}/History/Csv`);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Vehicle-${vehicleId}-history.csv"`,
    );
    const rows = parse(response.body) as string[][];
    expect(rows[0]).toEqual([...HISTORY_CSV_COLUMNS]);
    expect(rows).toHaveLength(json.length + 1);
    // Rows end with CRLF, as RFC 4180 has it.
    expect(response.body.split('\r\n')[0]).toBe(HISTORY_CSV_COLUMNS.join(','));
    const types = {
      LockState: 'Lock state',
      TamperAlert: 'Tamper alert',
      AuraCallout: 'Aura callout',
      CapitalAirIncident: 'Capital Air incident',
    } as Record<string, string>;
    expect(rows.slice(1).map((row) => row[1])).toEqual(json.map((entry) => types[entry.type]));
    expect(rows[1]![0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('neutralises a cell that a spreadsheet would run as a formula, and quotes commas', async () => {
    const staff = await app.db
      .insertInto('users')
      .values({
        email: 'evil@example.co.za',
        firstName: '=HYPERLINK("http://x.example","click")',
        lastName: 'Smith, Jr',
        phoneNumber: '821234500',
        createdOnDateTime: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.db
      .insertInto('vehicleHistory')
      .values({
        vehicleId,
        dateTime: new Date().toISOString(),
        type: 'LockState',
        isLocked: 1,
        isLockedByUserId: staff.id,
        isLockedChangedByAdminUser: 1,
        tamperGpsState: '@SUM(A1:A2)',
      })
      .execute();

    const response = await get(`/Vehicles/${vehicleId}/History/Csv`);

    const rows = parse(response.body) as string[][];
    expect(rows[1]![3]).toBe(`'=HYPERLINK("http://x.example","click") Smith, Jr`);
    expect(rows[1]![8]).toBe("'@SUM(A1:A2)");
    // Negative coordinates stay numbers.
    expect(rows.slice(2).some((row) => row[13]!.startsWith('-'))).toBe(true);
  });

  it('answers a header row only for a vehicle without history', async () => {
    const quiet = await app.db
      .selectFrom('vehicles')
      .select('id')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('vehicleHistory')
              .select('id')
              .whereRef('vehicleHistory.vehicleId', '=', 'vehicles.id'),
          ),
        ),
      )
      .executeTakeFirstOrThrow();

    const response = await get(`/Vehicles/${quiet.id}/History/Csv`);

    expect(parse(response.body)).toEqual([[...HISTORY_CSV_COLUMNS]]);
  });
});
