import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { build, DEMO_SIGN_INS } from '../index';

const JWT_SECRET = 'roles-test-secret-of-decent-length';
let app: FastifyInstance;

beforeAll(async () => {
  app = await build({ seed: true, jwtSecret: JWT_SECRET });
});

afterAll(async () => {
  await app.close();
});

afterEach(() => {
  vi.useRealTimers();
});

async function accessTokenOf(role: string): Promise<string> {
  const demo = DEMO_SIGN_INS.find((user) => user.role === role)!;
  const response = await app.inject({
    method: 'POST',
    url: '/Auth/SignInByEmail',
    payload: { email: demo.email, password: demo.password },
  });
  return response.json<{ accessToken: string }>().accessToken;
}

function getRoles(authorization?: string) {
  return app.inject({ method: 'GET', url: '/Roles', headers: authorization ? { authorization } : {} });
}

describe('GET /Roles', () => {
  describe.each(['Admin', 'Technical-Agent', 'Company-Admin'])('given a signed-in %s', (role) => {
    it('lists the four roles with id and name', async () => {
      const response = await getRoles(`Bearer ${await accessTokenOf(role)}`);

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        items: [
          { id: expect.any(Number), name: 'Admin' },
          { id: expect.any(Number), name: 'Technical-Agent' },
          { id: expect.any(Number), name: 'Company-Admin' },
          { id: expect.any(Number), name: 'Account-Holder' },
        ],
      });
    });
  });

  describe('given a signed-in Account-Holder', () => {
    it('answers 403', async () => {
      const response = await getRoles(`Bearer ${await accessTokenOf('Account-Holder')}`);

      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ status: 403, message: expect.any(String) });
    });
  });

  describe('given no access token', () => {
    it('answers 401', async () => {
      const response = await getRoles();

      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ status: 401, message: expect.any(String) });
    });

    it('answers 401 to a header that is not a bearer token', async () => {
      expect((await getRoles('Basic YWRtaW46cGFzcw==')).statusCode).toBe(401);
      expect((await getRoles('Bearer not.a.jwt')).statusCode).toBe(401);
    });
  });

  describe('given an expired access token', () => {
    it('answers 401 once the 15 minutes have passed', async () => {
      const accessToken = await accessTokenOf('Admin');
      expect((await getRoles(`Bearer ${accessToken}`)).statusCode).toBe(200);
      vi.useFakeTimers({ toFake: ['Date'] });

      vi.setSystemTime(Date.now() + 900_000);

      expect((await getRoles(`Bearer ${accessToken}`)).statusCode).toBe(401);
    });

    it('answers 401 to a token that expired a second ago, signed with the right key', async () => {
      const now = Math.floor(Date.now() / 1000);
      const expired = await new SignJWT({ role: 'Admin' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('1')
        .setIssuedAt(now - 901)
        .setExpirationTime(now - 1)
        .sign(new TextEncoder().encode(JWT_SECRET));

      expect((await getRoles(`Bearer ${expired}`)).statusCode).toBe(401);
    });
  });

  it('honours a short accessTokenTtlSeconds', async () => {
    const shortLived = await build({ seed: true, accessTokenTtlSeconds: 1 });
    try {
      const signIn = await shortLived.inject({
        method: 'POST',
        url: '/Auth/SignInByEmail',
        payload: { email: 'admin@sentinel.demo', password: 'Sentinel#Admin1' },
      });
      const authorization = `Bearer ${signIn.json<{ accessToken: string }>().accessToken}`;
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 1_000);

      const response = await shortLived.inject({ method: 'GET', url: '/Roles', headers: { authorization } });

      expect(response.statusCode).toBe(401);
    } finally {
      await shortLived.close();
    }
  });
});
