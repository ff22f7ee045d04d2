/*
 * The geofence routes through the real api, on both engines: who may write which scope, who sees
 * which geofence, the domain's field errors with nothing saved, the audit log, and 'Try on the
 * last 7 days' over fixes stored in trip replay's table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ARMING_MESSAGES, GEOFENCE_MESSAGES } from '@sentinel/domain';
import type { Geofence, GeofencePreview, GeoPoint, Page, RoleName } from '@sentinel/domain';
import { build } from '../app';
import { instant } from '../db/database';
import { userIdByEmail } from '../db/seed/users';
import { addCompanyOfDemoAdmin, addTrackedVehicle } from '../live/test-support';
import type { TrackedVehicle } from '../live/test-support';
import { insertPositionFixes } from '../replay/position-fixes';
import { DEMO_SIGN_INS } from '../db/seed';

let app: FastifyInstance;
let tokens: Record<RoleName, string>;
/** The demo Company-Admin's company, a vehicle of its, and a vehicle of another company. */
let companyId: number;
let inCompany: TrackedVehicle;
let otherCompanyId: number;
let outside: TrackedVehicle;

beforeAll(async () => {
  app = await build({ seed: true });
  // Each demo user's access token, signed here: a sign-in's password check is not what is tested.
  tokens = {} as Record<RoleName, string>;
  for (const demo of DEMO_SIGN_INS) {
    const userId = await userIdByEmail(app.db, demo.email);
    tokens[demo.role] = await app.accessTokens.sign({ userId: userId!, role: demo.role });
  }
  const companyAdminId = await userIdByEmail(app.db, 'company.admin@sentinel.demo');
  companyId = await addCompanyOfDemoAdmin(app, companyAdminId!);
  inCompany = await addTrackedVehicle(app, { companyId });
  ({ id: otherCompanyId } = await app.db
    .insertInto('companies')
    .values({ name: 'Elsewhere Freight', createdOnDateTime: instant() })
    .returning('id')
    .executeTakeFirstOrThrow());
  outside = await addTrackedVehicle(app, { companyId: otherCompanyId });
});

afterAll(async () => {
  await app.close();
});

type Caller = RoleName | 'anonymous';

interface Answer<T> {
  status: number;
  body: T & { message?: string; errors?: Record<string, string[]> };
}

async function call<T = Geofence>(
  caller: Caller,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
): Promise<Answer<T>> {
  const response = await app.inject({
    method,
    url,
    headers: caller === 'anonymous' ? {} : { authorization: `Bearer ${tokens[caller]}` },
    ...(payload === undefined ? {} : { payload }),
  });
  return {
    status: response.statusCode,
    body: response.body === '' ? ({} as Answer<T>['body']) : response.json(),
  };
}

const CENTRE: GeoPoint = { latitudeDegrees: -26.2041, longitudeDegrees: 28.0473 };
const ENTER = { trigger: 'Enter', dwellMinutes: null, schedule: null, priority: 2 } as const;
const EXIT = { trigger: 'Exit', dwellMinutes: null, schedule: null, priority: 3 } as const;

type Scope = { kind: 'Vehicle' | 'AccountHolder' | 'Company'; id: number } | { kind: 'Everyone'; id: null };

function circle(name: string, scope: Scope, rules: object[] = [ENTER], radiusMetres = 500) {
  return { name, shape: { type: 'Circle', centre: CENTRE, radiusMetres }, scope, rules };
}

const everyone: Scope = { kind: 'Everyone', id: null };

async function listed(caller: Caller, query = ''): Promise<Page<Geofence>> {
  const answer = await call<Page<Geofence>>(caller, 'GET', `/Geofences?${query}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('who may write which scope', () => {
  it('an Admin adds, reads, changes and removes an Everyone geofence', async () => {
    const created = await call('Admin', 'POST', '/Geofences', circle('  Hillbrow high-risk  ', everyone));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Hillbrow high-risk',
      shape: { type: 'Circle', centre: CENTRE, radiusMetres: 500 },
      scope: everyone,
      scopeName: 'Everyone',
      rules: [ENTER],
    });
    const id = created.body.id;
    expect((await call('Admin', 'GET', `/Geofences/${id}`)).body).toEqual(created.body);

    const changed = await call(
      'Admin',
      'PUT',
      `/Geofences/${id}`,
      circle('Hillbrow', everyone, [ENTER, EXIT]),
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      id,
      name: 'Hillbrow',
      rules: [ENTER, EXIT],
      createdAt: created.body.createdAt,
    });

    expect((await call('Admin', 'DELETE', `/Geofences/${id}`)).status).toBe(204);
    expect((await call('Admin', 'GET', `/Geofences/${id}`)).status).toBe(404);
  });

  it("saves a polygon's corners, without a last corner that repeats the first", async () => {
    const corners = [
      { latitudeDegrees: -26.19, longitudeDegrees: 28.03 },
      { latitudeDegrees: -26.19, longitudeDegrees: 28.06 },
      { latitudeDegrees: -26.22, longitudeDegrees: 28.06 },
    ];
    const created = await call('Admin', 'POST', '/Geofences', {
      ...circle('Polygon', everyone),
      shape: { type: 'Polygon', points: [...corners, corners[0]] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.shape).toEqual({ type: 'Polygon', points: corners });
    expect((await call('Admin', 'DELETE', `/Geofences/${created.body.id}`)).status).toBe(204);
  });

  it('a Technical-Agent may not use Everyone (a field error at Scope) but may use any company', async () => {
    const refused = await call('Technical-Agent', 'POST', '/Geofences', circle('Border', everyone));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ Scope: [GEOFENCE_MESSAGES.scopeOutside] });

    const created = await call(
      'Technical-Agent',
      'POST',
      '/Geofences',
      circle('Depot', { kind: 'Company', id: otherCompanyId }),
    );
    expect(created.status).toBe(201);
    expect(created.body.scopeName).toBe('Elsewhere Freight');
  });

  it("a Company-Admin uses their company, its holders and their vehicles, never another company's vehicle", async () => {
    const company = await call(
      'Company-Admin',
      'POST',
      '/Geofences',
      circle('Yard', { kind: 'Company', id: companyId }),
    );
    expect(company.status).toBe(201);
    const holder = await app.db
      .selectFrom('users')
      .select(['firstName', 'lastName'])
      .where('id', '=', inCompany.ownerId)
      .executeTakeFirstOrThrow();
    const holders = await call(
      'Company-Admin',
      'POST',
      '/Geofences',
      circle('Home', { kind: 'AccountHolder', id: inCompany.ownerId }),
    );
    expect(holders.body.scopeName).toBe(`${holder.firstName} ${holder.lastName}`);
    const vehicles = await call(
      'Company-Admin',
      'POST',
      '/Geofences',
      circle('Parking', { kind: 'Vehicle', id: inCompany.vehicleId }),
    );
    expect(vehicles.status).toBe(201);
    expect(vehicles.body.scopeName).toMatch(/^CA \d+-TEST$/);

    for (const scope of [
      { kind: 'Vehicle', id: outside.vehicleId },
      { kind: 'AccountHolder', id: outside.ownerId },
      { kind: 'Company', id: otherCompanyId },
      everyone,
    ] as Scope[]) {
      const refused = await call('Company-Admin', 'POST', '/Geofences', circle('Not mine', scope));
      expect(refused.status, scope.kind).toBe(400);
      expect(refused.body.errors).toEqual({ Scope: [GEOFENCE_MESSAGES.scopeOutside] });
    }
  });

  it('refuses a scope whose target does not exist, or an account holder who is staff', async () => {
    const adminId = await userIdByEmail(app.db, 'admin@sentinel.demo');
    for (const scope of [
      { kind: 'Vehicle', id: 999_999 },
      { kind: 'Company', id: 999_999 },
      { kind: 'AccountHolder', id: adminId! },
    ] as Scope[]) {
      const refused = await call('Admin', 'POST', '/Geofences', circle('Nowhere', scope));
      expect(refused.body.errors, scope.kind).toEqual({ Scope: [GEOFENCE_MESSAGES.scopeOutside] });
    }
  });

  it('lets a Company-Admin read an Everyone geofence but not change or remove it; an Account-Holder gets 403, anonymous 401', async () => {
    const { body } = await call('Admin', 'POST', '/Geofences', circle('Beitbridge border', everyone));
    expect((await call('Company-Admin', 'GET', `/Geofences/${body.id}`)).status).toBe(200);
    expect(
      (await call('Company-Admin', 'PUT', `/Geofences/${body.id}`, circle('Mine now', everyone))).status,
    ).toBe(403);
    expect((await call('Company-Admin', 'DELETE', `/Geofences/${body.id}`)).status).toBe(403);
    expect((await call('Technical-Agent', 'DELETE', `/Geofences/${body.id}`)).status).toBe(403);

    expect((await call('Account-Holder', 'GET', '/Geofences')).status).toBe(403);
    expect((await call('Account-Holder', 'POST', '/Geofences', circle('Mine', everyone))).status).toBe(403);
    expect((await call('anonymous', 'GET', '/Geofences')).status).toBe(401);
    expect((await call('anonymous', 'POST', '/Geofences', circle('Mine', everyone))).status).toBe(401);
    expect((await call('Admin', 'GET', `/Geofences/${body.id}`)).body.name).toBe('Beitbridge border');
  });
});

describe('the list', () => {
  it('shows a Company-Admin their scopes and the Everyone ones, by name, and narrows to one scope', async () => {
    const names = (page: Page<Geofence>) => page.items.map((geofence) => geofence.name);
    expect(names(await listed('Company-Admin'))).toEqual(['Beitbridge border', 'Home', 'Parking', 'Yard']);
    const all = await listed('Admin');
    expect(names(all)).toEqual(['Beitbridge border', 'Depot', 'Home', 'Parking', 'Yard']);
    expect(all.totalCount).toBe(5);

    expect(names(await listed('Admin', `scopeKind=Company&scopeId=${companyId}`))).toEqual(['Yard']);
    expect(names(await listed('Company-Admin', `scopeKind=Company&scopeId=${otherCompanyId}`))).toEqual([]);
    expect(names(await listed('Technical-Agent', 'scopeKind=Everyone'))).toEqual(['Beitbridge border']);
    const paged = await listed('Admin', '$pagesize=2&$pageindex=1');
    expect({ ...paged, items: names(paged) }).toEqual({
      items: ['Home', 'Parking'],
      totalCount: 5,
      pageIndex: 1,
      pageSize: 2,
    });
    const hidden = all.items.find((geofence) => geofence.name === 'Depot')!;
    expect((await call('Company-Admin', 'GET', `/Geofences/${hidden.id}`)).status).toBe(404);
  });
});

describe('bad input', () => {
  const vehicle = () => ({ kind: 'Vehicle', id: inCompany.vehicleId }) as Scope;
  const polygon = (points: GeoPoint[]) => ({
    name: 'Shape',
    shape: { type: 'Polygon', points },
    scope: vehicle(),
    rules: [ENTER],
  });
  const point = (latitudeDegrees: number, longitudeDegrees: number) => ({
    latitudeDegrees,
    longitudeDegrees,
  });

  it('is refused with field errors at the right keys, and nothing is saved or audited', async () => {
    const before = (await listed('Admin')).totalCount;
    const audited = (await app.db.selectFrom('auditLog').select('id').execute()).length;
    const corners = Array.from({ length: 201 }, (_, index) => {
      const angle = (2 * Math.PI * index) / 201;
      return point(-26 + 0.01 * Math.sin(angle), 28 + 0.01 * Math.cos(angle));
    });
    const cases: [object, Record<string, string[]>][] = [
      [
        polygon([point(-26, 28), point(-26.1, 28.1), point(-26, 28.1), point(-26.1, 28)]),
        { Points: [GEOFENCE_MESSAGES.selfIntersecting] },
      ],
      [polygon(corners), { Points: [GEOFENCE_MESSAGES.tooManyPoints] }],
      [circle('Zero', vehicle(), [ENTER], 0), { Radius: [GEOFENCE_MESSAGES.radiusRange] }],
      [
        circle('Dwell', vehicle(), [
          ENTER,
          { trigger: 'Dwell', dwellMinutes: null, schedule: null, priority: 1 },
        ]),
        { 'Rules[1].DwellMinutes': [GEOFENCE_MESSAGES.dwellMinutesRange] },
      ],
      [
        circle('Nights', vehicle(), [{ ...ENTER, schedule: { days: [], from: '22:00', to: '05:00' } }]),
        { 'Rules[0].Days': [ARMING_MESSAGES.daysRequired] },
      ],
      [
        { ...circle('  ', vehicle()), rules: [] },
        { Name: [GEOFENCE_MESSAGES.nameRequired], Rules: [GEOFENCE_MESSAGES.rulesRequired] },
      ],
    ];
    for (const [body, errors] of cases) {
      for (const url of ['/Geofences', '/Geofences/Preview']) {
        const answer = await call('Admin', 'POST', url, body);
        expect(answer.status, `${url} ${JSON.stringify(errors)}`).toBe(400);
        expect(answer.body.errors).toEqual(errors);
      }
    }
    const yard = (await listed('Admin', `scopeKind=Company&scopeId=${companyId}`)).items[0]!;
    const wrongEdit = await call(
      'Admin',
      'PUT',
      `/Geofences/${yard.id}`,
      circle('Yard', vehicle(), [ENTER], 0),
    );
    expect(wrongEdit.body.errors).toEqual({ Radius: [GEOFENCE_MESSAGES.radiusRange] });

    expect((await listed('Admin')).totalCount).toBe(before);
    expect((await call('Admin', 'GET', `/Geofences/${yard.id}`)).body).toEqual(yard);
    expect(await app.db.selectFrom('auditLog').select('id').execute()).toHaveLength(audited);
  });
});

describe('the audit log', () => {
  it('records every change, with who made it', async () => {
    const entries = await app.db
      .selectFrom('auditLog')
      .select(['action', 'userEmail', 'detail'])
      .where('targetType', '=', 'Geofence')
      .orderBy('id')
      .execute();
    expect(entries.slice(0, 6).map(({ action, userEmail }) => ({ action, userEmail }))).toEqual([
      { action: 'GeofenceCreated', userEmail: 'admin@sentinel.demo' },
      { action: 'GeofenceChanged', userEmail: 'admin@sentinel.demo' },
      { action: 'GeofenceRemoved', userEmail: 'admin@sentinel.demo' },
      { action: 'GeofenceCreated', userEmail: 'admin@sentinel.demo' },
      { action: 'GeofenceRemoved', userEmail: 'admin@sentinel.demo' },
      { action: 'GeofenceCreated', userEmail: 'agent@sentinel.demo' },
    ]);
    expect(JSON.parse(entries[1]!.detail!)).toEqual({
      from: { name: 'Hillbrow high-risk', shape: 'Circle', scope: everyone, rules: 1 },
      to: { name: 'Hillbrow', shape: 'Circle', scope: everyone, rules: 2 },
    });
  });
});

describe("'Try on the last 7 days'", () => {
  it('lists the breaches the rules would have raised over the stored fixes, oldest first, saving nothing', async () => {
    const now = Date.now();
    const hoursAgo = (hours: number) => new Date(now - hours * 3_600_000).toISOString();
    const far = { latitudeDegrees: CENTRE.latitudeDegrees + 0.05, longitudeDegrees: CENTRE.longitudeDegrees };
    const track: [number, GeoPoint][] = [
      [8 * 24, CENTRE], // before the 7 days: not read
      [30, far], // the first fix read only says where it stood
      [20, CENTRE],
      [10, far],
      [5, CENTRE],
    ];
    await insertPositionFixes(
      app.db,
      track.map(([hours, place]) => ({ vehicleId: inCompany.vehicleId, at: hoursAgo(hours), ...place })),
    );
    const before = (await listed('Admin')).totalCount;

    const body = circle('Try-out', { kind: 'Vehicle', id: inCompany.vehicleId }, [ENTER, EXIT]);
    const preview = await call<GeofencePreview>('Company-Admin', 'POST', '/Geofences/Preview', body);
    expect(preview.status).toBe(200);
    const { registrationNumber } = await app.db
      .selectFrom('vehicles')
      .select('registrationNumber')
      .where('id', '=', inCompany.vehicleId)
      .executeTakeFirstOrThrow();
    expect(preview.body).toMatchObject({ vehicles: 1, fixes: 4 });
    expect(Date.parse(preview.body.to) - Date.parse(preview.body.from)).toBe(7 * 24 * 3_600_000);
    expect(preview.body.breaches).toEqual([
      {
        vehicleId: inCompany.vehicleId,
        registrationNumber,
        at: hoursAgo(20),
        trigger: 'Enter',
        priority: 2,
        text: 'Entered Try-out (rule: on entering)',
      },
      expect.objectContaining({ at: hoursAgo(10), trigger: 'Exit', text: 'Left Try-out (rule: on leaving)' }),
      expect.objectContaining({ at: hoursAgo(5), trigger: 'Enter' }),
    ]);

    // The company's scope takes the vehicle in; an exit rule alone lists the exit alone.
    const exits = await call<GeofencePreview>(
      'Company-Admin',
      'POST',
      '/Geofences/Preview',
      circle('Try-out', { kind: 'Company', id: companyId }, [EXIT]),
    );
    expect(exits.body.breaches.map((breach) => [breach.trigger, breach.at])).toEqual([
      ['Exit', hoursAgo(10)],
    ]);

    // A vehicle without fixes: nothing to list.
    const quiet = await call<GeofencePreview>(
      'Admin',
      'POST',
      '/Geofences/Preview',
      circle('Try-out', { kind: 'Vehicle', id: outside.vehicleId }),
    );
    expect(quiet.body).toMatchObject({ vehicles: 0, fixes: 0, breaches: [] });
    expect((await listed('Admin')).totalCount).toBe(before);
  });

  it('lists the newest 500 breaches of a busy week, oldest of them first', async () => {
    // 1,300 fixes a minute apart, in and out of the circle in turn: 1,299 breaches.
    const start = Date.now() - 2 * 24 * 3_600_000;
    const far = { latitudeDegrees: CENTRE.latitudeDegrees + 0.05, longitudeDegrees: CENTRE.longitudeDegrees };
    const at = (minute: number) => new Date(start + minute * 60_000).toISOString();
    await insertPositionFixes(
      app.db,
      Array.from({ length: 1_300 }, (_, minute) => ({
        vehicleId: outside.vehicleId,
        at: at(minute),
        ...(minute % 2 === 0 ? CENTRE : far),
      })),
    );
    const preview = await call<GeofencePreview>(
      'Admin',
      'POST',
      '/Geofences/Preview',
      circle('Busy', { kind: 'Vehicle', id: outside.vehicleId }, [ENTER, EXIT]),
    );
    expect(preview.body).toMatchObject({ vehicles: 1, fixes: 1_300 });
    expect(preview.body.breaches).toHaveLength(500);
    expect(preview.body.breaches[0]?.at).toBe(at(800));
    expect(preview.body.breaches.at(-1)?.at).toBe(at(1_299));
  });
});
