import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AuditEntry, Page, Vehicle } from '@sentinel/domain';
import { build, DEMO_SIGN_INS } from '../index';
import { recordAudit, SYSTEM_ACTOR } from '../audit/record-audit';
import { demoTokens } from '../test-support/demo-tokens';
import { RecentViews, recordView, VIEW_WINDOW_MS } from './record-view';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let vehicle: Vehicle;
let holderId: number;
let holderName: string;

function get(url: string, role = 'Admin', query: Record<string, string> = {}) {
  return app.inject({
    method: 'GET',
    url,
    query,
    headers: { authorization: `Bearer ${tokens[role]}`, 'user-agent': 'who-viewed-test' },
  });
}

async function read(url: string, role = 'Admin', query: Record<string, string> = {}) {
  const response = await get(url, role, query);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response;
}

async function auditEntries(filter: string): Promise<AuditEntry[]> {
  const response = await get('/AuditLog', 'Admin', { $filter: filter, $pagesize: '100' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<AuditEntry>>().items;
}

/** The holder's PersonalDataViewed entries by the role's demo user, oldest first. */
async function viewsBy(role: string): Promise<AuditEntry[]> {
  const entries = await auditEntries(
    `action eq 'PersonalDataViewed' and subjectUserId eq ${holderId} and userId eq ${ids[role]}`,
  );
  return entries.reverse();
}

const what = (entries: AuditEntry[]) => entries.map((entry) => entry.detail);

// Everything View account and a vehicle's history and replay screens ask of one holder.
const period = () => ({
  from: new Date(Date.now() - 2 * 86_400_000).toISOString(),
  to: new Date().toISOString(),
});
async function readEverything(role = 'Admin') {
  await read('/Users', role, { $filter: `role eq 'Account-Holder' and id eq ${holderId}` });
  await read('/Vehicles', role, { $filter: `userId eq ${holderId}` });
  await read(`/Users/${holderId}/EscalationContacts`, role);
  for (const $pageindex of ['0', '1']) {
    await read(`/Vehicles/${vehicle.id}/History`, role, { $pagesize: '2', $pageindex });
  }
  await read(`/Vehicles/${vehicle.id}/History/Csv`, role);
  await read(`/Vehicles/${vehicle.id}/Replay/Trips`, role, period());
  await read(`/Vehicles/${vehicle.id}/Replay/Fixes`, role, period());
}

beforeAll(async () => {
  app = await build({ seed: true });
  Object.assign(tokens, await demoTokens(app));
  for (const demo of DEMO_SIGN_INS) {
    const user = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', demo.email)
      .executeTakeFirstOrThrow();
    ids[demo.role] = user.id;
  }
  // A demo holder's vehicle that has drivers and history.
  const owned = await app.db
    .selectFrom('vehicles')
    .innerJoin('drivers', 'drivers.vehicleId', 'vehicles.id')
    .innerJoin('vehicleHistory', 'vehicleHistory.vehicleId', 'vehicles.id')
    .select(['vehicles.id', 'vehicles.userId'])
    .where('vehicles.userId', '<>', ids['Account-Holder']!)
    .limit(1)
    .executeTakeFirstOrThrow();
  holderId = owned.userId;
  const vehicles = await app.inject({
    method: 'GET',
    url: '/Vehicles',
    query: { $filter: `id eq ${owned.id}` },
    headers: { authorization: `Bearer ${tokens.Admin}` },
  });
  vehicle = vehicles.json<Page<Vehicle>>().items[0]!;
  holderName = `${vehicle.userFirstName} ${vehicle.userLastName}`;
});

afterAll(async () => {
  await app.close();
});

describe('given staff reading an account holder’s data', () => {
  it('records each read once: who, what, which vehicle and from where, with the holder as the person concerned', async () => {
    await readEverything();

    const views = await viewsBy('Admin');
    expect(what(views)).toEqual([
      { what: 'Account' },
      { what: 'Vehicles' },
      { what: 'EscalationContacts' },
      { what: 'VehicleHistory', vehicleId: vehicle.id },
      { what: 'VehicleHistoryCsv', vehicleId: vehicle.id },
      { what: 'TripReplay', vehicleId: vehicle.id },
    ]);
    expect(views[0]).toMatchObject({
      userEmail: 'admin@sentinel.demo',
      ipAddress: '127.0.0.1',
      userAgent: 'who-viewed-test',
      targetType: 'User',
      targetId: String(holderId),
      subjectUserId: holderId,
      subjectName: holderName,
    });
    expect(views[3]).toMatchObject({ targetType: 'Vehicle', targetId: String(vehicle.id) });
  });

  it('writes nothing more when the dashboard asks again within the window', async () => {
    const before = await viewsBy('Admin');
    await readEverything();
    expect(await viewsBy('Admin')).toEqual(before);
  });

  it('records another staff member’s reads as their own', async () => {
    const before = await viewsBy('Admin');
    await read('/Users', 'Technical-Agent', { $filter: `id eq ${holderId}` });
    await read(`/Vehicles/${vehicle.id}/History`, 'Technical-Agent');

    expect(what(await viewsBy('Technical-Agent'))).toEqual([
      { what: 'Account' },
      { what: 'VehicleHistory', vehicleId: vehicle.id },
    ]);
    expect(await viewsBy('Admin')).toEqual(before);
  });

  it('records no view for a list that names no one holder, nor for a staff member’s record', async () => {
    const all = `action eq 'PersonalDataViewed' and userId eq ${ids['Admin']}`;
    const before = await auditEntries(all);
    await read('/Users', 'Admin', { $filter: "role eq 'Account-Holder'" });
    await read('/Users', 'Admin', { $filter: `id eq ${holderId} or id eq ${ids['Account-Holder']}` });
    await read('/Users', 'Admin', { $filter: `id ge ${holderId}` });
    await read('/Users', 'Admin', { $filter: `id eq ${ids['Technical-Agent']}` });
    await read('/Vehicles', 'Admin', { $pagesize: '5' });
    expect(await auditEntries(all)).toEqual(before);
  });

  it('records nothing for a read the server refuses', async () => {
    const bad = await get('/Users', 'Company-Admin', { $filter: `id eq ${holderId} and nope eq 1` });
    const period = { from: '2026-03-02T00:00:00Z', to: '2026-03-01T00:00:00Z' };
    const backwards = await get(`/Vehicles/${vehicle.id}/Replay/Trips`, 'Company-Admin', period);
    const absent = await get(`/Vehicles/${vehicle.id + 100_000}/History`, 'Company-Admin');
    expect([bad.statusCode, backwards.statusCode, absent.statusCode]).toEqual([400, 400, 404]);
    expect(await viewsBy('Company-Admin')).toEqual([]);
  });
});

describe('given the de-duplication window', () => {
  const admin = () => ({ userId: ids['Admin']!, ipAddress: '10.0.0.2', userAgent: 'second instance' });

  it('finds, on an instance that did not write it, the entry another one wrote', async () => {
    const before = await viewsBy('Admin');
    await recordView(
      app.db,
      admin(),
      { subjectUserId: holderId, what: 'Account' },
      { recent: new RecentViews() },
    );
    expect(await viewsBy('Admin')).toEqual(before);
  });

  it('records the same read again once the window has passed', async () => {
    const before = await viewsBy('Admin');
    const later = Date.now() + VIEW_WINDOW_MS + 1_000;
    await recordView(app.db, admin(), { subjectUserId: holderId, what: 'Account' }, { now: later });
    await recordView(app.db, admin(), { subjectUserId: holderId, what: 'Account' }, { now: later + 1_000 });
    const after = await viewsBy('Admin');
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ detail: { what: 'Account' }, userAgent: 'second instance' });
  });

  it('records nothing when holders read their own data', async () => {
    const own = { userId: holderId, ipAddress: null, userAgent: null };
    await recordView(app.db, own, { subjectUserId: holderId, what: 'Account' });
    expect(await auditEntries(`subjectUserId eq ${holderId} and userId eq ${holderId}`)).toEqual([]);
  });
});

describe('given changes to a holder, their driver or their vehicle', () => {
  it('names the holder as the person concerned, and no one for a staff member', async () => {
    const driver = vehicle.drivers[0]!;
    const edit = await app.inject({
      method: 'PUT',
      url: `/Drivers/${driver.id}`,
      headers: { authorization: `Bearer ${tokens.Admin}` },
      payload: { email: driver.email, phoneNumber: '0829990071' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await recordAudit(app.db, SYSTEM_ACTOR, {
      action: 'VehicleLocked',
      targetType: 'Vehicle',
      targetId: vehicle.id,
    });
    await recordAudit(app.db, SYSTEM_ACTOR, {
      action: 'SessionsEndedByAdmin',
      targetType: 'User',
      targetId: ids['Technical-Agent']!,
    });

    const [driverEdit] = await auditEntries(`action eq 'PhoneChanged' and targetId eq '${driver.id}'`);
    expect(driverEdit).toMatchObject({ targetType: 'Driver', subjectUserId: holderId });
    const [lock] = await auditEntries(`action eq 'VehicleLocked' and targetId eq '${vehicle.id}'`);
    expect(lock).toMatchObject({ subjectUserId: holderId, subjectName: holderName });
    const [staff] = await auditEntries(`action eq 'SessionsEndedByAdmin'`);
    expect(staff).toMatchObject({ subjectUserId: null, subjectName: null });
  });
});

describe('GET /AuditLog filtered by the person concerned', () => {
  it('answers the entries about that holder only', async () => {
    const entries = await auditEntries(`subjectUserId eq ${holderId}`);
    expect(entries.length).toBeGreaterThan(6);
    expect(new Set(entries.map((entry) => entry.subjectName))).toEqual(new Set([holderName]));
    expect(entries.map((entry) => entry.action)).toContain('PersonalDataViewed');
    expect(entries.map((entry) => entry.action)).toContain('PhoneChanged');

    const nobody = await auditEntries(`subjectUserId eq ${holderId + 100_000}`);
    expect(nobody).toEqual([]);
  });
});
