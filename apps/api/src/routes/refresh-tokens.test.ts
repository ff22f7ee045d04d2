import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { build } from '../index';

const JWT_SECRET = 'refresh-tokens-test-secret-of-decent-length';
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

interface Tokens {
  accessToken: string;
  refreshToken: string;
}

async function signIn(email = 'admin@sentinel.demo', password = 'Sentinel#Admin1'): Promise<Tokens> {
  const response = await app.inject({
    method: 'POST',
    url: '/Auth/SignInByEmail',
    payload: { email, password },
  });
  expect(response.statusCode).toBe(200);
  return response.json<Tokens>();
}

function refresh(payload: object) {
  return app.inject({ method: 'POST', url: '/Auth/RefreshTokens', payload });
}

function roles(accessToken: string) {
  return app.inject({ method: 'GET', url: '/Roles', headers: { authorization: `Bearer ${accessToken}` } });
}

describe('POST /Auth/RefreshTokens', () => {
  it('answers a new access token and a new refresh token', async () => {
    const tokens = await signIn();

    const response = await refresh(tokens);

    expect(response.statusCode).toBe(200);
    const next = response.json<Tokens>();
    expect(next.refreshToken).not.toBe(tokens.refreshToken);
    expect((await roles(next.accessToken)).statusCode).toBe(200);
  });

  it('binds body keys case-insensitively', async () => {
    const { accessToken, refreshToken } = await signIn();

    const response = await refresh({ AccessToken: accessToken, REFRESHTOKEN: refreshToken });

    expect(response.statusCode).toBe(200);
  });

  it('refuses a refresh token once it has been used', async () => {
    const tokens = await signIn();
    expect((await refresh(tokens)).statusCode).toBe(200);

    const replay = await refresh(tokens);

    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ status: 401, message: expect.any(String) });
  });

  it('revokes the whole sign-in when a used token is replayed, so the newest token fails too', async () => {
    const first = await signIn();
    const second = (await refresh(first)).json<Tokens>();
    const third = (await refresh(second)).json<Tokens>();

    expect((await refresh(first)).statusCode).toBe(401);

    expect((await refresh(third)).statusCode).toBe(401);
  });

  it('leaves other sign-ins of the same user alone when one is revoked', async () => {
    const stolen = await signIn();
    const other = await signIn();
    await refresh(stolen);
    await refresh(stolen);

    expect((await refresh(other)).statusCode).toBe(200);
  });

  it('accepts an expired access token with a valid signature', async () => {
    const tokens = await signIn();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 901_000);
    expect((await roles(tokens.accessToken)).statusCode).toBe(401);

    const response = await refresh(tokens);

    expect(response.statusCode).toBe(200);
    expect((await roles(response.json<Tokens>().accessToken)).statusCode).toBe(200);
  });

  it('refuses a refresh token past its 30 days', async () => {
    const tokens = await signIn();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2_592_000_000 + 1_000);

    const response = await refresh(tokens);

    expect(response.statusCode).toBe(401);
  });

  it("refuses a refresh token presented with another user's access token", async () => {
    const admin = await signIn();
    const agent = await signIn('agent@sentinel.demo', 'Sentinel#Agent1');

    const response = await refresh({ accessToken: agent.accessToken, refreshToken: admin.refreshToken });

    expect(response.statusCode).toBe(401);
    // The owner's session carries on: a mismatch is refused, not treated as theft.
    expect((await refresh(admin)).statusCode).toBe(200);
  });

  it('refuses an access token signed with another key', async () => {
    const tokens = await signIn();
    const forged = await new SignJWT({ role: 'Admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('some other secret entirely'));

    const response = await refresh({ accessToken: forged, refreshToken: tokens.refreshToken });

    expect(response.statusCode).toBe(401);
  });

  it('refuses a refresh token it never issued', async () => {
    const { accessToken } = await signIn();

    const response = await refresh({ accessToken, refreshToken: 'A'.repeat(43) });

    expect(response.statusCode).toBe(401);
  });

  it('answers 400 naming each empty field', async () => {
    const response = await refresh({ accessToken: '', refreshToken: '' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: { AccessToken: ['This field is required'], RefreshToken: ['This field is required'] },
    });
  });

  it('keeps only hashes of refresh tokens in the database', async () => {
    const { refreshToken } = await signIn();

    const rows = await app.db.selectFrom('refreshTokens').select('tokenHash').execute();

    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.tokenHash)).not.toContain(refreshToken);
  });
});
