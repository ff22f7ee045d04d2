/*
 * Rotating JWT_SECRET: an api whose key became B, with the old key A in JWT_PREVIOUS_SECRETS,
 * still accepts the tokens signed with A (HTTP and the live hub) and signs new ones with B; once A
 * is removed, A's tokens are refused. Both apis share one database, as instances of one
 * deployment do during a rolling restart.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, ROLE } from '@sentinel/domain';
import type { SignInAnswer } from '@sentinel/domain';
import { hubConnection, signIn, startApi, stopApi } from '../live/test-support';
import type { RunningApi } from '../live/test-support';
import { assertProductionSettings, serverBuildOptions } from '../config';
import { decryptSecret, encryptSecret } from '../second-factors/totp';
import { accessTokenKeyId, createAccessTokenService } from './access-tokens';
import type { TokenSubject } from './access-tokens';

const OLD_KEY = 'the-old-signing-key-A-of-at-least-32-chars';
const NEW_KEY = 'the-new-signing-key-B-of-at-least-32-chars';

let dataDir: string;
/** JWT_SECRET=B, JWT_PREVIOUS_SECRETS=A: the middle of a rotation. */
let rotating: RunningApi;
/** JWT_SECRET=B alone: the rotation finished. */
let rotated: RunningApi;
let admin: SignInAnswer;
/** The Admin's sign-in as an api still on key A signed it, before the change. */
let oldKeyToken: string;

function subjectOf(accessToken: string): TokenSubject {
  const { sub, role, sid } = decodeJwt(accessToken);
  return { userId: Number(sub), role: role as TokenSubject['role'], sessionId: sid as string };
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sentinel-key-rotation-'));
  const databaseFile = join(dataDir, 'sentinel.db');
  // TOTP_ENCRYPTION_KEY keeps the key the TOTP secrets were enrolled under, as the runbook says.
  rotating = await startApi({
    databaseFile,
    jwtSecret: NEW_KEY,
    jwtPreviousSecrets: [OLD_KEY],
    totpEncryptionKey: OLD_KEY,
  });
  rotated = await startApi({ databaseFile, jwtSecret: NEW_KEY, totpEncryptionKey: OLD_KEY, seed: false });
  admin = await signIn(rotating.url, ROLE.admin);
  // The very service an api with JWT_SECRET=A runs, signing for the same live sign-in.
  oldKeyToken = await createAccessTokenService(OLD_KEY, 900).sign(subjectOf(admin.accessToken));
}, 60_000);

afterAll(async () => {
  await Promise.all([rotating, rotated].filter(Boolean).map(stopApi));
  if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
});

function roles(api: RunningApi, accessToken: string): Promise<Response> {
  return fetch(`${api.url}/Roles`, { headers: { authorization: `Bearer ${accessToken}` } });
}

function negotiate(api: RunningApi, accessToken: string): Promise<Response> {
  return fetch(`${api.url}/DefaultHub/negotiate?negotiateVersion=1`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}` },
  });
}

describe('given an api whose JWT_SECRET is B with A in JWT_PREVIOUS_SECRETS', () => {
  it('signs with B, naming its key in the header', () => {
    expect(decodeProtectedHeader(admin.accessToken).kid).toBe(accessTokenKeyId(NEW_KEY));
    expect(decodeProtectedHeader(oldKeyToken).kid).toBe(accessTokenKeyId(OLD_KEY));
    expect(accessTokenKeyId(OLD_KEY)).not.toBe(accessTokenKeyId(NEW_KEY));
  });

  it('accepts a token signed with A on its routes', async () => {
    expect((await roles(rotating, oldKeyToken)).status).toBe(200);
  });

  it('lets a token signed with A connect to the live hub', async () => {
    const connection = hubConnection(rotating.url, oldKeyToken);
    try {
      await connection.start();
      expect(connection.state).toBe('Connected');
    } finally {
      await connection.stop();
    }
  });

  it('refuses a token signed with a key it does not hold, on routes and the hub', async () => {
    const forged = await createAccessTokenService('some-other-key-C-of-at-least-32-chars', 900).sign(
      subjectOf(admin.accessToken),
    );
    expect((await roles(rotating, forged)).status).toBe(401);
    expect((await negotiate(rotating, forged)).status).toBe(401);
  });

  it('refuses a token whose kid names A but whose signature is by another key', async () => {
    const claims = decodeJwt(oldKeyToken);
    const relabelled = await new SignJWT({ role: claims.role, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: accessTokenKeyId(OLD_KEY) })
      .setSubject(String(claims.sub))
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('some-other-key-C-of-at-least-32-chars'));
    expect((await roles(rotating, relabelled)).status).toBe(401);
  });

  it('accepts a token without a kid, signed with A before tokens carried one', async () => {
    const claims = decodeJwt(oldKeyToken);
    const kidless = await new SignJWT({ role: claims.role, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(OLD_KEY));
    expect((await roles(rotating, kidless)).status).toBe(200);
    expect((await roles(rotated, kidless)).status).toBe(401);
  });
});

describe('given a sign-in whose access token was signed with A', () => {
  it('refreshes during the rotation into a token signed with B, which the finished rotation accepts', async () => {
    const answer = await signIn(rotating.url, ROLE.admin);
    // The refresh presents the old-key token of this very sign-in, as a client that last
    // refreshed before the change would.
    const stale = await createAccessTokenService(OLD_KEY, 900).sign(subjectOf(answer.accessToken));
    const response = await fetch(`${rotating.url}/Auth/RefreshTokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accessToken: stale, refreshToken: answer.refreshToken }),
    });
    expect(response.status).toBe(200);
    const { accessToken } = (await response.json()) as SignInAnswer;
    expect(decodeProtectedHeader(accessToken).kid).toBe(accessTokenKeyId(NEW_KEY));
    expect((await roles(rotated, accessToken)).status).toBe(200);
  });

  it('cannot refresh once A is removed: the refresh must present a token whose signature is known', async () => {
    const answer = await signIn(rotating.url, ROLE.admin);
    const stale = await createAccessTokenService(OLD_KEY, 900).sign(subjectOf(answer.accessToken));
    const response = await fetch(`${rotated.url}/Auth/RefreshTokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accessToken: stale, refreshToken: answer.refreshToken }),
    });
    expect(response.status).toBe(401);
  });
});

describe('given the rotation finished (JWT_SECRET=B alone)', () => {
  it('refuses the token signed with A on its routes and the live hub', async () => {
    expect((await roles(rotated, oldKeyToken)).status).toBe(401);
    expect((await negotiate(rotated, oldKeyToken)).status).toBe(401);
    await expect(hubConnection(rotated.url, oldKeyToken).start()).rejects.toThrow(/401|Unauthorized/);
  });

  it('accepts the tokens signed with B', async () => {
    expect((await roles(rotated, admin.accessToken)).status).toBe(200);
    expect((await negotiate(rotated, admin.accessToken)).status).toBe(200);
  });
});

describe('given TOTP secrets enrolled while JWT_SECRET was A', () => {
  it('still reads them with TOTP_ENCRYPTION_KEY=A, during the rotation and after it', () => {
    // How an api with JWT_SECRET=A and no TOTP_ENCRYPTION_KEY stored an enrolled secret.
    const stored = encryptSecret('JBSWY3DPEHPK3PXP', `second-factors:${OLD_KEY}`);
    for (const api of [rotating, rotated])
      expect(decryptSecret(stored, api.app.secondFactorSettings.secretKey)).toBe('JBSWY3DPEHPK3PXP');
  });
});

describe('JWT_PREVIOUS_SECRETS', () => {
  const production = {
    NODE_ENV: 'production',
    JWT_SECRET: 'k7Qw-9zR2mXp4vB8nL1tY6sD3fH0jG5c',
    CORS_ORIGINS: 'https://dashboard.example',
  };

  it('hands the comma-separated keys to the api, none by default', () => {
    const keys = ' aB3-old-key-of-at-least-32-chars-1, aB3-old-key-of-at-least-32-chars-2 ,';
    expect(
      serverBuildOptions({ JWT_PREVIOUS_SECRETS: keys, TOTP_ENCRYPTION_KEY: OLD_KEY }).jwtPreviousSecrets,
    ).toEqual(['aB3-old-key-of-at-least-32-chars-1', 'aB3-old-key-of-at-least-32-chars-2']);
    expect(serverBuildOptions({}).jwtPreviousSecrets).toEqual([]);
  });

  it('refuses a previous key shorter than 32 characters or of fewer than 10 different ones in production, naming it', () => {
    expect(() =>
      assertProductionSettings({ ...production, JWT_PREVIOUS_SECRETS: `${OLD_KEY},short-old-key` }),
    ).toThrow(
      'JWT_PREVIOUS_SECRETS (key 2) must have at least 32 characters with NODE_ENV=production; it has 13.',
    );
    expect(() => assertProductionSettings({ ...production, JWT_PREVIOUS_SECRETS: 'x'.repeat(40) })).toThrow(
      'JWT_PREVIOUS_SECRETS (key 1) must have at least 10 different characters with NODE_ENV=production; it has 1.',
    );
    expect(() => assertProductionSettings({ ...production, JWT_PREVIOUS_SECRETS: OLD_KEY })).not.toThrow();
  });

  it('is refused without TOTP_ENCRYPTION_KEY, which would change with JWT_SECRET and lose every enrolled TOTP secret', () => {
    expect(() => serverBuildOptions({ JWT_PREVIOUS_SECRETS: OLD_KEY })).toThrow(
      /^TOTP_ENCRYPTION_KEY must be set with JWT_PREVIOUS_SECRETS/,
    );
    expect(
      serverBuildOptions({ JWT_PREVIOUS_SECRETS: OLD_KEY, TOTP_ENCRYPTION_KEY: OLD_KEY }).totpEncryptionKey,
    ).toBe(OLD_KEY);
    expect(serverBuildOptions({}).totpEncryptionKey).toBeUndefined();
  });

  it('refuses a short TOTP_ENCRYPTION_KEY in production', () => {
    expect(() => assertProductionSettings({ ...production, TOTP_ENCRYPTION_KEY: 'short' })).toThrow(
      'TOTP_ENCRYPTION_KEY must have at least 32 characters with NODE_ENV=production; it has 5.',
    );
  });

  it('takes any previous key outside production', () => {
    expect(() => assertProductionSettings({ JWT_PREVIOUS_SECRETS: 'short' })).not.toThrow();
  });
});
