/*
 * The api's log through a realistic session: staff sign in, an account holder is added with an ID
 * number and phone, a device with a fresh key reports a tamper, the vehicle is locked and its device
 * fetches and confirms the lock, a live-location link is made and read, and a password reset is
 * asked for. Every line written is then read: each is JSON, each request line carries the request's
 * id (the one answered in X-Request-Id), and no line holds a person's data or a secret.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { build, DEMO_SIGN_INS } from './index';
import { addTrackedVehicle } from './live/test-support';
import type { TrackedVehicle } from './live/test-support';
import { maskPersonalData, MASKED } from './plugins/log-redaction';

const ID_NUMBER = '9105055800086';
const PHONE = '0731234567';
/** The same phone as it may be written anywhere: stored, international, spaced. */
const PHONE_FORMS = [PHONE, '731234567', '+27731234567', '+27 73 123 4567', '073 123 4567'];
const EMAIL = 'nomvula.khumalo@example.co.za';
const PASSPORT = 'A12345678';
const ADMIN = DEMO_SIGN_INS.find((demo) => demo.role === 'Admin')!;
const AGENT = DEMO_SIGN_INS.find((demo) => demo.role === 'Technical-Agent')!;

const lines: string[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  app = await build({
    seed: true,
    devOutbox: true,
    dashboardUrl: 'https://dashboard.sentinel.example/',
    signupUrl: 'https://signup.sentinel.example/',
    logger: { level: 'debug', stream: { write: (line) => lines.push(line) } },
  });
});

afterAll(async () => {
  await app.close();
});

interface Logged {
  reqId?: string;
  msg?: string;
  commandId?: number;
  commandIds?: number[];
}

const parsed = () => lines.map((line) => JSON.parse(line) as Logged);
const idOf = (response: LightMyRequestResponse) => String(response.headers['x-request-id']);

async function signIn(email: string, password: string, requestId?: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/Auth/SignInByEmail',
    payload: { email, password },
    headers: requestId === undefined ? {} : { 'x-request-id': requestId },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { response, ...response.json<{ accessToken: string; refreshToken: string }>() };
}

describe('the log of a session', () => {
  const secrets: string[] = [];
  const responses: LightMyRequestResponse[] = [];
  let vehicle: TrackedVehicle;
  let commandId: number;

  beforeAll(async () => {
    const admin = await signIn(ADMIN.email, ADMIN.password, 'nginx-4f1c9a.2_b');
    const agent = await signIn(AGENT.email, AGENT.password, 'not safe\u2028{"reqId":"forged"}');
    responses.push(admin.response, agent.response);
    const staff = (token: string) => ({ authorization: `Bearer ${token}` });
    secrets.push(admin.accessToken, admin.refreshToken, agent.accessToken, agent.refreshToken);

    const holder = await app.inject({
      method: 'POST',
      url: '/Users/AccountHolder',
      headers: staff(agent.accessToken),
      payload: {
        FirstName: 'Nomvula',
        LastName: 'Khumalo',
        Email: EMAIL,
        PhoneCode: '27',
        PhoneNumber: PHONE,
        IdNumber: ID_NUMBER,
        IdNumberIsSouthAfrican: true,
        acceptedTermsAndConditionsAndPolicy: true,
        acceptedToAllowInformationToBeUsedToContact: true,
      },
    });
    expect(holder.statusCode, holder.body).toBe(200);
    responses.push(holder);

    vehicle = await addTrackedVehicle(app);
    secrets.push(vehicle.deviceKey);
    const device = { authorization: `Device ${vehicle.deviceKey}` };
    const tamper = await app.inject({
      method: 'POST',
      url: `/Devices/${vehicle.serialNumber}/Telemetry`,
      headers: device,
      payload: {
        timestamp: new Date().toISOString(),
        tamper: { carBatteryState: 'Normal', gpsState: 'Normal' },
      },
    });
    expect(tamper.statusCode, tamper.body).toBe(200);
    responses.push(tamper);

    const lock = await app.inject({
      method: 'PUT',
      url: `/Vehicles/${vehicle.vehicleId}/Lock`,
      headers: staff(admin.accessToken),
      payload: { reason: 'Test' },
    });
    expect(lock.statusCode, lock.body).toBe(202);
    commandId = lock.json<{ command: { id: number } }>().command.id;
    const fetched = await app.inject({
      method: 'GET',
      url: `/Devices/${vehicle.serialNumber}/Commands?waitSeconds=0`,
      headers: device,
    });
    expect(fetched.statusCode, fetched.body).toBe(200);
    const acked = await app.inject({
      method: 'POST',
      url: `/Devices/${vehicle.serialNumber}/Commands/${commandId}/Ack`,
      headers: device,
      payload: { status: 'Confirmed', locked: true },
    });
    expect(acked.statusCode, acked.body).toBe(200);
    responses.push(lock, fetched, acked);

    const alarm = await app.db
      .selectFrom('alarms')
      .select('id')
      .where('vehicleId', '=', vehicle.vehicleId)
      .executeTakeFirstOrThrow();
    const link = await app.inject({
      method: 'POST',
      url: `/Alarms/${alarm.id}/ShareLinks`,
      headers: staff(admin.accessToken),
      payload: { recipient: 'Armed response' },
    });
    expect(link.statusCode, link.body).toBe(201);
    const shareToken = link.json<{ url: string }>().url.split('/shared/')[1]!;
    secrets.push(shareToken);
    const read = await app.inject({ method: 'GET', url: `/Shared/${shareToken}` });
    expect(read.statusCode, read.body).toBe(200);
    responses.push(link, read);

    const reset = await app.inject({
      method: 'POST',
      url: '/Auth/StartPasswordReset',
      payload: { Email: EMAIL },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    responses.push(reset);
    // The link is mailed after the answer: wait for it, and keep its token and the holder's
    // password-creation token as secrets too.
    let mails: { body: string }[] = [];
    for (let tries = 0; tries < 200 && mails.length < 2; tries += 1) {
      const outbox = await app.inject({
        method: 'GET',
        url: '/Dev/Outbox',
        query: { recipient: EMAIL, channel: 'email' },
        headers: staff(admin.accessToken),
      });
      mails = outbox.json<{ items: { body: string }[] }>().items;
      if (mails.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(mails).toHaveLength(2);
    for (const mail of mails) secrets.push(/\?token=([\w%-]+)/.exec(mail.body)![1]!);

    // What a careless handler might log: a holder's record, a message naming a phone, an error.
    app.log.info({ holder: { idNumber: ID_NUMBER, phoneNumber: PHONE, email: EMAIL } }, 'holder saved');
    app.log.warn(`SMS to +27 73 123 4567 for ${EMAIL} (ID ${ID_NUMBER}, passport ${PASSPORT}) failed`);
    app.log.error(
      { err: new Error(`no user with phone 073 123 4567 and code ${'482913'}`) },
      'lookup failed',
    );
    app.log.info({ body: { code: '482913', deviceKey: vehicle.deviceKey } }, 'a body logged by mistake');
  });

  it('writes every line as JSON, each request line with its reqId', () => {
    expect(lines.length).toBeGreaterThan(20);
    const entries = parsed();
    const requestLines = entries.filter(
      (entry) => entry.msg === 'incoming request' || entry.msg === 'request completed',
    );
    expect(requestLines.length).toBeGreaterThanOrEqual(2 * responses.length);
    for (const entry of requestLines) expect(entry.reqId).toEqual(expect.any(String));
  });

  it('answers each request its id, and logs that id on the lines of that request only', () => {
    const entries = parsed();
    const ids = responses.map(idOf);
    expect(new Set(ids).size).toBe(ids.length);
    // A safe incoming id is kept (nginx's $request_id); an unsafe one is replaced by a UUID.
    expect(ids[0]).toBe('nginx-4f1c9a.2_b');
    expect(ids[1]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(lines.join('')).not.toContain('forged');
    for (const id of ids) {
      const own = entries.filter((entry) => entry.reqId === id).map((entry) => entry.msg);
      expect(own).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    }
  });

  it("joins the lock request to the command's delivery and acknowledgement by the command id", () => {
    const entries = parsed();
    const [lock, fetched, acked] = responses.slice(4, 7).map(idOf);
    expect(entries).toContainEqual(
      expect.objectContaining({ reqId: lock, commandId, msg: 'command issued' }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({ reqId: fetched, commandIds: [commandId], msg: 'commands delivered' }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({ reqId: acked, commandId, msg: 'command acknowledged' }),
    );
  });

  it("logs the live messages a request causes with that request's id", () => {
    const tamper = idOf(responses[3]!);
    expect(parsed()).toContainEqual(
      expect.objectContaining({ reqId: tamper, msg: 'live message sent', liveMessage: expect.any(String) }),
    );
  });

  it('holds no ID number, passport, phone, e-mail address, token, device key or code', () => {
    const log = lines.join('');
    expect(log).toContain(MASKED);
    for (const never of [ID_NUMBER, ...PHONE_FORMS, EMAIL, PASSPORT, '482913', ...secrets]) {
      expect(log, never).not.toContain(never);
    }
    expect(log).not.toMatch(/Bearer\s+\w/);
  });
});

describe('maskPersonalData', () => {
  it("keeps a line's own figures: its epoch time, a response time, a UUID, ids and counts", () => {
    const line =
      '{"level":30,"time":1764290000123,"pid":4821,"reqId":"0b7e6f1a-3c2d-4e5f-8a9b-1c2d3e4f5a6b",' +
      '"url":"/Vehicles/1234567/Lock","responseTime":12.3456789012345,"commandId":42}';
    expect(maskPersonalData(line)).toBe(line);
  });

  it('masks ID numbers, phones and e-mail addresses wherever they stand', () => {
    expect(maskPersonalData(`"msg":"ID 800101 5009 087, call 082 555 0199 or +27825550199, a@b.co.za"`)).toBe(
      `"msg":"ID ${MASKED}, call ${MASKED} or ${MASKED}, ${MASKED}"`,
    );
  });
});
