import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { HISTORY_TIME_ZONE } from '@sentinel/domain';
import { build, recordTamper } from '../index';
import { demoTokens } from '../test-support/demo-tokens';
import { HISTORY_CSV_COLUMNS, historyCsv } from './history-csv';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
let vehicleId: number;

beforeAll(async () => {
  app = await build({ seed: true });
  Object.assign(tokens, await demoTokens(app));
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
  isLocked: boolean | null;
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
        // A lock or unlock entry says which command it answered (null on other entries).
        'lockCommandType',
        'lockCommandStatus',
        'lockCommandRequestedDateTime',
        'lockCommandReason',
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

  it("keeps the spec's columns first and adds the lock command's asker, time and outcome after them", async () => {
    expect(HISTORY_CSV_COLUMNS).toEqual([
      'Date (SAST)',
      'Type',
      'Locked',
      'Changed by',
      'Changed from dashboard',
      'Tamper cancelled',
      'Cancelled by',
      'Car battery',
      'GPS',
      'Aura status',
      'Aura raised by',
      'Capital Air status',
      'Capital Air raised by',
      'Latitude',
      'Longitude',
      'Command',
      'Command asked by',
      'Command asked at (SAST)',
      'Command outcome',
      'Command outcome reason',
    ]);
    const fitted = await app.db
      .selectFrom('devices')
      .select(['id', 'vehicleId'])
      .where('vehicleId', 'is not', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const device = { id: fitted.id, vehicleId: fitted.vehicleId };
    const userId = async (email: string) =>
      (await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    const agentId = await userId('agent@sentinel.demo');
    const adminId = await userId('admin@sentinel.demo');
    const vehicle = fitted.vehicleId!;

    // Now: after every entry of the seeded week (the demo owner's morning unlock may be seconds
    // old), and before the commands' entries, which are written after it.
    await app.db
      .insertInto('vehicleHistory')
      .values({ vehicleId: vehicle, dateTime: new Date().toISOString(), type: 'TamperAlert' })
      .execute();
    // The agent asks for a lock; the admin asks for an unlock before the device fetched it, which
    // replaces the lock; the device then refuses the unlock.
    const lock = await app.commands.request({
      vehicleId: vehicle,
      deviceId: device.id,
      type: 'Lock',
      requestedByUserId: agentId,
    });
    const unlock = await app.commands.request({
      vehicleId: vehicle,
      deviceId: device.id,
      type: 'Unlock',
      requestedByUserId: adminId,
    });
    expect((await app.commands.claim(device)).map((command) => command.id)).toEqual([unlock.id]);
    await app.commands.acknowledge(device, unlock.id, {
      status: 'Failed',
      locked: true,
      reason: 'Door ajar',
    });

    const response = await get(`/Vehicles/${vehicle}/History/Csv`);

    const rows = parse(response.body) as string[][];
    const sast = (iso: string) =>
      new Intl.DateTimeFormat('sv-SE', {
        timeZone: HISTORY_TIME_ZONE,
        dateStyle: 'short',
        timeStyle: 'short',
      }).format(new Date(iso));
    // Newest first: the refused unlock, then the replaced lock.
    expect(rows[1]!.slice(15)).toEqual([
      'Unlock',
      'Ayanda Dlamini',
      sast(unlock.requestedDateTime),
      'Failed',
      'Door ajar',
    ]);
    expect(rows[1]!.slice(1, 5)).toEqual(['Lock state', 'Yes', 'Ayanda Dlamini', 'Yes']);
    // The lock's entry was written when the admin replaced it; the command still names the agent who asked.
    expect(rows[2]!.slice(15)).toEqual([
      'Lock',
      'Pieter van Wyk',
      sast(lock.requestedDateTime),
      'Cancelled',
      'Replaced by a newer command',
    ]);
    expect(rows[2]![3]).toBe('Ayanda Dlamini');
    // An entry no command ended (the tamper alert written first) leaves the command's columns empty.
    expect(rows[3]!.slice(1, 3)).toEqual(['Tamper alert', '']);
    expect(rows[3]!.slice(15)).toEqual(['', '', '', '', '']);
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

describe('given a vehicle with a longer history than one page can hold', () => {
  const ENTRIES = 1_234;
  let longId: number;

  beforeAll(async () => {
    const owner = await app.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
    ({ id: longId } = await app.db
      .insertInto('vehicles')
      .values({
        userId: owner.id,
        registrationNumber: 'LONG 1',
        make: 'Toyota',
        model: 'Hilux',
        makeVariant: 'Toyota Hilux',
        registrationYear: '2019',
        vehicleColour: 'White',
        createdOnDateTime: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow());
    // One entry a minute, every fifth sharing its time with the one before, so ties on dateTime
    // must be broken by id for pages and chunks to neither repeat nor skip an entry.
    const start = Date.parse('2024-01-01T00:00:00.000Z');
    const rows = Array.from({ length: ENTRIES }, (_, index) => ({
      vehicleId: longId,
      dateTime: new Date(start + (index - (index % 5 === 4 ? 1 : 0)) * 60_000).toISOString(),
      type: 'LockState',
      isLocked: index % 2 === 0 ? (0 as const) : (1 as const),
    }));
    for (let first = 0; first < rows.length; first += 200) {
      await app.db
        .insertInto('vehicleHistory')
        .values(rows.slice(first, first + 200))
        .execute();
    }
  });

  it('pages through every entry, newest first, with the total count', async () => {
    const seen: Entry[] = [];
    for (let pageIndex = 0; pageIndex < 3; pageIndex += 1) {
      const page = (
        await get(`/Vehicles/${longId}/History`, 'Admin', {
          $pagesize: '500',
          $pageindex: String(pageIndex),
        })
      ).json<{ items: Entry[]; totalCount: number; pageIndex: number; pageSize: number }>();
      expect(page).toMatchObject({ totalCount: ENTRIES, pageIndex, pageSize: 500 });
      seen.push(...page.items);
    }

    expect(seen).toHaveLength(ENTRIES);
    expect(new Set(seen.map((entry) => entry.id)).size).toBe(ENTRIES);
    const times = seen.map((entry) => entry.dateTime);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('answers the usual first page when no page is asked for, and refuses a page over the maximum', async () => {
    const page = (await get(`/Vehicles/${longId}/History`)).json<{ items: Entry[]; totalCount: number }>();
    expect(page.items).toHaveLength(50);
    expect(page.totalCount).toBe(ENTRIES);

    const tooBig = await get(`/Vehicles/${longId}/History`, 'Admin', { $pagesize: '501' });
    expect(tooBig.statusCode).toBe(400);
  });

  it('puts every entry in the CSV, in the order the pages list them', async () => {
    const paged: Entry[] = [];
    for (let pageIndex = 0; pageIndex < 3; pageIndex += 1) {
      const query = { $pagesize: '500', $pageindex: String(pageIndex) };
      paged.push(
        ...(await get(`/Vehicles/${longId}/History`, 'Admin', query)).json<{ items: Entry[] }>().items,
      );
    }

    const response = await get(`/Vehicles/${longId}/History/Csv`);

    expect(response.statusCode).toBe(200);
    const rows = parse(response.body) as string[][];
    expect(rows).toHaveLength(ENTRIES + 1);
    expect(rows.slice(1).map((row) => row[2])).toEqual(paged.map((entry) => (entry.isLocked ? 'Yes' : 'No')));
  });

  it('lets other callers have a turn between the CSV chunks', async () => {
    // Each turn of the event loop while the file is written: none when one caller holds it throughout.
    let turns = 0;
    let writing = true;
    const count = () => {
      if (!writing) return;
      turns += 1;
      setImmediate(count);
    };
    setImmediate(count);

    let lines = 0;
    for await (const chunk of historyCsv(app.db, longId, 10)) lines += chunk.split('\r\n').length - 1;
    writing = false;

    expect(lines).toBe(ENTRIES + 1);
    // 124 chunks of 10 entries: a turn after each but the last.
    expect(turns).toBeGreaterThanOrEqual(Math.ceil(ENTRIES / 10) - 1);
  });
});
