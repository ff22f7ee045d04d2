/*
 * The breach register through the real api: Admins only, the domain's field errors with nothing
 * saved, recording and correcting an incident with their audit entries, the list newest first and
 * the CSV whose cells cannot run as formulas.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BREACH_MESSAGES, MESSAGES } from '@sentinel/domain';
import type { AuditEntry, BreachIncident, BreachIncidentInput, Page, RoleName } from '@sentinel/domain';
import { build } from '../app';
import { DEMO_SIGN_INS } from '../db/seed';
import { userIdByEmail } from '../db/seed/users';
import { BREACH_CSV_COLUMNS } from './breach-csv';

let app: FastifyInstance;
let tokens: Record<RoleName, string>;
const adminEmail = DEMO_SIGN_INS.find((demo) => demo.role === 'Admin')!.email;

beforeAll(async () => {
  app = await build({ seed: true });
  // Each demo user's access token, signed here: a sign-in's password check is not what is tested.
  tokens = {} as Record<RoleName, string>;
  for (const demo of DEMO_SIGN_INS) {
    const userId = await userIdByEmail(app.db, demo.email);
    tokens[demo.role] = await app.accessTokens.sign({ userId: userId!, role: demo.role });
  }
});

afterAll(async () => {
  await app.close();
});

interface Answer<T> {
  status: number;
  body: T & { message?: string; errors?: Record<string, string[]> };
}

async function call<T = BreachIncident>(
  caller: RoleName | 'anonymous',
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
): Promise<Answer<T>> {
  const response = await app.inject({
    method,
    url,
    headers: caller === 'anonymous' ? {} : { authorization: `Bearer ${tokens[caller]}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.json() };
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/** A laptop stolen two days ago, found yesterday; nobody told yet. */
const laptop = (): BreachIncidentInput => ({
  occurredAt: hoursAgo(48),
  discoveredAt: hoursAgo(24),
  description: 'A laptop holding an export of the client list was stolen from a parked car.',
  dataClasses: ['Contact details', 'Identity numbers'],
  peopleAffected: 1200,
});

const count = async () =>
  Number(
    (
      await app.db
        .selectFrom('breachIncidents')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

async function auditOf(action: string, id: number): Promise<AuditEntry[]> {
  const filter = encodeURIComponent(`action eq '${action}' and targetId eq '${id}'`);
  const answer = await call<Page<AuditEntry>>('Admin', 'GET', `/AuditLog?$filter=${filter}`);
  expect(answer.status).toBe(200);
  return answer.body.items;
}

describe('who may use the register', () => {
  it.each(['Technical-Agent', 'Company-Admin', 'Account-Holder'] as const)(
    'refuses every route to a %s with 403, and nothing is saved',
    async (role) => {
      const before = await count();
      expect((await call(role, 'GET', '/BreachIncidents')).status).toBe(403);
      expect((await call(role, 'GET', '/BreachIncidents/Csv')).status).toBe(403);
      expect((await call(role, 'POST', '/BreachIncidents', laptop())).status).toBe(403);
      expect((await call(role, 'PUT', '/BreachIncidents/1', laptop())).status).toBe(403);
      expect(await count()).toBe(before);
    },
  );

  it('asks for a token with 401', async () => {
    expect((await call('anonymous', 'GET', '/BreachIncidents')).status).toBe(401);
    expect((await call('anonymous', 'GET', '/BreachIncidents/Csv')).status).toBe(401);
    expect((await call('anonymous', 'POST', '/BreachIncidents', laptop())).status).toBe(401);
  });
});

describe('given a wrong incident', () => {
  it('names every missing field of an empty body', async () => {
    const answer = await call('Admin', 'POST', '/BreachIncidents', {});
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      OccurredAt: [MESSAGES.required],
      DiscoveredAt: [MESSAGES.required],
      Description: [MESSAGES.required],
      DataClasses: [BREACH_MESSAGES.dataClassesRequired],
      PeopleAffected: [MESSAGES.required],
    });
  });

  it.each([
    [
      'happened after it was discovered',
      { occurredAt: hoursAgo(1) },
      'OccurredAt',
      BREACH_MESSAGES.occurredAfterDiscovered,
    ],
    ['discovered tomorrow', { discoveredAt: hoursAgo(-24) }, 'DiscoveredAt', BREACH_MESSAGES.inFuture],
    [
      'discovered on 31 February',
      { discoveredAt: '2026-02-31T10:00:00Z' },
      'DiscoveredAt',
      BREACH_MESSAGES.dateTimeInvalid,
    ],
    [
      'described in a word',
      { description: '  Stolen.  ' },
      'Description',
      BREACH_MESSAGES.descriptionTooShort,
    ],
    [
      'described at length',
      { description: 'x'.repeat(4001) },
      'Description',
      BREACH_MESSAGES.descriptionTooLong,
    ],
    ['touching no data', { dataClasses: [] }, 'DataClasses', BREACH_MESSAGES.dataClassesRequired],
    ['touching shoe sizes', { dataClasses: ['Shoe sizes'] }, 'DataClasses', BREACH_MESSAGES.dataClassUnknown],
    [
      'touching credentials twice',
      { dataClasses: ['Credentials', 'Credentials'] },
      'DataClasses',
      BREACH_MESSAGES.dataClassRepeated,
    ],
    ['affecting -1 people', { peopleAffected: -1 }, 'PeopleAffected', BREACH_MESSAGES.peopleAffected],
    ['affecting 1.5 people', { peopleAffected: 1.5 }, 'PeopleAffected', BREACH_MESSAGES.peopleAffected],
    ['affecting "12" people', { peopleAffected: '12' }, 'PeopleAffected', BREACH_MESSAGES.peopleAffected],
    [
      'told to the Regulator before the discovery',
      { regulatorNotifiedAt: hoursAgo(30) },
      'RegulatorNotifiedAt',
      BREACH_MESSAGES.notifiedBeforeDiscovered,
    ],
    [
      'told to the people next week',
      { peopleNotifiedAt: hoursAgo(-24 * 7) },
      'PeopleNotifiedAt',
      BREACH_MESSAGES.inFuture,
    ],
    [
      'told to the people on a number',
      { peopleNotifiedAt: 5 },
      'PeopleNotifiedAt',
      BREACH_MESSAGES.dateTimeInvalid,
    ],
  ])(
    'refuses an incident %s with a 400 at that field, saving nothing',
    async (_name, change, field, message) => {
      const before = await count();
      const answer = await call('Admin', 'POST', '/BreachIncidents', { ...laptop(), ...change });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual({ [field]: [message] });
      expect(await count()).toBe(before);
    },
  );

  it('answers a huge description or a body that is not an object with a 400, never a 500', async () => {
    const huge = await call('Admin', 'POST', '/BreachIncidents', {
      ...laptop(),
      description: 'x'.repeat(200_000),
    });
    expect(huge.status).toBe(400);
    expect((await call('Admin', 'POST', '/BreachIncidents', ['not', 'an', 'incident'])).status).toBe(400);
    expect(
      (await call('Admin', 'POST', '/BreachIncidents', { ...laptop(), dataClasses: 'Credentials' })).status,
    ).toBe(400);
  });
});

describe('given an incident recorded by the Admin', () => {
  let recorded: BreachIncident;

  beforeAll(async () => {
    const answer = await call('Admin', 'POST', '/BreachIncidents', {
      ...laptop(),
      // Another zone, padding, and the classes out of the register's order: stored as UTC, trimmed, in order.
      discoveredAt: '2026-11-19T08:00:00+02:00',
      occurredAt: '2026-11-18T21:15:00Z',
      description: '   A laptop holding an export of the client list was stolen from a parked car.   ',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    recorded = answer.body;
  });

  it('answers the stored incident: UTC times, trimmed text, the classes in the register’s order, who recorded it', () => {
    expect(recorded).toMatchObject({
      occurredAt: '2026-11-18T21:15:00.000Z',
      discoveredAt: '2026-11-19T06:00:00.000Z',
      description: 'A laptop holding an export of the client list was stolen from a parked car.',
      dataClasses: ['Identity numbers', 'Contact details'],
      peopleAffected: 1200,
      regulatorNotifiedAt: null,
      peopleNotifiedAt: null,
      recordedByEmail: adminEmail,
    });
    expect(recorded.updatedAt).toBe(recorded.recordedAt);
  });

  it('audits BreachRecorded on the incident, with its facts but not its description', async () => {
    const [entry] = await auditOf('BreachRecorded', recorded.id);
    expect(entry).toMatchObject({ targetType: 'BreachIncident', userEmail: adminEmail, subjectUserId: null });
    expect(entry!.detail).toMatchObject({
      peopleAffected: 1200,
      dataClasses: ['Identity numbers', 'Contact details'],
    });
    expect(JSON.stringify(entry!.detail)).not.toContain('laptop');
  });

  it('records when the Regulator and the people were told, audited with the times before and after', async () => {
    const told = {
      ...laptop(),
      occurredAt: recorded.occurredAt,
      discoveredAt: recorded.discoveredAt,
      description: recorded.description,
      dataClasses: recorded.dataClasses,
      regulatorNotifiedAt: '2026-11-20T09:30:00+02:00',
      peopleNotifiedAt: '2026-11-21T07:30:00Z',
    };
    const answer = await call('Admin', 'PUT', `/BreachIncidents/${recorded.id}`, told);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      id: recorded.id,
      regulatorNotifiedAt: '2026-11-20T07:30:00.000Z',
      peopleNotifiedAt: '2026-11-21T07:30:00.000Z',
      recordedAt: recorded.recordedAt,
      recordedByEmail: adminEmail,
    });

    const [entry] = await auditOf('BreachChanged', recorded.id);
    expect(entry!.detail).toMatchObject({
      from: { regulatorNotifiedAt: null, peopleNotifiedAt: null },
      to: { regulatorNotifiedAt: '2026-11-20T07:30:00.000Z', peopleNotifiedAt: '2026-11-21T07:30:00.000Z' },
      descriptionChanged: false,
    });
  });

  it('refuses a change that breaks a rule, and answers 404 for an incident that does not exist', async () => {
    const wrong = await call('Admin', 'PUT', `/BreachIncidents/${recorded.id}`, {
      ...laptop(),
      occurredAt: recorded.occurredAt,
      discoveredAt: recorded.discoveredAt,
      regulatorNotifiedAt: '2026-11-01T00:00:00Z',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ RegulatorNotifiedAt: [BREACH_MESSAGES.notifiedBeforeDiscovered] });
    expect((await call('Admin', 'GET', `/BreachIncidents?$filter=id eq ${recorded.id}`)).body).toMatchObject({
      items: [{ regulatorNotifiedAt: '2026-11-20T07:30:00.000Z' }],
    });

    const missing = await call('Admin', 'PUT', '/BreachIncidents/999999', laptop());
    expect(missing.status).toBe(404);
  });
});

describe('the list and the CSV', () => {
  let older: BreachIncident;
  let newer: BreachIncident;

  beforeAll(async () => {
    older = (
      await call('Admin', 'POST', '/BreachIncidents', {
        ...laptop(),
        occurredAt: '2025-03-01T10:00:00Z',
        discoveredAt: '2025-03-02T10:00:00Z',
        // A cell a spreadsheet would run, commas, quotes and a line break.
        description: '=HYPERLINK("http://evil.example","Open me"), then "more",\nover two lines',
        regulatorNotifiedAt: '2025-03-03T10:00:00Z',
      })
    ).body;
    newer = (
      await call('Admin', 'POST', '/BreachIncidents', {
        ...laptop(),
        occurredAt: hoursAgo(3),
        discoveredAt: hoursAgo(2),
        dataClasses: ['Location history'],
        peopleAffected: 0,
      })
    ).body;
  });

  it('lists the newest discovery first, pages, and filters the incidents the Regulator was not told of', async () => {
    const page = await call<Page<BreachIncident>>('Admin', 'GET', '/BreachIncidents?$pagesize=2');
    expect(page.status).toBe(200);
    expect(page.body.items.map((incident) => incident.id)).toEqual([newer.id, expect.any(Number)]);
    expect(page.body.totalCount).toBeGreaterThanOrEqual(3);
    const discovered = page.body.items.map((incident) => incident.discoveredAt);
    expect([...discovered].sort().reverse()).toEqual(discovered);

    const untold = await call<Page<BreachIncident>>(
      'Admin',
      'GET',
      `/BreachIncidents?$filter=${encodeURIComponent('regulatorNotifiedAt eq null')}&$pagesize=500`,
    );
    const ids = untold.body.items.map((incident) => incident.id);
    expect(ids).toContain(newer.id);
    expect(ids).not.toContain(older.id);

    expect(
      (await call('Admin', 'GET', `/BreachIncidents?$filter=${encodeURIComponent('name eq 1')}`)).status,
    ).toBe(400);
  });

  it('downloads every incident as CSV, newest first, with no cell a spreadsheet would run', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/BreachIncidents/Csv',
      headers: { authorization: `Bearer ${tokens.Admin}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Breach-register.csv"');
    expect(response.body).toContain('\r\n');

    const [header, ...rows] = parse(response.body) as string[][];
    expect(header).toEqual([...BREACH_CSV_COLUMNS]);
    expect(rows[0]![0]).toBe(String(newer.id));
    expect(rows.at(-1)![0]).toBe(String(older.id));
    expect(rows).toHaveLength(await count());
    const row = rows.find((cells) => cells[0] === String(older.id))!;
    expect(row).toEqual([
      String(older.id),
      '2025-03-01T10:00:00.000Z',
      '2025-03-02T10:00:00.000Z',
      `'=HYPERLINK("http://evil.example","Open me"), then "more",\nover two lines`,
      'Identity numbers; Contact details',
      '1200',
      '2025-03-03T10:00:00.000Z',
      '',
      older.recordedAt,
      adminEmail,
      older.updatedAt,
    ]);
  });
});
