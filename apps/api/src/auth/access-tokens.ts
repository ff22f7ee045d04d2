import { randomUUID } from 'node:crypto';
import { compactVerify, decodeJwt, jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, isRoleName } from '@sentinel/domain';
import type { RoleName } from '@sentinel/domain';

/** Who a valid access token speaks for. */
export interface TokenSubject {
  userId: number;
  role: RoleName;
}

const ALGORITHM = 'HS256';

export interface AccessTokenService {
  /** A signed JWT with sub (the user id as a string), role, iss, aud, iat and exp in seconds, and a unique jti. */
  sign(subject: TokenSubject): Promise<string>;
  /** The subject of a well-signed, unexpired token; undefined for anything else. */
  verify(token: string): Promise<TokenSubject | undefined>;
  /** The subject of a well-signed token, expired or not: a refresh proves who held the session. */
  verifyIgnoringExpiry(token: string): Promise<TokenSubject | undefined>;
}

function subjectOf(payload: { sub?: unknown; role?: unknown }): TokenSubject | undefined {
  const userId = typeof payload.sub === 'string' && /^\d+$/.test(payload.sub) ? Number(payload.sub) : NaN;
  if (!Number.isSafeInteger(userId) || typeof payload.role !== 'string' || !isRoleName(payload.role))
    return undefined;
  return { userId, role: payload.role };
}

export function createAccessTokenService(secret: string, ttlSeconds: number): AccessTokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign({ userId, role }) {
      const now = Math.floor(Date.now() / 1000);
      return (
        new SignJWT({ role })
          .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
          .setSubject(String(userId))
          .setIssuer(ACCESS_TOKEN_ISSUER)
          .setAudience(ACCESS_TOKEN_AUDIENCE)
          // Two tokens signed in the same second for the same user still differ, so each is traceable.
          .setJti(randomUUID())
          .setIssuedAt(now)
          .setExpirationTime(now + ttlSeconds)
          .sign(key)
      );
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ACCESS_TOKEN_ISSUER,
          audience: ACCESS_TOKEN_AUDIENCE,
          requiredClaims: ['exp', 'sub'],
        });
        return subjectOf(payload);
      } catch {
        return undefined;
      }
    },
    async verifyIgnoringExpiry(token) {
      try {
        await compactVerify(token, key, { algorithms: [ALGORITHM] });
        const payload = decodeJwt(token);
        const audiences = typeof payload.aud === 'string' ? [payload.aud] : (payload.aud ?? []);
        if (payload.iss !== ACCESS_TOKEN_ISSUER || !audiences.includes(ACCESS_TOKEN_AUDIENCE))
          return undefined;
        return subjectOf(payload);
      } catch {
        return undefined;
      }
    },
  };
}
