import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { DATA_ACCESS_MESSAGES } from '@sentinel/domain';
import type { CreatedDataAccessRequest, DataAccessRequest } from '@sentinel/domain';
import { build, DEMO_SIGN_INS } from '../index';
import { redactUrl } from '../plugins/log-redaction';
import { demoTokens } from '../test-support/demo-tokens';
import { DOWNLOADS_PER_HOUR } from './public-routes';
import { positionFixesCsv } from './export-files';

let app: FastifyInstance;
let tokens: Record<string, string>;
let holderId: number;
let holderEmail: string;
let vehicleId: number;
let otherVehicleId: number;

const PUBLIC_API_URL = 'https://api.sentinel.example';
// Fixes every ten minutes over 2 March 2026, for the holder's vehicle and another holder's.
const FIX_COUNT = 144;
const fixAt = (index: number) => new Date(Date.UTC(2026, 2, 2) + index * 600_000).toISOString();

function post(url: string, role: string, payload?: object, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${tokens[role]}`, ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function requestFor(payload?: object): Promise<CreatedDataAccessRequest> {
  const response = await post(`/Users/${holderId}/DataAccessRequests`, 'Admin', payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedDataAccessRequest>();
}

/** The download's path, from the answer's URL. */
const pathOf = (created: CreatedDataAccessRequest) => created.downloadUrl.slice(PUBLIC_API_URL.length);

function download(path: string, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'GET', url: path, remoteAddress });
}

/** The zip's files as text, by name. */
function unzipped(body: Buffer): Record<string, string> {
  return Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(body))).map(([name, data]) => [name, strFromU8(data)]),
  );
}

const lines = (csv: string) => csv.split('\r\n').filter((line) => line !== '');

beforeAll(async () => {
  app = await build({ seed: true, payments: { publicApiUrl: `${PUBLIC_API_URL}/` } });
  tokens = await demoTokens(app);
  const demoHolder = DEMO_SIGN_INS.find((demo) => demo.role === 'Account-Holder')!;
  // A demo holder's vehicle with drivers, and a vehicle of another holder.
  const owned = await app.db
    .selectFrom('vehicles')
    .innerJoin('users', 'users.id', 'vehicles.userId')
    .innerJoin('drivers', 'drivers.vehicleId', 'vehicles.id')
    .select(['vehicles.id', 'vehicles.userId', 'users.email'])
    .where('users.email', '<>', demoHolder.email)
    .orderBy('vehicles.id')
    .executeTakeFirstOrThrow();
  ({ id: vehicleId, userId: holderId, email: holderEmail } = owned);
  const other = await app.db
    .selectFrom('vehicles')
    .select('id')
    .where('userId', '<>', holderId)
    .executeTakeFirstOrThrow();
  otherVehicleId = other.id;
  const fixes = [vehicleId, otherVehicleId].flatMap((id) =>
    Array.from({ length: FIX_COUNT }, (_, index) => ({
      vehicleId: id,
      at: fixAt(index),
      latitudeDegrees: -26.1 - index / 10_000,
      longitudeDegrees: 28.05 + index / 10_000,
    })),
  );
  await app.db.insertInto('positionFixes').values(fixes).execute();
  // A contact whose name a spreadsheet would run as a formula.
  await app.db
    .insertInto('escalationContacts')
    .values({
      holderUserId: holderId,
      position: 1,
      name: '=HYPERLINK("http://evil.example","Sipho")',
      phoneCode: '27',
      phoneNumber: '821234567',
      email: null,
      createdAt: fixAt(0),
      updatedAt: fixAt(0),
    })
    .execute();
});

afterAll(async () => {
  await app.close();
});

describe('asking for an account holder’s data', () => {
  it('is an Admin’s alone', async () => {
    for (const role of ['Technical-Agent', 'Company-Admin', 'Account-Holder']) {
      const response = await post(`/Users/${holderId}/DataAccessRequests`, role, {});
      expect(response.statusCode, role).toBe(403);
    }
    const anonymous = await app.inject({
      method: 'POST',
      url: `/Users/${holderId}/DataAccessRequests`,
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 for a staff member and for nobody', async () => {
    const staff = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_SIGN_INS.find((demo) => demo.role === 'Technical-Agent')!.email)
      .executeTakeFirstOrThrow();
    for (const id of [staff.id, 999_999]) {
      const response = await post(`/Users/${id}/DataAccessRequests`, 'Admin', {});
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: `Account holder ${id} was not found.` });
    }
  });

  it('refuses a period that is not one, at its fields', async () => {
    const wrong = await post(`/Users/${holderId}/DataAccessRequests`, 'Admin', { fixesFrom: 'yesterday' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errors: { FixesFrom: [DATA_ACCESS_MESSAGES.instant] } });
    const backwards = await post(`/Users/${holderId}/DataAccessRequests`, 'Admin', {
      fixesFrom: fixAt(10),
      fixesTo: fixAt(5),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ errors: { FixesTo: [DATA_ACCESS_MESSAGES.order] } });
  });

  it('answers a link on the configured address that lives a day, whatever Host the request names; only the token’s hash is kept', async () => {
    const before = Date.now();
    const response = await post(`/Users/${holderId}/DataAccessRequests`, 'Admin', undefined, {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<CreatedDataAccessRequest>();
    expect(created.downloadUrl).toMatch(
      new RegExp(`^${PUBLIC_API_URL}/DataAccessRequests/[A-Za-z0-9_-]{43}/Download$`),
    );
    expect(Date.parse(created.expiresAt) - before).toBeGreaterThanOrEqual(24 * 3_600_000 - 1000);
    expect(Date.parse(created.expiresAt) - before).toBeLessThanOrEqual(24 * 3_600_000 + 5000);
    expect(created).toMatchObject({ fixesFrom: null, fixesTo: null });

    const token = created.downloadUrl.split('/').at(-2)!;
    const row = await app.db
      .selectFrom('dataAccessRequests')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('base64url'));
    expect(JSON.stringify(row)).not.toContain(token);
    const audit = await app.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'DataAccessRequested')
      .where('targetId', '=', String(created.id))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ subjectUserId: holderId, targetType: 'DataAccessRequest' });
    expect(JSON.stringify(audit)).not.toContain(token);
    expect(redactUrl(pathOf(created))).toBe('/DataAccessRequests/[redacted]/Download');
  });
});

describe('downloading it', () => {
  it('streams a zip of the holder’s data: the fixes of the period, their profile in full, formula-safe CSV and the access log', async () => {
    const created = await requestFor({ fixesFrom: fixAt(10), fixesTo: fixAt(19) });
    const response = await download(pathOf(created));
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="sentinel-account-holder-${holderId}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`),
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const files = unzipped(response.rawPayload);

    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'README.txt',
        'profile.json',
        'vehicles.csv',
        'drivers.csv',
        'subscriptions.csv',
        'payments.csv',
        'escalation-contacts.csv',
        'notification-preferences.json',
        'messages.csv',
        `vehicles/vehicle-${vehicleId}-history.csv`,
        `vehicles/vehicle-${vehicleId}-position-fixes.csv`,
        'access-log.csv',
        'own-actions.csv',
      ]),
    );
    expect(Object.keys(files)).not.toContain(`vehicles/vehicle-${otherVehicleId}-position-fixes.csv`);
    expect(files['README.txt']).toContain('access-log.csv');

    const holder = await app.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', holderId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(files['profile.json']!)).toMatchObject({
      id: holderId,
      email: holderEmail,
      idNumber: holder.idNumber,
      roles: ['Account-Holder'],
    });

    // The ten fixes from the period's first to its last instant, both included, oldest first.
    const fixes = lines(files[`vehicles/vehicle-${vehicleId}-position-fixes.csv`]!);
    expect(fixes[0]).toBe('Time (UTC),Latitude,Longitude');
    expect(fixes.slice(1).map((line) => line.split(',')[0])).toEqual(
      Array.from({ length: 10 }, (_, index) => fixAt(10 + index)),
    );

    expect(files['escalation-contacts.csv']).toContain(`"'=HYPERLINK(""http://evil.example"",""Sipho"")"`);
    expect(lines(files['drivers.csv']!).length).toBeGreaterThan(1);
    expect(lines(files['vehicles.csv']!)[1]).toMatch(new RegExp(`^${vehicleId},`));

    // Who asked for it, and this very download, are in the access log.
    const log = lines(files['access-log.csv']!);
    const requested = log.find((line) =>
      line.includes(`DataAccessRequested,DataAccessRequest,${created.id},`),
    );
    expect(requested).toContain('admin@sentinel.demo');
    expect(
      log.filter((line) => line.includes(`DataAccessDownloaded,DataAccessRequest,${created.id},`)),
    ).toHaveLength(1);
  });

  it('counts each download and audits it about the holder', async () => {
    const created = await requestFor({ fixesTo: fixAt(0) });
    for (let time = 0; time < 2; time += 1) expect((await download(pathOf(created))).statusCode).toBe(200);
    const row = await app.db
      .selectFrom('dataAccessRequests')
      .select(['downloads', 'lastDownloadedAt'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.downloads)).toBe(2);
    expect(row.lastDownloadedAt).not.toBeNull();
    const audits = await app.db
      .selectFrom('auditLog')
      .select(['subjectUserId', 'userId', 'ipAddress'])
      .where('action', '=', 'DataAccessDownloaded')
      .where('targetId', '=', String(created.id))
      .execute();
    expect(audits).toEqual([
      { subjectUserId: holderId, userId: null, ipAddress: '127.0.0.1' },
      { subjectUserId: holderId, userId: null, ipAddress: '127.0.0.1' },
    ]);

    const list = await app.inject({
      method: 'GET',
      url: `/Users/${holderId}/DataAccessRequests`,
      headers: { authorization: `Bearer ${tokens['Admin']}` },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<DataAccessRequest[]>()[0]).toMatchObject({
      id: created.id,
      subjectUserId: holderId,
      requestedBy: expect.any(String),
      state: 'Active',
      downloads: 2,
      fixesFrom: null,
      fixesTo: fixAt(0),
    });
  });

  it('answers the same 404 for a wrong token and an expired one', async () => {
    const created = await requestFor();
    await app.db
      .updateTable('dataAccessRequests')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', created.id)
      .execute();
    const expired = await download(pathOf(created));
    const wrong = await download(pathOf(created).replace(/[A-Za-z0-9_-]{43}/, 'A'.repeat(43)));
    const short = await download('/DataAccessRequests/x/Download');
    const long = await download(`/DataAccessRequests/${'x'.repeat(100)}/Download`);
    for (const response of [expired, wrong, short, long]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: DATA_ACCESS_MESSAGES.expired });
    }
    const row = await app.db
      .selectFrom('dataAccessRequests')
      .select('downloads')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.downloads)).toBe(0);
  });

  it('refuses an address that keeps trying', async () => {
    const statuses: number[] = [];
    for (let call = 0; call <= DOWNLOADS_PER_HOUR; call += 1) {
      statuses.push((await download(`/DataAccessRequests/guess-${call}/Download`, '10.9.9.9')).statusCode);
    }
    expect(statuses.slice(0, DOWNLOADS_PER_HOUR).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('the position fixes file', () => {
  it('continues page after page from the last fix read, without repeating or missing one', async () => {
    let text = '';
    for await (const chunk of positionFixesCsv(
      app.db,
      vehicleId,
      { from: fixAt(3), to: fixAt(FIX_COUNT - 1) },
      7,
    ))
      text += chunk;
    const times = lines(text)
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(times).toEqual(Array.from({ length: FIX_COUNT - 3 }, (_, index) => fixAt(3 + index)));
  });
});
