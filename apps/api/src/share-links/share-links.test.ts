/*
 * Live-location links through the real routes (SQLite): staff make, list and revoke them from an
 * alarm in their scope; the public read shows the vehicle, its position and last 30 minutes of
 * track, and records each view with the address; and every token it cannot show, whatever the
 * reason, is answered exactly alike.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AlarmEvent,
  CreatedShareLink,
  ProblemDetails,
  SharedLocation,
  ShareLink,
} from '@sentinel/domain';
import { SHARE_LINK_MESSAGES } from '@sentinel/domain';
import { serverBuildOptions } from '../config';
import { addCompanyOfDemoAdmin, addTrackedVehicle } from '../live/test-support';
import type { TrackedVehicle } from '../live/test-support';
import { ago, alarmsOfVehicle, call, detail, report, startAlarmApi } from '../alarms/test-support';
import type { AlarmApi } from '../alarms/test-support';
import { redactUrl } from '../plugins/log-redaction';
import { shareLinkOptions, shareLinkSettings } from './share-link-settings';

const DASHBOARD_URL = 'https://dashboard.example.test';
const VIEWS_PER_MINUTE = 5;
const ADMIN = 'Ayanda Dlamini';

let api: AlarmApi;
const alarmEvents: number[] = [];

beforeAll(async () => {
  api = await startAlarmApi({
    dashboardUrl: `${DASHBOARD_URL}/`,
    shareLinks: { maxHours: 12, viewsPerMinute: VIEWS_PER_MINUTE },
  });
  api.app.vehicleEvents.on('alarm', ({ alarmId }) => alarmEvents.push(alarmId));
});

afterAll(async () => {
  await api.app.close();
});

/** A vehicle whose device just reported a tamper; answers the vehicle and its alarm. */
async function tamperAlarm(vehicle?: TrackedVehicle): Promise<{ vehicle: TrackedVehicle; alarmId: number }> {
  const tracked = vehicle ?? (await addTrackedVehicle(api.app));
  await report(api, tracked, {
    timestamp: ago(5),
    tamper: { carBatteryState: 'Normal', gpsState: 'Normal' },
  });
  return { vehicle: tracked, alarmId: (await alarmsOfVehicle(api, tracked.vehicleId)).at(-1)!.id };
}

function share(alarmId: number, body: object, role: 'Admin' | 'Company-Admin' = 'Admin') {
  return call<CreatedShareLink & ProblemDetails>(api, 'POST', `/Alarms/${alarmId}/ShareLinks`, body, role);
}

async function shared(alarmId: number, recipient = 'Armed response'): Promise<CreatedShareLink> {
  const answer = await share(alarmId, { recipient });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

const tokenOf = (link: CreatedShareLink) => link.url.split('/shared/')[1]!;

let addresses = 0;
/** A reader's address as the trusted proxy (loopback) reports it; each test reads from its own. */
const newAddress = () => `198.51.100.${(addresses += 1)}`;

/** The public read, no token of staff, from `address`. */
async function open(token: string, address: string) {
  const response = await fetch(`${api.url}/Shared/${token}`, { headers: { 'x-forwarded-for': address } });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

function auditOf(vehicleId: number) {
  return api.app.db
    .selectFrom('auditLog')
    .select(['action', 'detail'])
    .where('targetType', '=', 'Vehicle')
    .where('targetId', '=', String(vehicleId))
    .where('action', 'like', 'ShareLink%')
    .orderBy('id')
    .execute();
}

const viewsOf = (shareLinkId: number) =>
  api.app.db.selectFrom('shareLinkViews').selectAll().where('shareLinkId', '=', shareLinkId).execute();

describe('POST /Alarms/{id}/ShareLinks', () => {
  it('makes a 4-hour link whose token is shown once and stored only as its hash, on the timeline and in the audit log', async () => {
    const { vehicle, alarmId } = await tamperAlarm();
    const before = Date.now();

    const link = await shared(alarmId);

    expect(link).toMatchObject({
      alarmId,
      vehicleId: vehicle.vehicleId,
      recipient: 'Armed response',
      state: 'Active',
      createdBy: ADMIN,
      revokedDateTime: null,
      viewCount: 0,
      lastViewedDateTime: null,
    });
    expect(link.url).toMatch(new RegExp(`^${DASHBOARD_URL}/shared/[A-Za-z0-9_-]{43}$`));
    const lives = Date.parse(link.expiresDateTime) - Date.parse(link.createdDateTime);
    expect(lives).toBe(4 * 3_600_000);
    expect(Date.parse(link.createdDateTime)).toBeGreaterThanOrEqual(before - 1000);

    const token = tokenOf(link);
    const row = await api.app.db
      .selectFrom('shareLinks')
      .selectAll()
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('base64url'));
    expect(JSON.stringify(row)).not.toContain(token);

    const entry = (await detail(api, alarmId)).timeline.at(-1)!;
    expect(entry).toMatchObject({ type: 'ShareLink', byUserFirstName: 'Ayanda' });
    expect(entry.text).toMatch(
      /^Live location shared with Armed response until \d\d:\d\d by Ayanda Dlamini$/,
    );
    expect(await auditOf(vehicle.vehicleId)).toEqual([
      {
        action: 'ShareLinkCreated',
        detail: JSON.stringify({
          alarmId,
          shareLinkId: link.id,
          recipient: 'Armed response',
          expiresAt: link.expiresDateTime,
        }),
      },
    ]);
    expect(alarmEvents).toContain(alarmId);
  });

  it('takes the hours asked for, up to SHARE_LINK_MAX_HOURS, and refuses bad fields with field errors', async () => {
    const { alarmId } = await tamperAlarm();

    const twelve = await share(alarmId, { Recipient: ' SAPS Sandton ', Hours: 12 });
    expect(twelve.status).toBe(201);
    expect(twelve.body.recipient).toBe('SAPS Sandton');
    expect(Date.parse(twelve.body.expiresDateTime) - Date.parse(twelve.body.createdDateTime)).toBe(
      12 * 3_600_000,
    );

    const hours = { Hours: [SHARE_LINK_MESSAGES.hours(12)] };
    for (const [body, errors] of [
      [{ recipient: 'Armed response', hours: 13 }, hours],
      [{ recipient: 'Armed response', hours: 0 }, hours],
      [{ recipient: 'Armed response', hours: 2.5 }, hours],
      [{ recipient: '   ' }, { Recipient: [SHARE_LINK_MESSAGES.recipientRequired] }],
      [{ recipient: 'x'.repeat(101) }, { Recipient: [SHARE_LINK_MESSAGES.recipientTooLong] }],
    ] as const) {
      const refused = await share(alarmId, body);
      expect({ body, status: refused.status, errors: refused.body.errors }).toEqual({
        body,
        status: 400,
        errors,
      });
    }
    const notANumber = await share(alarmId, { recipient: 'Armed response', hours: 'four' });
    expect(notANumber.status).toBe(400);
    expect(Object.keys(notANumber.body.errors ?? {})).toEqual(['Hours']);
    const missing = await share(alarmId, {});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors ?? {})).toEqual(['Recipient']);
  });

  it('is 404 for a Company-Admin outside the vehicle’s companies, and works inside them', async () => {
    const { alarmId } = await tamperAlarm();
    const link = await shared(alarmId);

    expect((await share(alarmId, { recipient: 'Armed response' }, 'Company-Admin')).status).toBe(404);
    const list = await call(api, 'GET', `/Alarms/${alarmId}/ShareLinks`, undefined, 'Company-Admin');
    expect(list.status).toBe(404);
    const revoke = await call(api, 'POST', `/ShareLinks/${link.id}/Revoke`, undefined, 'Company-Admin');
    expect(revoke.status).toBe(404);
    expect((await call(api, 'POST', '/ShareLinks/999999/Revoke')).status).toBe(404);

    const companyAdmin = await api.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'company.admin@sentinel.demo')
      .executeTakeFirstOrThrow();
    const companyId = await addCompanyOfDemoAdmin(api.app, companyAdmin.id);
    const theirs = await tamperAlarm(await addTrackedVehicle(api.app, { companyId }));
    expect((await share(theirs.alarmId, { recipient: 'Fleet manager' }, 'Company-Admin')).status).toBe(201);
  });

  it('is refused (409) on a resolved alarm, and resolving ends the links still open', async () => {
    const { vehicle, alarmId } = await tamperAlarm();
    const open_ = await shared(alarmId, 'Armed response');
    const revokedBefore = await shared(alarmId, 'SAPS Sandton');
    expect((await call(api, 'POST', `/ShareLinks/${revokedBefore.id}/Revoke`)).status).toBe(200);
    expect((await open(tokenOf(open_), newAddress())).status).toBe(200);

    const resolved = await call(api, 'POST', `/Alarms/${alarmId}/Resolve`, { reason: 'FalseAlarm' });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);

    expect((await share(alarmId, { recipient: 'Armed response' })).status).toBe(409);
    expect((await open(tokenOf(open_), newAddress())).status).toBe(404);
    const timeline: AlarmEvent[] = (await detail(api, alarmId)).timeline;
    expect(timeline.filter((entry) => entry.type === 'ShareLink').map((entry) => entry.text)).toEqual([
      expect.stringMatching(/^Live location shared with Armed response until /),
      expect.stringMatching(/^Live location shared with SAPS Sandton until /),
      'Live location link for SAPS Sandton revoked by Ayanda Dlamini',
      'Live location link for Armed response ended: the alarm was resolved',
    ]);
    const audits = await auditOf(vehicle.vehicleId);
    expect(audits.map((entry) => entry.action)).toEqual([
      'ShareLinkCreated',
      'ShareLinkCreated',
      'ShareLinkRevoked',
      'ShareLinkRevoked',
    ]);
    expect(JSON.parse(audits.at(-1)!.detail!)).toMatchObject({ shareLinkId: open_.id, by: 'AlarmResolved' });
  });
});

describe('GET /Shared/{token}', () => {
  it("shows the vehicle, its latest position and last 30 minutes of track, who shared it and until when, and records the view's address", async () => {
    const vehicle = await addTrackedVehicle(api.app);
    await report(api, vehicle, { timestamp: ago(40 * 60), latitudeDegrees: -26.0, longitudeDegrees: 28.0 });
    await report(api, vehicle, { timestamp: ago(60), latitudeDegrees: -26.1, longitudeDegrees: 28.05 });
    await report(api, vehicle, { timestamp: ago(30), latitudeDegrees: -26.101, longitudeDegrees: 28.05 });
    const { alarmId } = await tamperAlarm(vehicle);
    const link = await shared(alarmId, 'SAPS Sandton');
    const address = newAddress();

    const answer = await open(tokenOf(link), address);

    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const body = JSON.parse(answer.text) as SharedLocation;
    expect(body).toMatchObject({
      registrationNumber: expect.stringMatching(/-TEST$/),
      make: 'Toyota',
      model: 'Hilux',
      colour: 'White',
      sharedBy: ADMIN,
      recipient: 'SAPS Sandton',
      expiresDateTime: link.expiresDateTime,
      position: { latitudeDegrees: -26.101, longitudeDegrees: 28.05 },
    });
    expect(body.position?.dateTime).toBe(body.track.at(-1)?.at);
    expect(body.track.map((fix) => fix.latitudeDegrees)).toEqual([-26.1, -26.101]);
    // 111 m in 30 s: about 13 km/h.
    expect(body.position?.speedKmh).toBeGreaterThan(12);
    expect(body.position?.speedKmh).toBeLessThan(15);
    // Nothing of the holder: name, ID number, phone, e-mail.
    for (const personal of ['Sipho', '8001015009087', '821112233', '@example.test'])
      expect(answer.text).not.toContain(personal);

    const views = await viewsOf(link.id);
    expect(views).toEqual([expect.objectContaining({ address })]);
    const [listed] = (await call<ShareLink[]>(api, 'GET', `/Alarms/${alarmId}/ShareLinks`)).body;
    expect(listed).toMatchObject({ id: link.id, viewCount: 1, lastViewedAddress: address, state: 'Active' });
    expect(listed).not.toHaveProperty('url');
    expect(JSON.stringify(listed)).not.toContain(tokenOf(link));
  });

  it('answers an expired, a revoked, an unknown and a malformed token exactly alike, and records no view', async () => {
    const { vehicle, alarmId } = await tamperAlarm();
    const expiring = await shared(alarmId, 'Armed response');
    const revoking = await shared(alarmId, 'SAPS Sandton');
    await api.app.db
      .updateTable('shareLinks')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expiring.id)
      .execute();
    const address = newAddress();
    expect((await open(tokenOf(revoking), address)).status).toBe(200);

    const revoked = await call<ShareLink>(api, 'POST', `/ShareLinks/${revoking.id}/Revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ state: 'Revoked', revokedBy: ADMIN, viewCount: 1 });
    const again = await call<ShareLink>(api, 'POST', `/ShareLinks/${revoking.id}/Revoke`);
    expect(again.body).toEqual(revoked.body);

    const answers = await Promise.all(
      [tokenOf(expiring), tokenOf(revoking), 'A'.repeat(43), 'not a token', 'é'.repeat(40)].map((token) =>
        open(token, newAddress()),
      ),
    );
    for (const answer of answers) {
      expect({ status: answer.status, body: JSON.parse(answer.text) as unknown }).toEqual({
        status: 404,
        body: { title: 'Not Found', status: 404, message: 'This link has expired' },
      });
    }
    expect(await viewsOf(expiring.id)).toEqual([]);
    expect(await viewsOf(revoking.id)).toHaveLength(1);

    const timeline: AlarmEvent[] = (await detail(api, alarmId)).timeline;
    expect(timeline.filter((entry) => entry.type === 'ShareLink').map((entry) => entry.text)).toEqual([
      expect.stringMatching(/^Live location shared with Armed response until /),
      expect.stringMatching(/^Live location shared with SAPS Sandton until /),
      'Live location link for SAPS Sandton revoked by Ayanda Dlamini',
    ]);
    expect((await auditOf(vehicle.vehicleId)).map((entry) => entry.action)).toEqual([
      'ShareLinkCreated',
      'ShareLinkCreated',
      'ShareLinkRevoked',
    ]);
    const states = (await call<ShareLink[]>(api, 'GET', `/Alarms/${alarmId}/ShareLinks`)).body;
    expect(states.map((link) => [link.id, link.state])).toEqual([
      [revoking.id, 'Revoked'],
      [expiring.id, 'Expired'],
    ]);
  });

  it('answers 429 past SHARE_LINK_VIEWS_PER_MINUTE reads from one address', async () => {
    const address = newAddress();
    for (let read = 0; read < VIEWS_PER_MINUTE; read += 1)
      expect((await open('A'.repeat(43), address)).status).toBe(404);

    const refused = await open('A'.repeat(43), address);

    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await open('A'.repeat(43), newAddress())).status).toBe(404);
  });

  it('keeps the token out of the request log', () => {
    expect(redactUrl('/Shared/abc_DEF-123')).toBe('/Shared/[redacted]');
  });
});

describe('the SHARE_LINK_* settings', () => {
  it('default to 4 hours, at most 24, 60 reads a minute', () => {
    expect(shareLinkSettings(shareLinkOptions({}))).toEqual({
      defaultHours: 4,
      maxHours: 24,
      viewsPerMinute: 60,
    });
    expect(
      serverBuildOptions({ SHARE_LINK_MAX_HOURS: '8', SHARE_LINK_DEFAULT_HOURS: '2' }).shareLinks,
    ).toEqual({
      maxHours: 8,
      defaultHours: 2,
    });
  });

  it('refuse a maximum past 24 hours or a default past the maximum', () => {
    expect(() => shareLinkOptions({ SHARE_LINK_MAX_HOURS: '25' })).toThrow(/SHARE_LINK_MAX_HOURS/);
    expect(() => shareLinkOptions({ SHARE_LINK_MAX_HOURS: '6', SHARE_LINK_DEFAULT_HOURS: '8' })).toThrow(
      /SHARE_LINK_DEFAULT_HOURS/,
    );
    expect(() => shareLinkOptions({ SHARE_LINK_VIEWS_PER_MINUTE: 'many' })).toThrow(
      /SHARE_LINK_VIEWS_PER_MINUTE/,
    );
  });
});
