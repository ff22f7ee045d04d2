import { randomUUID } from 'node:crypto';
import { compactVerify, decodeJwt, jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, isRoleName } from '@sentinel/domain';
import type { RoleName } from '@sentinel/domain';

/** Who a valid access token speaks for. */
export interface TokenSubject {
  userId: number;
  role: RoleName;
  /**
   * The sign-in (refresh-token family) the token was issued for, as its `sid` claim: signing out
   * of that sign-in ends the token at once. Absent on tokens issued outside a sign-in.
   */
  sessionId?: string;
}

const ALGORITHM = 'HS256';

export interface AccessTokenService {
  /**
   * A signed JWT with sub (the user id as a string), role, iss, aud, iat and exp in seconds, a
   * unique jti, and sid when the subject names its sign-in.
   */
  sign(subject: TokenSubject): Promise<string>;
  /** The subject of a well-signed, unexpired token of a live sign-in; undefined for anything else. */
  verify(token: string): Promise<TokenSubject | undefined>;
  /** The subject of a well-signed token, expired or not: a refresh proves who held the session. */
  verifyIgnoringExpiry(token: string): Promise<TokenSubject | undefined>;
}

function subjectOf(payload: { sub?: unknown; role?: unknown; sid?: unknown }): TokenSubject | undefined {
  const userId = typeof payload.sub === 'string' && /^\d+$/.test(payload.sub) ? Number(payload.sub) : NaN;
  if (!Number.isSafeInteger(userId) || typeof payload.role !== 'string' || !isRoleName(payload.role))
    return undefined;
  return typeof payload.sid === 'string'
    ? { userId, role: payload.role, sessionId: payload.sid }
    : { userId, role: payload.role };
}

/**
 * @param isSignedIn whether a sign-in is still live (not signed out or revoked); a token naming an
 *   ended one is refused like an expired token. @default every sign-in is live
 */
export function createAccessTokenService(
  secret: string,
  ttlSeconds: number,
  isSignedIn: (sessionId: string) => Promise<boolean> = () => Promise.resolve(true),
): AccessTokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign({ userId, role, sessionId }) {
      const now = Math.floor(Date.now() / 1000);
      return (
        new SignJWT(sessionId === undefined ? { role } : { role, sid: sessionId })
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
      let subject: TokenSubject | undefined;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ACCESS_TOKEN_ISSUER,
          audience: ACCESS_TOKEN_AUDIENCE,
          requiredClaims: ['exp', 'sub'],
        });
        subject = subjectOf(payload);
      } catch {
        return undefined;
      }
      // Outside the catch: a database that cannot answer is an error, not a signed-out person.
      if (subject?.sessionId !== undefined && !(await isSignedIn(subject.sessionId))) return undefined;
      return subject;
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
