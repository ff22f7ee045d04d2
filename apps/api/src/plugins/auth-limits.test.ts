import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { startRedisServer } from '@sentinel/signalr-hub/testing';
import type { RedisServer } from '@sentinel/signalr-hub/testing';
import { build, DEMO_SIGN_INS } from '../index';
import type { BuildOptions } from '../app';
import { readServerConfig } from '../config';
import { LIMITED_ROUTES } from './auth-limits';

const ADMIN = DEMO_SIGN_INS.find((user) => user.role === 'Admin')!;
const AGENT = DEMO_SIGN_INS.find((user) => user.role === 'Technical-Agent')!;

/** The api trusts X-Forwarded-For from loopback (where inject's requests come from), as behind nginx. */
const from = (address: string) => ({ 'x-forwarded-for': address });

const apps: FastifyInstance[] = [];
async function api(options: BuildOptions): Promise<FastifyInstance> {
  const app = await build({ seed: true, ...options });
  apps.push(app);
  return app;
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

function signIn(app: FastifyInstance, address: string, email: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/Auth/SignInByEmail',
    headers: from(address),
    payload: { email, password },
  });
}

describe('given a limit of 3 calls per address', () => {
  const limits = { perAddress: { max: 3, windowMs: 1_500 } };

  it('answers the 4th sign-in from one address 429 with Retry-After and a sentence to read', async () => {
    const app = await api({ authLimits: limits });
    for (let i = 0; i < 3; i += 1) {
      expect((await signIn(app, '203.0.113.7', `nobody${i}@example.com`, 'wrong')).statusCode).toBe(401);
    }
    const refused = await signIn(app, '203.0.113.7', 'nobody9@example.com', 'wrong');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(2);
    expect(refused.json()).toMatchObject({
      status: 429,
      title: 'Too Many Requests',
      message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ seconds?\.$/),
    });
  });

  it('still serves another address meanwhile', async () => {
    const app = await api({ authLimits: limits });
    for (let i = 0; i < 4; i += 1) await signIn(app, '203.0.113.7', 'nobody@example.com', 'wrong');
    expect((await signIn(app, '203.0.113.8', ADMIN.email, ADMIN.password)).statusCode).toBe(200);
  });

  it('serves the address again once the window has passed', async () => {
    const app = await api({ authLimits: limits });
    for (let i = 0; i < 4; i += 1) await signIn(app, '203.0.113.7', 'nobody@example.com', 'wrong');
    expect((await signIn(app, '203.0.113.7', ADMIN.email, ADMIN.password)).statusCode).toBe(429);
    await vi.waitFor(
      async () => {
        expect((await signIn(app, '203.0.113.7', ADMIN.email, ADMIN.password)).statusCode).toBe(200);
      },
      { timeout: 10_000, interval: 250 },
    );
  });

  it('limits every listed call, counting before the body is read or the caller is checked', async () => {
    const app = await api({
      authLimits: {
        perAddress: { max: 1, windowMs: 60_000 },
        refreshPerAddress: { max: 1, windowMs: 60_000 },
      },
    });
    const refreshes = Object.entries(LIMITED_ROUTES).filter(([, rule]) => rule.refresh === true);
    for (const [route, rule] of Object.entries(LIMITED_ROUTES)) {
      const [method, url] = route.split(' ') as ['POST', string];
      // The refresh calls share one count, so each gets an address of its own.
      const address = rule.refresh
        ? `198.51.100.${refreshes.findIndex(([name]) => name === route) + 1}`
        : '203.0.113.9';
      const call: InjectOptions = {
        method,
        url: url.replace(':id', '1'),
        headers: from(address),
        payload: {},
      };
      const first = await app.inject(call);
      expect(first.statusCode, `${route} first`).not.toBe(429);
      const second = await app.inject(call);
      expect(second.statusCode, `${route} second`).toBe(429);
      expect(second.headers['retry-after'], route).toBeDefined();
    }
  });

  it('documents 429 on every limited route in the OpenAPI document', async () => {
    const app = await api({});
    const document = app.swagger() as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const route of Object.keys(LIMITED_ROUTES)) {
      const [method, url] = route.split(' ') as [string, string];
      const path = url.replace(':id', '{id}');
      expect(document.paths[path]?.[method.toLowerCase()]?.responses['429'], route).toBeDefined();
    }
  });
});

describe('given TRUST_PROXY=10.0.0.5 and a limit of 2 calls per address', () => {
  const options = {
    trustProxy: readServerConfig({ TRUST_PROXY: '10.0.0.5' }).trustProxy,
    authLimits: { perAddress: { max: 2, windowMs: 60_000 } },
  };
  const signInFrom = (app: FastifyInstance, remoteAddress: string, forwardedFor?: string) =>
    app.inject({
      method: 'POST',
      url: '/Auth/SignInByEmail',
      remoteAddress,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
      payload: { email: 'nobody@example.com', password: 'wrong' },
    });

  it('counts a request through the proxy under the client address the proxy reports', async () => {
    const app = await api(options);
    expect((await signInFrom(app, '10.0.0.5', '203.0.113.9')).statusCode).toBe(401);
    expect((await signInFrom(app, '10.0.0.5', '203.0.113.9')).statusCode).toBe(401);
    expect((await signInFrom(app, '10.0.0.5', '203.0.113.9')).statusCode).toBe(429);
    // The same client straight, and another client through the same proxy:
    expect((await signInFrom(app, '203.0.113.9')).statusCode).toBe(429);
    expect((await signInFrom(app, '10.0.0.5', '203.0.113.10')).statusCode).toBe(401);
  });

  it('counts a request from anywhere else under its own address, whatever X-Forwarded-For it sends', async () => {
    const app = await api(options);
    expect((await signInFrom(app, '198.51.100.4', '203.0.113.20')).statusCode).toBe(401);
    expect((await signInFrom(app, '198.51.100.4', '203.0.113.21')).statusCode).toBe(401);
    expect((await signInFrom(app, '198.51.100.4', '203.0.113.22')).statusCode).toBe(429);
    // Loopback is no longer a proxy: its header is ignored too.
    expect((await signInFrom(app, '127.0.0.1', '198.51.100.4')).statusCode).toBe(401);
  });
});

describe('given a limit of 2 attempts per account', () => {
  const limits = { perAccount: { max: 2, windowMs: 60_000 } };

  it('refuses a 3rd sign-in naming the account from a new address, whatever its case', async () => {
    const app = await api({ authLimits: limits });
    expect((await signIn(app, '192.0.2.1', ADMIN.email, 'wrong')).statusCode).toBe(401);
    expect((await signIn(app, '192.0.2.2', ADMIN.email.toUpperCase(), 'wrong')).statusCode).toBe(401);
    const refused = await signIn(app, '192.0.2.3', ADMIN.email, ADMIN.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('does not hold back the right password from an address the account signed in from before', async () => {
    const app = await api({ authLimits: limits });
    expect((await signIn(app, '192.0.2.50', ADMIN.email, ADMIN.password)).statusCode).toBe(200);
    // An attacker elsewhere spends the account's attempts...
    for (const address of ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4']) {
      await signIn(app, address, ADMIN.email, 'guess');
    }
    expect((await signIn(app, '192.0.2.5', ADMIN.email, 'guess')).statusCode).toBe(429);
    // ...and the owner, back at their usual address, signs in.
    expect((await signIn(app, '192.0.2.50', ADMIN.email, ADMIN.password)).statusCode).toBe(200);
  });

  it('counts each account on its own', async () => {
    const app = await api({ authLimits: limits });
    for (let i = 0; i < 3; i += 1) await signIn(app, `192.0.2.${i + 1}`, ADMIN.email, 'wrong');
    expect((await signIn(app, '192.0.2.9', AGENT.email, AGENT.password)).statusCode).toBe(200);
  });

  it('throttles password-reset e-mails to one address from many addresses', async () => {
    const app = await api({ authLimits: limits });
    const reset = (address: string) =>
      app.inject({
        method: 'POST',
        url: '/Auth/StartPasswordReset',
        headers: from(address),
        payload: { Email: 'Holder@Sentinel.demo' },
      });
    expect((await reset('192.0.2.1')).statusCode).toBe(200);
    expect((await reset('192.0.2.2')).statusCode).toBe(200);
    expect((await reset('192.0.2.3')).statusCode).toBe(429);
  });

  it('throttles code checks for one number however it is written', async () => {
    const app = await api({ authLimits: limits });
    const confirm = (address: string, PhoneNumber: string) =>
      app.inject({
        method: 'POST',
        url: '/Auth/ConfirmPhone',
        headers: from(address),
        payload: { PhoneCode: '27', PhoneNumber, PhoneConfirmationToken: '123456' },
      });
    expect((await confirm('192.0.2.1', '0821234567')).statusCode).toBe(400);
    expect((await confirm('192.0.2.2', '821234567')).statusCode).toBe(400);
    expect((await confirm('192.0.2.3', '082 123 4567')).statusCode).toBe(429);
  });
});

describe('with the counts in Redis', () => {
  let redis: RedisServer;

  beforeAll(async () => {
    redis = await startRedisServer();
  });

  afterAll(async () => {
    await redis.dispose();
  });

  it('shares one address limit across two api instances', async () => {
    const options = { redisUrl: redis.url, authLimits: { perAddress: { max: 2, windowMs: 60_000 } } };
    const [first, second] = [await api(options), await api(options)];
    expect((await signIn(first, '203.0.113.20', 'nobody@example.com', 'wrong')).statusCode).toBe(401);
    expect((await signIn(second, '203.0.113.20', 'nobody@example.com', 'wrong')).statusCode).toBe(401);
    const refused = await signIn(first, '203.0.113.20', ADMIN.email, ADMIN.password);
    expect(refused.statusCode).toBe(429);
    expect((await signIn(second, '203.0.113.20', ADMIN.email, ADMIN.password)).statusCode).toBe(429);
    expect((await signIn(second, '203.0.113.21', ADMIN.email, ADMIN.password)).statusCode).toBe(200);
  });

  it('shares the known addresses of an account across instances', async () => {
    const options = { redisUrl: redis.url, authLimits: { perAccount: { max: 1, windowMs: 60_000 } } };
    const [first, second] = [await api(options), await api(options)];
    expect((await signIn(first, '203.0.113.30', AGENT.email, AGENT.password)).statusCode).toBe(200);
    await signIn(second, '203.0.113.31', AGENT.email, 'guess');
    expect((await signIn(second, '203.0.113.32', AGENT.email, 'guess')).statusCode).toBe(429);
    expect((await signIn(second, '203.0.113.30', AGENT.email, AGENT.password)).statusCode).toBe(200);
  });
});
