import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { build, DEMO_SIGN_INS } from '../index';
import { DELIVERY_HEADER, SIGNATURE_HEADER, webhookPartnerAlert } from './partner-alerts';
import type { PartnerAlert } from './partner-alerts';

const SECRET = 'aura-shared-secret';

interface Received {
  body: string;
  signature: string;
  delivery: string;
}

/** A partner's webhook on localhost, answering each request with the next of `answers`. */
async function partner(answers: ((response: ServerResponse) => void)[]) {
  const received: Received[] = [];
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({
        body,
        signature: String(request.headers[SIGNATURE_HEADER.toLowerCase()]),
        delivery: String(request.headers[DELIVERY_HEADER.toLowerCase()]),
      });
      const answer = answers[Math.min(received.length - 1, answers.length - 1)]!;
      answer(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/alerts`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const accept = (response: ServerResponse) =>
  response.writeHead(202, { 'content-type': 'application/json' }).end('{"status":"Dispatched"}');
const fail = (response: ServerResponse) => response.writeHead(503).end('busy');
const never = () => undefined;

const ALERT: PartnerAlert = {
  partner: 'Aura',
  vehicleId: 7,
  registrationNumber: 'CA 123-456',
  latitudeDegrees: -33.92,
  longitudeDegrees: 18.42,
  raisedBy: { firstName: 'Pieter', lastName: 'van Wyk' },
};

/** Verifies a signature header the way a partner would. */
function verifies(signature: string, body: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature);
  if (!match) return false;
  const expected = createHmac('sha256', SECRET).update(`${match[1]}.${body}`).digest('hex');
  return expected === match[2];
}

const servers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('the webhook provider', () => {
  it('posts the alert signed with the shared secret, and reports the partner accepted it', async () => {
    const aura = await partner([accept]);
    servers.push(aura);

    const outcome = await webhookPartnerAlert({ url: aura.url, secret: SECRET }).dispatch(ALERT);

    expect(outcome).toEqual({ accepted: true, status: 'Dispatched', attempts: 1, httpStatus: 202 });
    const [request] = aura.received;
    expect(verifies(request!.signature, request!.body)).toBe(true);
    expect(verifies(request!.signature, request!.body.replace('CA 123-456', 'CA 999-999'))).toBe(false);
    expect(JSON.parse(request!.body)).toMatchObject({
      type: 'vehicle.alert',
      partner: 'Aura',
      vehicle: {
        id: 7,
        registrationNumber: 'CA 123-456',
        lastKnownPosition: { latitudeDegrees: -33.92, longitudeDegrees: 18.42 },
      },
      raisedBy: { firstName: 'Pieter', lastName: 'van Wyk' },
    });
  });

  it('retries a partner that fails twice, with one delivery id, and succeeds on the third', async () => {
    const aura = await partner([fail, fail, accept]);
    servers.push(aura);

    const outcome = await webhookPartnerAlert({ url: aura.url, secret: SECRET }, { backoffMs: 20 }).dispatch(
      ALERT,
    );

    expect(outcome).toEqual({ accepted: true, status: 'Dispatched', attempts: 3, httpStatus: 202 });
    expect(aura.received).toHaveLength(3);
    expect(new Set(aura.received.map((request) => request.delivery)).size).toBe(1);
    expect(aura.received.every((request) => verifies(request.signature, request.body))).toBe(true);
  });

  it('gives up on a partner that never answers, after a timeout per attempt', async () => {
    const aura = await partner([never]);
    servers.push(aura);
    const started = Date.now();

    const outcome = await webhookPartnerAlert(
      { url: aura.url, secret: SECRET },
      { timeoutMs: 300, attempts: 2, backoffMs: 20 },
    ).dispatch(ALERT);

    expect(outcome).toEqual({
      accepted: false,
      status: 'no answer within 0.3 s',
      attempts: 2,
      httpStatus: null,
    });
    expect(aura.received).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
  });

  it('does not retry a refusal (4xx)', async () => {
    const aura = await partner([(response) => response.writeHead(400).end()]);
    servers.push(aura);

    const outcome = await webhookPartnerAlert({ url: aura.url, secret: SECRET }).dispatch(ALERT);

    expect(outcome).toEqual({ accepted: false, status: 'it answered 400', attempts: 1, httpStatus: 400 });
  });
});

describe('POST /Vehicles/{id}/AlertAura with a webhook configured', () => {
  let app: FastifyInstance;
  let authorization: string;
  let vehicleId: number;
  let aura: Awaited<ReturnType<typeof partner>>;
  let answers: ((response: ServerResponse) => void)[];

  beforeAll(async () => {
    answers = [accept];
    aura = await partner([(response) => answers.shift()!(response)]);
    app = await build({
      seed: true,
      devOutbox: true,
      partnerWebhooks: {
        webhooks: { Aura: { url: aura.url, secret: SECRET } },
        timeoutMs: 300,
        attempts: 2,
        backoffMs: 20,
      },
    });
    const admin = DEMO_SIGN_INS.find((demo) => demo.role === 'Admin')!;
    const signIn = await app.inject({
      method: 'POST',
      url: '/Auth/SignInByEmail',
      payload: { email: admin.email, password: admin.password },
    });
    authorization = `Bearer ${signIn.json<{ accessToken: string }>().accessToken}`;
    const device = await app.db
      .selectFrom('devices')
      .select('vehicleId')
      .where('vehicleId', 'is not', null)
      .executeTakeFirstOrThrow();
    vehicleId = device.vehicleId!;
  });

  afterAll(async () => {
    await app.close();
    await aura.close();
  });

  const alert = (path: string) =>
    app.inject({ method: 'POST', url: `/Vehicles/${vehicleId}/${path}`, headers: { authorization } });

  const stored = () =>
    app.db
      .selectFrom('partnerAlerts')
      .selectAll()
      .where('vehicleId', '=', vehicleId)
      .orderBy('id', 'desc')
      .execute();

  it("answers 'Dispatched' when the partner accepts, and stores the outcome and the history entry", async () => {
    answers = [accept];
    const response = await alert('AlertAura');

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'Dispatched' });
    expect((await stored())[0]).toMatchObject({
      partner: 'Aura',
      accepted: 1,
      status: 'Dispatched',
      attempts: 1,
    });
  });

  it('answers 502 with the reason when the partner fails, and writes no callout', async () => {
    answers = [fail, fail];
    const historyBefore = await app.db
      .selectFrom('vehicleHistory')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('vehicleId', '=', vehicleId)
      .executeTakeFirstOrThrow();

    const response = await alert('AlertAura');

    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ message: 'Aura did not accept the alert: it answered 503.' });
    expect((await stored())[0]).toMatchObject({ accepted: 0, attempts: 2, httpStatus: 503 });
    const historyAfter = await app.db
      .selectFrom('vehicleHistory')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('vehicleId', '=', vehicleId)
      .executeTakeFirstOrThrow();
    expect(Number(historyAfter.count)).toBe(Number(historyBefore.count));
  });

  it('keeps a partner without a URL on the outbox', async () => {
    const response = await alert('AlertCapitalAir');

    expect(response.json()).toEqual({ status: 'Dispatched' });
    const outbox = await app.inject({
      method: 'GET',
      url: '/Dev/Outbox?channel=partner&limit=1',
      headers: { authorization },
    });
    expect(outbox.json<{ items: { recipient: string }[] }>().items[0]).toMatchObject({
      recipient: 'Capital Air',
    });
  });
});
