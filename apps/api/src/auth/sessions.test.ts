import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, SignJWT } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '@sentinel/domain';
import { build, DEMO_SIGN_INS } from '../index';
import { SIGNED_OUT } from './logout-route';

const JWT_SECRET = 'sessions-test-signing-key-of-some-length';
const AGENT = DEMO_SIGN_INS.find((user) => user.role === 'Technical-Agent')!;
const HOLDER = DEMO_SIGN_INS.find((user) => user.role === 'Account-Holder')!;

interface Pair {
  accessToken: string;
  refreshToken: string;
}

async function signIn(app: FastifyInstance, email: string, password: string): Promise<Pair> {
  const response = await app.inject({
    method: 'POST',
    url: '/Auth/SignInByEmail',
    payload: { email, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Pair>();
}

const refresh = (app: FastifyInstance, pair: Pair) =>
  app.inject({ method: 'POST', url: '/Auth/RefreshTokens', payload: pair });

const logout = (app: FastifyInstance, refreshToken: string) =>
  app.inject({ method: 'POST', url: '/Auth/Logout', payload: { refreshToken } });

/** A staff-only route: 200 with a live access token, 401 without one. */
const listRoles = (app: FastifyInstance, accessToken: string) =>
  app.inject({ method: 'GET', url: '/Roles', headers: { authorization: `Bearer ${accessToken}` } });

describe('sessions', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await build({ seed: true, jwtSecret: JWT_SECRET });
  });

  afterAll(async () => {
    await app.close();
  });

  describe('POST /Auth/Logout', () => {
    it('ends the sign-in: its refresh token, and every token rotated from it, stop working', async () => {
      const signedIn = await signIn(app, AGENT.email, AGENT.password);
      const rotated = (await refresh(app, signedIn)).json<Pair>();

      const answer = await logout(app, rotated.refreshToken);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ message: SIGNED_OUT });
      expect((await refresh(app, rotated)).statusCode).toBe(401);
    });

    it('leaves the same user’s other sign-ins alone', async () => {
      const phone = await signIn(app, AGENT.email, AGENT.password);
      const laptop = await signIn(app, AGENT.email, AGENT.password);
      await logout(app, laptop.refreshToken);
      expect((await refresh(app, phone)).statusCode).toBe(200);
    });

    it('ends the access tokens of that sign-in at once, and only of that one', async () => {
      const phone = await signIn(app, AGENT.email, AGENT.password);
      const laptop = await signIn(app, AGENT.email, AGENT.password);
      const rotated = (await refresh(app, laptop)).json<Pair>();
      expect((await listRoles(app, laptop.accessToken)).statusCode).toBe(200);

      expect((await logout(app, rotated.refreshToken)).statusCode).toBe(200);

      const refused = await listRoles(app, laptop.accessToken);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ status: 401 });
      expect((await listRoles(app, rotated.accessToken)).statusCode).toBe(401);
      expect((await listRoles(app, phone.accessToken)).statusCode).toBe(200);
    });

    it('answers the same for a token it does not know, and 400 without one', async () => {
      const unknown = await logout(app, 'not-a-token-it-issued');
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual({ message: SIGNED_OUT });
      const empty = await app.inject({ method: 'POST', url: '/Auth/Logout', payload: {} });
      expect(empty.statusCode).toBe(400);
    });
  });

  describe('a password change', () => {
    it('ends every sign-in of the user', async () => {
      const phone = await signIn(app, HOLDER.email, HOLDER.password);
      const laptop = await signIn(app, HOLDER.email, HOLDER.password);
      expect((await listRoles(app, phone.accessToken)).statusCode).toBe(403);
      const newPassword = 'Sentinel#Changed2';
      const changed = await app.inject({
        method: 'POST',
        url: '/My/UpdatePassword',
        headers: { authorization: `Bearer ${laptop.accessToken}` },
        payload: { password: newPassword, passwordConfirmation: newPassword },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      // An Account-Holder's live token is refused staff routes with 403; an ended one with 401.
      expect((await listRoles(app, phone.accessToken)).statusCode).toBe(401);
      expect((await listRoles(app, laptop.accessToken)).statusCode).toBe(401);
      expect((await refresh(app, phone)).statusCode).toBe(401);
      expect((await refresh(app, laptop)).statusCode).toBe(401);
      expect((await signIn(app, HOLDER.email, newPassword)).refreshToken).toBeTypeOf('string');
    });
  });

  describe('access tokens', () => {
    const key = new TextEncoder().encode(JWT_SECRET);
    const roles = (token: string) =>
      app.inject({ method: 'GET', url: '/Roles', headers: { authorization: `Bearer ${token}` } });
    const token = (claims: { iss?: string; aud?: string }) => {
      let jwt = new SignJWT({ role: 'Admin' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject('1')
        .setIssuedAt()
        .setExpirationTime('5m');
      if (claims.iss !== undefined) jwt = jwt.setIssuer(claims.iss);
      if (claims.aud !== undefined) jwt = jwt.setAudience(claims.aud);
      return jwt.sign(key);
    };

    it('carry the api as issuer and the Sentinel services as audience', async () => {
      const { accessToken } = await signIn(app, AGENT.email, AGENT.password);
      expect(decodeJwt(accessToken)).toMatchObject({ iss: ACCESS_TOKEN_ISSUER, aud: ACCESS_TOKEN_AUDIENCE });
    });

    it('are accepted with both claims', async () => {
      expect(
        (await roles(await token({ iss: ACCESS_TOKEN_ISSUER, aud: ACCESS_TOKEN_AUDIENCE }))).statusCode,
      ).toBe(200);
    });

    it('are refused, though signed with the right key, without the issuer or audience or with others', async () => {
      expect((await roles(await token({ aud: ACCESS_TOKEN_AUDIENCE }))).statusCode).toBe(401);
      expect((await roles(await token({ iss: ACCESS_TOKEN_ISSUER }))).statusCode).toBe(401);
      expect((await roles(await token({ iss: 'someone-else', aud: ACCESS_TOKEN_AUDIENCE }))).statusCode).toBe(
        401,
      );
      expect(
        (await roles(await token({ iss: ACCESS_TOKEN_ISSUER, aud: 'another-service' }))).statusCode,
      ).toBe(401);
    });

    it('cannot be refreshed without the claims either', async () => {
      const { refreshToken } = await signIn(app, AGENT.email, AGENT.password);
      const foreign = await token({ iss: 'someone-else', aud: ACCESS_TOKEN_AUDIENCE });
      expect((await refresh(app, { accessToken: foreign, refreshToken })).statusCode).toBe(401);
    });
  });
});

describe('given a sign-in that may last 3 seconds however often it refreshes', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await build({ seed: true, refreshTokenTtlSeconds: 3_600, refreshTokenAbsoluteTtlSeconds: 3 });
  });

  afterAll(async () => {
    await app.close();
  });

  it('refreshes until then and no longer', async () => {
    const signedInAt = Date.now();
    let pair = await signIn(app, AGENT.email, AGENT.password);
    const first = await refresh(app, pair);
    expect(first.statusCode).toBe(200);
    pair = first.json<Pair>();
    // Keep refreshing, as an open dashboard would, until the sign-in's absolute end refuses it.
    await vi.waitFor(
      async () => {
        const next = await refresh(app, pair);
        if (next.statusCode === 200) pair = next.json<Pair>();
        expect(next.statusCode).toBe(401);
      },
      { timeout: 15_000, interval: 200 },
    );
    expect(Date.now() - signedInAt).toBeGreaterThanOrEqual(3_000);
  });
});
