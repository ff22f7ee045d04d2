import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../index';
import { instant } from '../db/database';
import { serverBuildOptions } from '../config';
import { redactUrl } from '../plugins/log-redaction';
import { clickatellSender } from './clickatell';
import { startClickatellStandIn, statusCallbackBody } from './clickatell-stand-in';
import type { ClickatellStandIn } from './clickatell-stand-in';
import { DeliveryError } from './messages';
import { smsOptions } from './sms-settings';

const TOKEN = randomBytes(24).toString('hex');
const REPORTS = `/Sms/DeliveryReports/${TOKEN}`;

/** The stand-in the api sends through. */
let clickatell: ClickatellStandIn;
/** A second one, for failures told to the next request, which nothing else reaches. */
let failing: ClickatellStandIn;
let app: FastifyInstance;
let apiUrl: string;
let alarmId: number;
let vehicleId: number;
const alarmEvents: { vehicleId: number; alarmId: number }[] = [];

beforeAll(async () => {
  clickatell = await startClickatellStandIn({ apiKey: 'k3y-0f-the-integration' });
  failing = await startClickatellStandIn({ apiKey: 'k3y-0f-the-integration' });
  app = await build({
    seed: true,
    sms: {
      provider: 'clickatell',
      clickatell: { apiKey: clickatell.apiKey, baseUrl: clickatell.url, from: '27870000000' },
      deliveryReportToken: TOKEN,
    },
  });
  apiUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  app.vehicleEvents.on('alarm', (event) => alarmEvents.push(event));
  // An alarm already acknowledged, so no worker of the api tells anyone of it meanwhile.
  const vehicle = await app.db.selectFrom('vehicles').select('id').orderBy('id').executeTakeFirstOrThrow();
  vehicleId = vehicle.id;
  const now = instant();
  const alarm = await app.db
    .insertInto('alarms')
    .values({
      vehicleId,
      kind: 'Panic',
      priority: 1,
      state: 'Acknowledged',
      acknowledgeWithinSeconds: 30,
      openedAt: now,
      lastEventAt: now,
      acknowledgedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  alarmId = alarm.id;
});

afterAll(async () => {
  await app?.close();
  await clickatell?.close();
  await failing?.close();
});

/** A holder's SMS the worker has handed to Clickatell, which answered this id. */
async function sentSms(providerMessageId: string, recipientName = 'Thandiwe Nkosi') {
  const now = instant();
  const row = await app.db
    .insertInto('notifications')
    .values({
      alarmId,
      audience: 'Holder',
      channel: 'sms',
      recipient: '+27821234567',
      recipientName,
      subject: '',
      body: 'Sentinel: panic on CA 123-456.',
      state: 'Sent',
      attempts: 1,
      nextAttemptAt: now,
      providerMessageId,
      createdAt: now,
      sentAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const notification = (id: number) =>
  app.db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const messageLines = () =>
  app.db
    .selectFrom('alarmEvents')
    .select('text')
    .where('alarmId', '=', alarmId)
    .where('type', '=', 'Message')
    .execute()
    .then((rows) => rows.map((row) => row.text));

const report = (url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, payload: payload as object });

/** Rejects with the DeliveryError of a send through the failing stand-in. */
async function deliveryError(send: Promise<unknown>): Promise<DeliveryError> {
  const error = await send.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  // Whatever went wrong, the API key is in no message the worker records.
  expect((error as DeliveryError).message).not.toContain('k3y-0f-the-integration');
  return error as DeliveryError;
}

describe('sending an SMS through Clickatell', () => {
  it("posts the documented request and answers Clickatell's message id", async () => {
    const body = 'Sentinel: tamper on CA 123-456 at 14:02.';
    const sent = await app.messages.sendSms({ to: '+27821234567', body });

    const request = clickatell.requests.find((each) =>
      JSON.stringify(each.body).includes('tamper on CA 123-456'),
    );
    expect(request).toMatchObject({
      authorization: 'k3y-0f-the-integration',
      contentType: 'application/json',
    });
    expect(request?.body).toEqual({
      messages: [{ channel: 'sms', to: '27821234567', content: body, from: '27870000000' }],
    });
    const taken = clickatell.messages.find((message) => message.content === body);
    expect(taken?.apiMessageId).toMatch(/^[0-9a-f]{32}$/);
    expect(sent).toEqual({ providerMessageId: taken?.apiMessageId });
  });

  it('throws a DeliveryError to try again for a 503, the rate limit, a bad key or a hung provider', async () => {
    const sender = clickatellSender({ apiKey: failing.apiKey, baseUrl: failing.url, timeoutMs: 2_000 });
    const sms = { to: '+27821234567', body: 'Sentinel: test.' };

    failing.failNext(1, { kind: 'unavailable' });
    const outage = await deliveryError(sender.sendSms(sms));
    expect(outage).toMatchObject({ permanent: false });
    expect(outage.message).toMatch(/Clickatell answered 503/);

    failing.failNext(1, { kind: 'error', code: 43 });
    expect(await deliveryError(sender.sendSms(sms))).toMatchObject({ permanent: false });

    const wrongKey = clickatellSender({ apiKey: 'not-the-key', baseUrl: failing.url });
    const refused = await deliveryError(wrongKey.sendSms(sms));
    expect(refused).toMatchObject({ permanent: false });
    expect(refused.message).toMatch(/Invalid or missing integration API Key \(error 1\)/);

    failing.failNext(1, { kind: 'hang' });
    const hurried = clickatellSender({ apiKey: failing.apiKey, baseUrl: failing.url, timeoutMs: 150 });
    const hung = await deliveryError(hurried.sendSms(sms));
    expect(hung).toMatchObject({ permanent: false, message: 'Clickatell did not answer within 150 ms' });

    // Taken again once the provider is back.
    expect(await sender.sendSms(sms)).toMatchObject({ providerMessageId: expect.any(String) });
  });

  it('throws a permanent DeliveryError for an invalid number or a refused sender', async () => {
    const sender = clickatellSender({ apiKey: failing.apiKey, baseUrl: failing.url });

    const invalid = await deliveryError(sender.sendSms({ to: '+27 82', body: 'Sentinel: test.' }));
    expect(invalid).toMatchObject({ permanent: true });
    expect(invalid.message).toMatch(/Invalid recipient address: 27 82 \(error 25\)/);

    failing.failNext(1, { kind: 'error', code: 45 });
    const sender45 = await deliveryError(sender.sendSms({ to: '+27821234567', body: 'Sentinel: test.' }));
    expect(sender45).toMatchObject({ permanent: true });
    expect(sender45.message).toMatch(/FROM number is not related to integration \(error 45\)/);
  });
});

describe("Clickatell's delivery reports", () => {
  it("marks the SMS delivered once, with one line on its alarm's timeline, and tells staff screens", async () => {
    const id = await sentSms('5f1c0e7d9a2b4c6d8e0f1a2b3c4d5e6f');
    const url = `${apiUrl}${REPORTS}`;
    alarmEvents.length = 0;

    // Sent to the supplier: still on its way.
    expect(
      await clickatell.postStatus(url, { messageId: '5f1c0e7d9a2b4c6d8e0f1a2b3c4d5e6f', statusCode: 4 }),
    ).toBe(200);
    expect(await notification(id)).toMatchObject({ state: 'Sent', deliveredAt: null });

    // Clickatell's time of delivery, a little before the report reaches us.
    const at = Math.floor(Date.now() / 1000) * 1000 - 30_000;
    expect(
      await clickatell.postStatus(url, {
        messageId: '5f1c0e7d9a2b4c6d8e0f1a2b3c4d5e6f',
        statusCode: 5,
        timestamp: at,
      }),
    ).toBe(200);
    expect(await notification(id)).toMatchObject({
      state: 'Delivered',
      deliveredAt: new Date(at).toISOString(),
    });
    expect(await messageLines()).toEqual(['SMS to Thandiwe Nkosi: delivered']);
    expect(alarmEvents).toEqual([{ vehicleId, alarmId }]);

    // Clickatell sends it again (our answer was slow): nothing changes.
    expect(
      await clickatell.postStatus(url, { messageId: '5f1c0e7d9a2b4c6d8e0f1a2b3c4d5e6f', statusCode: 5 }),
    ).toBe(200);
    expect(await messageLines()).toEqual(['SMS to Thandiwe Nkosi: delivered']);
    expect(alarmEvents).toHaveLength(1);
  });

  it('marks the SMS failed with the reason, on the row and on the timeline', async () => {
    const id = await sentSms('0a9b8c7d6e5f40312233445566778899', 'Sipho Dlamini (contact 1)');
    const answer = await report(
      REPORTS,
      statusCallbackBody({ messageId: '0a9b8c7d6e5f40312233445566778899', statusCode: 29 }),
    );

    expect(answer.statusCode).toBe(200);
    const row = await notification(id);
    expect(row).toMatchObject({
      state: 'Failed',
      lastError: 'the number does not exist (Clickatell status 29)',
      deliveredAt: null,
    });
    expect(row.failedAt).not.toBeNull();
    expect(await messageLines()).toContain(
      'SMS to Sipho Dlamini (contact 1): failed: the number does not exist (Clickatell status 29)',
    );
  });

  it('answers a wrong or missing token as a route that does not exist, and changes nothing', async () => {
    const id = await sentSms('11112222333344445555666677778888');
    const body = statusCallbackBody({ messageId: '11112222333344445555666677778888', statusCode: 5 });

    const wrong = await report(`/Sms/DeliveryReports/${TOKEN.slice(0, -1)}x`, body);
    expect(wrong.statusCode).toBe(404);
    const missing = await report('/Sms/DeliveryReports/', body);
    expect(missing.statusCode).toBe(404);
    const nowhere = await report('/Sms/Nowhere', body);
    expect(wrong.json()).toEqual({ ...nowhere.json(), message: expect.stringMatching(/^No route for POST/) });
    // Even a body that is not valid says nothing without the token.
    expect((await report(`/Sms/DeliveryReports/wrong`, { event: 'nope' })).statusCode).toBe(404);
    expect(await notification(id)).toMatchObject({ state: 'Sent' });
  });

  it('keeps the token out of the request log', () => {
    expect(redactUrl(REPORTS)).toBe('/Sms/DeliveryReports/[redacted]');
  });

  it('answers a malformed report with field errors, never a 500', async () => {
    const noEvent = await report(REPORTS, { integrationId: 'x' });
    expect(noEvent.statusCode).toBe(400);
    expect(noEvent.json()).toMatchObject({ status: 400, errors: { Event: [expect.any(String)] } });

    const badUpdate = await report(REPORTS, {
      event: { messageStatusUpdate: [{ messageId: '', statusCode: 'delivered' }] },
    });
    expect(badUpdate.statusCode).toBe(400);
    expect(Object.keys(badUpdate.json<{ errors: object }>().errors).sort()).toEqual([
      'Event.MessageStatusUpdate.0.MessageId',
      'Event.MessageStatusUpdate.0.StatusCode',
    ]);

    const notJson = await app.inject({
      method: 'POST',
      url: REPORTS,
      headers: { 'content-type': 'application/json' },
      payload: '{"event":',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('answers 200 to a report of a message it does not know, and to other events', async () => {
    const before = await messageLines();
    const unknown = await report(
      REPORTS,
      statusCallbackBody({ messageId: 'ffffffffffffffffffffffffffffffff', statusCode: 5 }),
    );
    expect(unknown.statusCode).toBe(200);
    const reply = await report(REPORTS, { integrationId: 'x', event: { moMessage: [{ content: 'STOP' }] } });
    expect(reply.statusCode).toBe(200);
    expect(await messageLines()).toEqual(before);
  });
});

describe('the SMS settings', () => {
  const LONG_TOKEN = 'f3a9c2e8b1d47a60c5e9f2b8a1d3c7e4';

  it('records SMS in the outbox unless SMS_PROVIDER says clickatell, and reads every Clickatell setting', () => {
    expect(smsOptions({})).toEqual({ provider: 'outbox' });
    expect(smsOptions({ SMS_PROVIDER: 'Outbox', CLICKATELL_API_KEY: 'ignored' })).toEqual({
      provider: 'outbox',
    });
    expect(
      smsOptions({
        SMS_PROVIDER: 'clickatell',
        CLICKATELL_API_KEY: 'integration-key',
        CLICKATELL_URL: 'http://127.0.0.1:9999',
        CLICKATELL_FROM: '27870000000',
        SMS_TIMEOUT_MS: '4000',
        SMS_DELIVERY_REPORT_TOKEN: 'dev-token',
      }),
    ).toEqual({
      provider: 'clickatell',
      clickatell: {
        apiKey: 'integration-key',
        baseUrl: 'http://127.0.0.1:9999',
        from: '27870000000',
        timeoutMs: 4000,
      },
      deliveryReportToken: 'dev-token',
    });
    // The live platform, the integration's sender and 10 s by default; no token: no reports.
    expect(smsOptions({ SMS_PROVIDER: 'clickatell', CLICKATELL_API_KEY: 'integration-key' })).toEqual({
      provider: 'clickatell',
      clickatell: { apiKey: 'integration-key' },
    });
  });

  it('refuses a missing key, an unknown provider and bad values, naming the setting', () => {
    expect(() => serverBuildOptions({ SMS_PROVIDER: 'clickatell' })).toThrow(
      'CLICKATELL_API_KEY must be set with SMS_PROVIDER=clickatell.',
    );
    expect(() => smsOptions({ SMS_PROVIDER: 'bulksms' })).toThrow(
      "SMS_PROVIDER must be outbox or clickatell; it is 'bulksms'.",
    );
    const clickatellEnv = { SMS_PROVIDER: 'clickatell', CLICKATELL_API_KEY: 'integration-key' };
    expect(() => smsOptions({ ...clickatellEnv, CLICKATELL_URL: 'platform.clickatell.com' })).toThrow(
      /CLICKATELL_URL must be/,
    );
    expect(() => smsOptions({ ...clickatellEnv, SMS_TIMEOUT_MS: '0' })).toThrow(/SMS_TIMEOUT_MS must be/);
    expect(() => smsOptions({ ...clickatellEnv, SMS_DELIVERY_REPORT_TOKEN: 'a/b?c' })).toThrow(
      /SMS_DELIVERY_REPORT_TOKEN must hold only/,
    );
  });

  it('refuses to start in production without a delivery-report token of 32 characters', () => {
    const production = {
      NODE_ENV: 'production',
      SMS_PROVIDER: 'clickatell',
      CLICKATELL_API_KEY: 'integration-key',
    };
    expect(() => smsOptions(production)).toThrow(
      /SMS_DELIVERY_REPORT_TOKEN must be set to at least 32 characters with NODE_ENV=production and SMS_PROVIDER=clickatell; it is not set\./,
    );
    expect(() => smsOptions({ ...production, SMS_DELIVERY_REPORT_TOKEN: 'short-token' })).toThrow(
      /; it has 11\./,
    );
    expect(() => smsOptions({ NODE_ENV: 'production', SMS_PROVIDER: 'clickatell' })).toThrow(
      /CLICKATELL_API_KEY/,
    );
    expect(smsOptions({ ...production, SMS_DELIVERY_REPORT_TOKEN: LONG_TOKEN }).deliveryReportToken).toBe(
      LONG_TOKEN,
    );
    // The outbox needs neither in production.
    expect(smsOptions({ NODE_ENV: 'production' })).toEqual({ provider: 'outbox' });
  });
});
