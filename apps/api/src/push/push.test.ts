import { createECDH } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import webPush from 'web-push';
import { PUSH_MESSAGES } from '@sentinel/domain';
import { build } from '../index';
import { DeliveryError } from '../providers/messages';
import { demoTokens } from '../test-support/demo-tokens';
import { SubscriptionGoneError, webPushSender } from './push-plugin';
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER } from './routes';
import { standInBrowser, startPushServiceStandIn } from './push-service-stand-in';
import type { PushServiceStandIn } from './push-service-stand-in';

const SUBJECT = 'mailto:control-room@sentinel.example';
const vapid = { ...webPush.generateVAPIDKeys(), subject: SUBJECT };

let app: FastifyInstance;
let tokens: Awaited<ReturnType<typeof demoTokens>>;
let pushService: PushServiceStandIn;

beforeAll(async () => {
  [app, pushService] = await Promise.all([build({ seed: true, webPush: vapid }), startPushServiceStandIn()]);
  tokens = await demoTokens(app);
});

afterAll(async () => {
  await Promise.all([app?.close(), pushService?.close()]);
});

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

/** What a browser's PushSubscription.toJSON() gives, for a made-up push service endpoint. */
let serial = 0;
function browserSubscription(endpoint = `https://push.example.test/send/${(serial += 1)}-${Date.now()}`) {
  const { p256dh, auth } = standInBrowser().subscription(endpoint);
  return { endpoint, expirationTime: null, keys: { p256dh, auth } };
}

const stored = (endpoint: string) =>
  app.db
    .selectFrom('pushSubscriptions')
    .select(['userId', 'p256dh', 'auth'])
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();

const userIdOf = async (email: string) =>
  (await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

describe('GET /My/PushSubscriptions/Key', () => {
  it('gives staff the VAPID public key to subscribe with', async () => {
    const answer = await call('GET', '/My/PushSubscriptions/Key', tokens['Technical-Agent']);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ publicKey: vapid.publicKey });
  });
});

describe('PUT and DELETE /My/PushSubscriptions', () => {
  it('stores this browser for the caller, audited, binds it to whoever subscribes it next, and removes only the caller’s own', async () => {
    const browser = browserSubscription();
    const admin = await userIdOf('admin@sentinel.demo');
    const agent = await userIdOf('agent@sentinel.demo');

    const put = await call('PUT', '/My/PushSubscriptions', tokens.Admin, browser);
    expect(put.statusCode, put.body).toBe(204);
    expect(await stored(browser.endpoint)).toEqual({ userId: admin, ...browser.keys });
    const audit = await app.db
      .selectFrom('auditLog')
      .select(['action', 'targetId', 'detail'])
      .where('userId', '=', admin)
      .where('action', '=', 'PushSubscribed')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      action: 'PushSubscribed',
      targetId: String(admin),
      detail: JSON.stringify({ pushService: 'https://push.example.test' }),
    });

    // The agent signs in on the same browser and turns alarms on: the browser is theirs now.
    const rebound = await call('PUT', '/My/PushSubscriptions', tokens['Technical-Agent'], browser);
    expect(rebound.statusCode).toBe(204);
    expect((await stored(browser.endpoint))?.userId).toBe(agent);

    const notTheirs = await call('DELETE', '/My/PushSubscriptions', tokens.Admin, {
      endpoint: browser.endpoint,
    });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toMatchObject({ message: PUSH_MESSAGES.notFound });
    expect(await stored(browser.endpoint)).toBeDefined();

    const removed = await call('DELETE', '/My/PushSubscriptions', tokens['Technical-Agent'], {
      endpoint: browser.endpoint,
    });
    expect(removed.statusCode).toBe(204);
    expect(await stored(browser.endpoint)).toBeUndefined();
    const again = await call('DELETE', '/My/PushSubscriptions', tokens['Technical-Agent'], {
      endpoint: browser.endpoint,
    });
    expect(again.statusCode).toBe(404);
    const unsubscribed = await app.db
      .selectFrom('auditLog')
      .select('action')
      .where('userId', '=', agent)
      .where('action', '=', 'PushUnsubscribed')
      .execute();
    expect(unsubscribed).toHaveLength(1);
  });

  it('answers field errors for an endpoint or keys a browser would not send, never storing them', async () => {
    const good = browserSubscription();
    const notOnTheCurve = Buffer.alloc(65, 1);
    notOnTheCurve[0] = 4;
    const cases: [object, Record<string, string[]>][] = [
      [
        { endpoint: 'http://push.example.test/send/1', keys: { p256dh: 'short', auth: 'AAAA' } },
        {
          Endpoint: [PUSH_MESSAGES.endpoint],
          'Keys.P256dh': [PUSH_MESSAGES.p256dh],
          'Keys.Auth': [PUSH_MESSAGES.auth],
        },
      ],
      [{ ...good, endpoint: 'https://127.0.0.1:8443/send/1' }, { Endpoint: [PUSH_MESSAGES.endpoint] }],
      [{ ...good, endpoint: 'https://localhost/send/1' }, { Endpoint: [PUSH_MESSAGES.endpoint] }],
      [
        { ...good, keys: { ...good.keys, p256dh: notOnTheCurve.toString('base64url') } },
        { 'Keys.P256dh': [PUSH_MESSAGES.p256dh] },
      ],
      [
        { ...good, keys: { ...good.keys, auth: `${good.keys.auth}AAAA` } },
        { 'Keys.Auth': [PUSH_MESSAGES.auth] },
      ],
    ];
    for (const [body, errors] of cases) {
      const answer = await call('PUT', '/My/PushSubscriptions', tokens.Admin, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().errors).toEqual(errors);
    }

    const missing = await call('PUT', '/My/PushSubscriptions', tokens.Admin, { endpoint: good.endpoint });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(['Keys']);
    const tooLong = await call('PUT', '/My/PushSubscriptions', tokens.Admin, {
      ...good,
      endpoint: `https://push.example.test/${'a'.repeat(1000)}`,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json().errors)).toEqual(['Endpoint']);
    const noEndpoint = await call('DELETE', '/My/PushSubscriptions', tokens.Admin, {});
    expect(noEndpoint.statusCode).toBe(400);

    const count = await app.db
      .selectFrom('pushSubscriptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('endpoint', 'not like', 'https://push.example.test/send/%')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it(`keeps a person's ${MAX_PUSH_SUBSCRIPTIONS_PER_USER} latest browsers`, async () => {
    const manager = await userIdOf('company.admin@sentinel.demo');
    const browsers = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS_PER_USER + 1 }, () => browserSubscription());
    for (const browser of browsers) {
      expect((await call('PUT', '/My/PushSubscriptions', tokens['Company-Admin'], browser)).statusCode).toBe(
        204,
      );
    }
    const kept = await app.db
      .selectFrom('pushSubscriptions')
      .select('endpoint')
      .where('userId', '=', manager)
      .execute();
    expect(kept.map((row) => row.endpoint).sort()).toEqual(
      browsers
        .slice(1)
        .map((browser) => browser.endpoint)
        .sort(),
    );
  });

  it('is for staff only', async () => {
    const holder = tokens['Account-Holder'];
    expect((await call('GET', '/My/PushSubscriptions/Key', holder)).statusCode).toBe(403);
    expect((await call('PUT', '/My/PushSubscriptions', holder, browserSubscription())).statusCode).toBe(403);
    expect(
      (await call('DELETE', '/My/PushSubscriptions', holder, { endpoint: 'https://push.example.test/x' }))
        .statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/My/PushSubscriptions/Key' })).statusCode).toBe(401);
  });
});

describe('app.webPush.send, to a push service on this machine', () => {
  it('sends the message encrypted for the browser alone, signed with the VAPID key for the push service’s origin, urgent and kept an hour', async () => {
    const browser = standInBrowser();
    const message = JSON.stringify({
      title: 'Tamper · CA 123-456',
      body: 'Opened 08:14',
      alarmId: 7,
      url: '/agent/alarms/7',
    });

    await app.webPush.send(browser.subscription(pushService.endpoint('staff-browser-1')), message);

    const taken = pushService.taken.at(-1)!;
    expect(taken.path).toBe('/push/staff-browser-1');
    expect(browser.decrypt(taken.body)).toBe(message);
    expect(() => standInBrowser().decrypt(taken.body)).toThrow();
    expect(taken).toMatchObject({
      ttl: '3600',
      urgency: 'high',
      contentEncoding: 'aes128gcm',
      vapidKey: vapid.publicKey,
      claims: { aud: pushService.origin, sub: SUBJECT },
    });
    expect(taken.claims.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it('throws a permanent SubscriptionGoneError for 410, a permanent refusal for 413, and a DeliveryError to retry for 503', async () => {
    const target = (name: string) => standInBrowser().subscription(pushService.endpoint(name));
    const gone = await app.webPush.send(target('gone'), '{}').catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(SubscriptionGoneError);
    expect(gone).toMatchObject({ permanent: true });

    const tooBig = await app.webPush.send(target('too-big'), '{}').catch((error: unknown) => error);
    expect(tooBig).toBeInstanceOf(DeliveryError);
    expect(tooBig).not.toBeInstanceOf(SubscriptionGoneError);
    expect(tooBig).toMatchObject({ permanent: true });

    const busy = await app.webPush.send(target('busy'), '{}').catch((error: unknown) => error);
    expect(busy).toBeInstanceOf(DeliveryError);
    expect(busy).toMatchObject({ permanent: false, message: 'The push service is busy or down (503).' });
  });

  it('is refused by the push service when the key it names did not sign the request', async () => {
    const other = webPush.generateVAPIDKeys();
    // A sender whose public key is not its private key's: what a mixed-up pair of settings would do.
    const impostor = webPushSender({ ...vapid, publicKey: other.publicKey });
    const refusedBefore = pushService.refused.length;

    const error = await impostor
      .send(standInBrowser().subscription(pushService.endpoint('staff-browser-2')), '{}')
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({ permanent: true, message: 'The push service refused the message (401).' });
    expect(pushService.refused.slice(refusedBefore)).toEqual(['signature verification failed']);
  });

  it('retries later when the push service does not answer in time or cannot be reached', async () => {
    // Takes the request and never answers it.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    try {
      const sender = webPushSender(vapid, { timeoutMs: 200 });
      const browser = standInBrowser();
      const late = await sender
        .send(browser.subscription(`http://127.0.0.1:${port}/push/1`), '{}')
        .catch((error: unknown) => error);
      expect(late).toMatchObject({ permanent: false, message: 'The push service did not answer in time.' });
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
    const unreachable = await webPushSender(vapid)
      .send(standInBrowser().subscription(`http://127.0.0.1:${port}/push/1`), '{}')
      .catch((error: unknown) => error);
    expect(unreachable).toMatchObject({
      permanent: false,
      message: 'The push service could not be reached.',
    });
  });

  it('refuses for good a subscription whose key is not a P-256 point', async () => {
    const point = createECDH('prime256v1');
    point.generateKeys();
    const bad = Buffer.from(point.getPublicKey());
    bad[64] = bad[64]! ^ 1;
    const error = await app.webPush
      .send(
        {
          endpoint: pushService.endpoint('x'),
          p256dh: bad.toString('base64url'),
          auth: 'AAAAAAAAAAAAAAAAAAAAAA',
        },
        '{}',
      )
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error).toMatchObject({ permanent: true });
  });
});
