/*
 * Erasing an account holder, end to end through the api: refused with the reason (and audited)
 * while their subscription runs or a legal hold is set, done once the subscription has ended; then
 * no text column of any table holds their name, addresses, numbers or their drivers' and contacts'
 * details, but the one HolderErased entry, and they cannot sign in.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { ERASURE_MESSAGES } from '@sentinel/domain';
import type { AuditEntry, Erasure, LegalHoldState, Page, SubscriptionPlan, User } from '@sentinel/domain';
import { build } from '../index';
import { hashPassword } from '../auth/passwords';
import { instant } from '../db/database';
import { withImportTables } from '../imports/import-tables';
import { queueAlarmMessages, queueContactMessages } from '../notifications/notification-queue';
import { demoTokens } from '../test-support/demo-tokens';
import { containsPattern } from './personal-text';
import { deletePositionFixes } from './fix-deletion';

const HOLDER = {
  FirstName: 'Qhawekazi',
  LastName: 'Vilakazi-Ndlovu',
  Email: 'qhawekazi.vn@example.co.za',
  PhoneNumber: '0729182736',
  IdNumber: 'QV7788123',
  IdNumberIsSouthAfrican: false,
};
const NEW_EMAIL = 'qhawekazi.new@example.co.za';
const NEW_PHONE = '0729182799';
const PASSWORD = 'Erase#Holder1';
const DRIVER = {
  FirstName: 'Lwazilubanzi',
  LastName: 'Mthembu-Okafor',
  Email: 'lwazi.mo@example.co.za',
  PhoneNumber: '0839182736',
  IdNumber: 'LM5566778',
  IdNumberIsSouthAfrican: false,
};
const CONTACT = { name: 'Themba Zwelethu', phoneNumber: '0849182736', email: 'themba.zw@example.co.za' };
const REGISTRATION = 'QV 77 ERA GP';
const VIN = 'QVERASE1234567890';
const NICKNAME = 'Qhawe’s runabout';

/** What must be nowhere after the erasure (compared without case). */
const DETAILS = [
  HOLDER.FirstName,
  HOLDER.LastName,
  HOLDER.Email,
  NEW_EMAIL,
  '729182736',
  '729182799',
  HOLDER.IdNumber,
  DRIVER.FirstName,
  DRIVER.LastName,
  DRIVER.Email,
  '839182736',
  DRIVER.IdNumber,
  CONTACT.name,
  '849182736',
  CONTACT.email,
  REGISTRATION,
  VIN,
  NICKNAME,
];

let app: FastifyInstance;
let tokens: Awaited<ReturnType<typeof demoTokens>>;
let holderId: number;
let holderToken: string;
let vehicleId: number;

function call(method: InjectOptions['method'], url: string, payload?: object, token = tokens.Admin) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function ok<T>(method: InjectOptions['method'], url: string, payload?: object): Promise<T> {
  const response = await call(method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json<T>();
}

async function holderAsListed(): Promise<User> {
  const page = await ok<Page<User>>('GET', `/Users?$filter=${encodeURIComponent(`id eq ${holderId}`)}`);
  return page.items[0]!;
}

async function signIn(email: string) {
  return app.inject({ method: 'POST', url: '/Auth/SignInByEmail', payload: { email, password: PASSWORD } });
}

/** A holder with everything a holder leaves behind: a vehicle, a driver, contacts, an alarm, fixes... */
async function holderWithAHistory(): Promise<void> {
  ({ id: holderId } = await ok<{ id: number }>('POST', '/Users/AccountHolder', HOLDER));
  await app.db
    .updateTable('users')
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where('id', '=', holderId)
    .execute();
  // A sign-in, a failed one, and their contact details changed (the old ones are in the audit log).
  expect((await signIn(HOLDER.Email)).statusCode).toBe(200);
  await app.inject({
    method: 'POST',
    url: '/Auth/SignInByEmail',
    payload: { email: HOLDER.Email, password: 'Wrong#Password1' },
  });
  await ok('PUT', `/Users/${holderId}`, { email: NEW_EMAIL, phoneNumber: NEW_PHONE });
  const signedIn = await signIn(NEW_EMAIL);
  holderToken = signedIn.json<{ accessToken: string }>().accessToken;

  const [type] = await ok<{ id: number; makeVariant: string }[]>(
    'GET',
    '/VehicleTypes/Search?SearchPhrase=polo&ResultCount=1',
  );
  ({ id: vehicleId } = await ok<{ id: number }>('POST', '/Vehicles', {
    colour: 'Blue',
    registrationNumber: REGISTRATION,
    vinNumber: VIN,
    vehicle: type!.makeVariant,
    registrationYear: '2021',
    userId: holderId,
    vehicleTypeId: type!.id,
  }));
  await app.db.updateTable('vehicles').set({ nickname: NICKNAME }).where('id', '=', vehicleId).execute();
  const { id: driverId } = await ok<{ id: number }>('POST', '/Drivers', { ...DRIVER, vehicleId });
  await ok('PUT', `/Drivers/${driverId}`, { email: DRIVER.Email, phoneNumber: '0839182700' });
  await ok('PUT', `/Drivers/${driverId}`, { email: DRIVER.Email, phoneNumber: DRIVER.PhoneNumber });
  const [contact] = await ok<{ contacts: { id: number; position: number }[] }>(
    'PUT',
    `/Users/${holderId}/EscalationContacts`,
    { contacts: [CONTACT] },
  ).then((answer) => answer.contacts);
  await ok('PUT', `/Users/${holderId}/NotificationPreferences`, {
    kinds: ['Tamper'],
    channels: ['sms'],
    quietFrom: null,
    quietTo: null,
  });
  await ok('POST', '/Geofences', {
    name: `${HOLDER.FirstName}'s home`,
    shape: { type: 'Circle', centre: { latitudeDegrees: -26.1, longitudeDegrees: 28.05 }, radiusMetres: 200 },
    scope: { kind: 'AccountHolder', id: holderId },
    rules: [{ trigger: 'Exit', dwellMinutes: null, schedule: null, priority: 2 }],
  });
  const plans = await ok<{ items: SubscriptionPlan[] }>('GET', '/SubscriptionPlans');
  const online = plans.items.find((plan) => plan.available && !plan.isOffline)!;
  await ok('POST', '/Subscriptions', {
    subscriptionPlanId: online.id,
    vehicleId,
    isOffline: false,
    initiallyPayDepositOnly: true,
    createdByAgentOnBehalfOfUser: true,
  });

  // The device reported: its position on the vehicle, in the history and as fixes.
  const now = new Date();
  await app.db
    .insertInto('devices')
    .values({ serialNumber: `ERASE-${holderId}`, vehicleId, createdOnDateTime: instant(now) })
    .execute();
  await app.db
    .updateTable('vehicles')
    .set({
      lastKnownGpsLatitudeDegrees: -26.1,
      lastKnownGpsLongitudeDegrees: 28.05,
      gpsDateTime: instant(now),
    })
    .where('id', '=', vehicleId)
    .execute();
  await app.db
    .insertInto('vehicleHistory')
    .values({
      vehicleId,
      dateTime: instant(now),
      type: 'TamperAlert',
      latitudeDegrees: -26.1,
      longitudeDegrees: 28.05,
    })
    .execute();
  const fixes = Array.from({ length: 1_200 }, (_, index) => ({
    vehicleId,
    at: instant(new Date(now.getTime() - (1_200 - index) * 10_000)),
    latitudeDegrees: -26.1 + index / 1e5,
    longitudeDegrees: 28.05,
  }));
  for (let start = 0; start < fixes.length; start += 300) {
    await app.db
      .insertInto('positionFixes')
      .values(fixes.slice(start, start + 300))
      .execute();
  }

  // An alarm: its messages to the holder and their contact, a note naming them, a live-location link viewed.
  const opened = instant(now);
  const { id: alarmId } = await app.db
    .insertInto('alarms')
    .values({
      vehicleId,
      kind: 'Tamper',
      priority: 1,
      state: 'Open',
      acknowledgeWithinSeconds: 60,
      openedAt: opened,
      lastEventAt: opened,
      acknowledgedAt: null,
      acknowledgedByUserId: null,
      escalatedAt: null,
      resolvedAt: null,
      resolvedByUserId: null,
      resolution: null,
      resolutionNote: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const alarm = { alarmId, vehicleId, kind: 'Tamper' as const, openedAt: now };
  await app.db.transaction().execute(async (trx) => {
    await queueAlarmMessages(trx, alarm, now);
    await queueContactMessages(
      trx,
      { ...alarm, registration: REGISTRATION, holderName: `${HOLDER.FirstName} ${HOLDER.LastName}` },
      { ...CONTACT, id: contact!.id, position: contact!.position, phoneCode: '27', phoneNumber: '849182736' },
      now,
    );
  });
  await ok('POST', `/Alarms/${alarmId}/Notes`, { note: `Called ${HOLDER.FirstName} on ${NEW_PHONE}` });
  const link = await ok<{ url: string }>('POST', `/Alarms/${alarmId}/ShareLinks`, {
    recipient: 'Armed response',
  });
  const token = link.url.split('/').at(-1)!;
  expect((await app.inject({ method: 'GET', url: `/Shared/${token}` })).statusCode).toBe(200);
  await ok('POST', `/Vehicles/${vehicleId}/AlertAura`);

  // A company's import file that held them.
  const imports = withImportTables(app.db);
  const { id: jobId } = await imports
    .insertInto('importJobs')
    .values({
      createdByUserId: holderId === 1 ? 2 : 1,
      fileName: 'fleet.xlsx',
      status: 'Completed',
      headers: '[]',
      mapping: '{}',
      totalRows: 1,
      createdOnDateTime: opened,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await imports
    .insertInto('importRows')
    .values({
      jobId,
      rowNumber: 1,
      cells: JSON.stringify([HOLDER.FirstName, HOLDER.LastName, HOLDER.Email, HOLDER.IdNumber]),
      mapped: JSON.stringify({ firstName: HOLDER.FirstName, email: HOLDER.Email }),
    })
    .execute();
}

/** Every table with its text columns, as the engine lists them. */
async function textColumns(db: Kysely<unknown>): Promise<{ table: string; columns: string[] }[]> {
  const tables = await db.introspection.getTables();
  return tables
    .map((table) => ({
      table: table.name,
      columns: table.columns
        .filter((column) => /text|char/i.test(column.dataType))
        .map((column) => column.name),
    }))
    .filter((table) => table.columns.length > 0);
}

/**
 * Where any of `details` still stands (any case), as 'detail: table.column', leaving out the
 * HolderErased entry. One read per table; a table that holds one is then asked column by column.
 */
async function whereFound(details: readonly string[]): Promise<string[]> {
  const db = app.db.withoutPlugins() as unknown as Kysely<unknown>;
  const holds = (columns: string[], needles: readonly string[]) =>
    sql.join(
      columns.flatMap((column) =>
        needles.map((needle) => sql`lower(${sql.ref(column)}) like ${containsPattern(needle)} escape '\\'`),
      ),
      sql` or `,
    );
  const count = async (table: string, condition: ReturnType<typeof holds>) => {
    const erasureRecord = table === 'audit_log' ? sql`and action <> 'HolderErased'` : sql``;
    const { rows } = await sql<{ count: number | string }>`
      select count(*) as count from ${sql.table(table)} where (${condition}) ${erasureRecord}`.execute(db);
    return Number(rows[0]!.count);
  };
  const found: string[] = [];
  for (const { table, columns } of await textColumns(db)) {
    if ((await count(table, holds(columns, details))) === 0) continue;
    for (const column of columns) {
      for (const detail of details) {
        if ((await count(table, holds([column], [detail]))) > 0) found.push(`${detail}: ${table}.${column}`);
      }
    }
  }
  return found;
}

beforeAll(async () => {
  // Queued messages stay queued: an erasure must stop them, not race a worker sending them.
  app = await build({ seed: true, devOutbox: true, notifications: { sending: false } });
  tokens = await demoTokens(app);
  await holderWithAHistory();
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('given an account holder whose subscription runs', () => {
  it('refuses to erase them, says why and records the refusal', async () => {
    const response = await call('POST', `/Users/${holderId}/Erase`);

    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ status: 409, message: ERASURE_MESSAGES.activeSubscriptions(1) });
    const audit = await ok<Page<AuditEntry>>(
      'GET',
      `/AuditLog?$filter=${encodeURIComponent(`action eq 'HolderErasureRefused' and subjectUserId eq ${holderId}`)}`,
    );
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]!.detail).toEqual({ reason: ERASURE_MESSAGES.activeSubscriptions(1) });
    expect((await holderAsListed()).firstName).toBe(HOLDER.FirstName);
  });

  it('sets a legal hold with a reason, shows it on the holder, and refuses to erase under it', async () => {
    const reason = `SAPS case 77/2026 concerning ${HOLDER.FirstName} ${HOLDER.LastName}`;
    const set = await ok<LegalHoldState>('PUT', `/Users/${holderId}/LegalHold`, { reason: ` ${reason} ` });
    expect(set).toEqual({ userId: holderId, legalHold: { reason, setAt: expect.any(String) } });
    expect((await holderAsListed()).legalHold).toEqual(set.legalHold);

    const refused = await call('POST', `/Users/${holderId}/Erase`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      `${ERASURE_MESSAGES.activeSubscriptions(1)} ${ERASURE_MESSAGES.legalHold(reason)}`,
    );
  });

  it('refuses a reason that is missing, short or huge with a field error, and a user who is no holder', async () => {
    for (const reason of ['', '  ab ', 'x'.repeat(501)]) {
      const response = await call('DELETE', `/Users/${holderId}/LegalHold`, { reason });
      expect(response.statusCode, reason).toBe(400);
      expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['Reason']);
    }
    expect(
      (await call('PUT', `/Users/${holderId}/LegalHold`, { reason: 'x'.repeat(100_000) })).statusCode,
    ).toBe(400);
    expect((await call('PUT', `/Users/${holderId}/LegalHold`, {})).statusCode).toBe(400);
    const adminId = (
      await app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'admin@sentinel.demo')
        .executeTakeFirstOrThrow()
    ).id;
    for (const id of [adminId, 999_999]) {
      expect((await call('POST', `/Users/${id}/Erase`)).statusCode).toBe(404);
      expect((await call('PUT', `/Users/${id}/LegalHold`, { reason: 'Court order' })).statusCode).toBe(404);
    }
    expect(
      (await call('POST', `/Users/${holderId}/Erase`, undefined, tokens['Technical-Agent'])).statusCode,
    ).toBe(403);
  });

  it('lifts the hold with a reason, and ends the subscription once', async () => {
    const lifted = await ok<LegalHoldState>('DELETE', `/Users/${holderId}/LegalHold`, {
      reason: 'Case closed',
    });
    expect(lifted).toEqual({ userId: holderId, legalHold: null });
    expect((await call('DELETE', `/Users/${holderId}/LegalHold`, { reason: 'Case closed' })).statusCode).toBe(
      409,
    );

    expect(await ok('POST', `/Vehicles/${vehicleId}/EndSubscription`)).toEqual({
      vehicleId,
      subscriptionsEnded: 1,
    });
    const again = await call('POST', `/Vehicles/${vehicleId}/EndSubscription`);
    expect(again.statusCode).toBe(409);
    const statuses = await app.db
      .selectFrom('subscriptions')
      .select('status')
      .where('vehicleId', '=', vehicleId)
      .execute();
    expect(statuses).toEqual([{ status: 'Ended' }]);
  });
});

describe('given an account holder whose subscriptions have ended', () => {
  let erasure: Erasure;

  it('erases them in one go and says what went', async () => {
    erasure = await ok<Erasure>('POST', `/Users/${holderId}/Erase`);

    expect(erasure).toMatchObject({
      userId: holderId,
      erased: {
        drivers: 1,
        vehicles: 1,
        devicesUnlinked: 1,
        escalationContacts: 1,
        notificationPreferences: 1,
        geofences: 1,
        // The device's report and the Aura callout, each with a position.
        historyEntries: 2,
        shareLinkViews: 1,
        importRows: 1,
        positionFixes: 1_200,
      },
    });
    expect(erasure.erased.signIns).toBeGreaterThanOrEqual(2);
    expect(erasure.erased.notifications).toBeGreaterThanOrEqual(3);
    expect(erasure.erased.sentMessages).toBeGreaterThanOrEqual(4);
    expect(erasure.erased.auditEntries).toBeGreaterThanOrEqual(5);
  });

  it('lists them as an erased account holder', async () => {
    expect(await holderAsListed()).toMatchObject({
      firstName: 'Erased',
      lastName: 'account holder',
      email: `erased-${holderId}@erased.invalid`,
      phoneNumber: '',
      idNumber: null,
      legalHold: null,
      erasedAt: erasure.erasedAt,
      totalNumberOfVehicles: 1,
      totalNumberOfVehiclesWithDevice: 0,
    });
  });

  it('stops the messages still waiting for them', async () => {
    const waiting = await app.db
      .selectFrom('notifications')
      .select('id')
      .where('state', 'in', ['Queued', 'Sending'])
      .where('audience', '<>', 'Staff')
      .where('alarmId', 'in', app.db.selectFrom('alarms').select('id').where('vehicleId', '=', vehicleId))
      .execute();
    expect(waiting).toEqual([]);
  });

  it('deletes their position fixes after it has committed', async () => {
    await expect
      .poll(
        async () =>
          (await app.db.selectFrom('positionFixes').select('at').where('vehicleId', '=', vehicleId).execute())
            .length,
        { interval: 20, timeout: 10_000 },
      )
      .toBe(0);
  });

  it('leaves their details nowhere but in the record of the erasure', async () => {
    const found = await whereFound(DETAILS);
    expect(found).toEqual([]);
    const record = await ok<Page<AuditEntry>>(
      'GET',
      `/AuditLog?$filter=${encodeURIComponent(`action eq 'HolderErased' and subjectUserId eq ${holderId}`)}`,
    );
    expect(record.items).toHaveLength(1);
    expect(record.items[0]!.detail).toMatchObject({
      name: `${HOLDER.FirstName} ${HOLDER.LastName}`,
      positionFixes: 1_200,
    });
  });

  it('no longer lets them in, with their address or the token they held (a failed sign-in then records the address typed)', async () => {
    expect((await signIn(NEW_EMAIL)).statusCode).toBe(401);
    expect((await signIn(HOLDER.Email)).statusCode).toBe(401);
    expect((await call('GET', '/Roles', undefined, holderToken)).statusCode).toBe(401);
  });

  it('refuses to erase them twice, or to put contact details back on them', async () => {
    const again = await call('POST', `/Users/${holderId}/Erase`);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(ERASURE_MESSAGES.alreadyErased);

    const edit = await call('PUT', `/Users/${holderId}`, {
      email: 'back.again@example.co.za',
      phoneNumber: '0821234567',
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json<{ message: string }>().message).toBe(ERASURE_MESSAGES.erasedNoEdit);
    expect((await holderAsListed()).email).toBe(`erased-${holderId}@erased.invalid`);
  });
});

describe('deleting position fixes', () => {
  it('goes a batch at a time until none is left', async () => {
    const [vehicle] = await app.db
      .selectFrom('vehicles')
      .select('id')
      .where('id', '<>', vehicleId)
      .limit(1)
      .execute();
    const at = (index: number) => instant(new Date(Date.UTC(2020, 0, 1) + index * 10_000));
    await app.db
      .insertInto('positionFixes')
      .values(
        Array.from({ length: 250 }, (_, index) => ({
          vehicleId: vehicle!.id,
          at: at(index),
          latitudeDegrees: -33.9,
          longitudeDegrees: 18.4,
        })),
      )
      .execute();
    const before = await app.db
      .selectFrom('positionFixes')
      .select('at')
      .where('vehicleId', '=', vehicle!.id)
      .where('at', '<', at(250))
      .execute();
    expect(before).toHaveLength(250);

    expect(await deletePositionFixes(app.db, [vehicle!.id], 100)).toBeGreaterThanOrEqual(250);
    expect(
      await app.db.selectFrom('positionFixes').select('at').where('vehicleId', '=', vehicle!.id).execute(),
    ).toEqual([]);
  });
});
