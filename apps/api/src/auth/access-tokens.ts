import { createHash, randomUUID } from 'node:crypto';
import { compactVerify, decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
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

/**
 * The keys of the access tokens: every token is signed with `current`; a token signed with one of
 * `previous` (JWT_PREVIOUS_SECRETS) is still accepted, so a key can be rotated without signing
 * anybody out while the tokens signed before the change live out their few minutes.
 */
export interface AccessTokenKeys {
  current: string;
  previous?: readonly string[];
}

/**
 * The `kid` a key's tokens carry in their header: a short hash of the key, so a verifier picks the
 * key at once instead of trying each, and no setting has to name the keys apart. The test-runner
 * computes the same (apps/test-runner/src/auth.ts).
 */
export function accessTokenKeyId(secret: string): string {
  return createHash('sha256').update(`sentinel-access-token-kid:${secret}`).digest('base64url').slice(0, 12);
}

/**
 * The keys a token may be checked with: the one its `kid` names (none when it names an unknown
 * key), or every key for a token without one (signed before tokens carried a kid).
 */
function keysFor(token: string, byId: ReadonlyMap<string, Uint8Array>): Uint8Array[] {
  let kid: unknown;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    return [];
  }
  if (kid === undefined) return [...byId.values()];
  const key = typeof kid === 'string' ? byId.get(kid) : undefined;
  return key === undefined ? [] : [key];
}

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
  keys: string | AccessTokenKeys,
  ttlSeconds: number,
  isSignedIn: (sessionId: string) => Promise<boolean> = () => Promise.resolve(true),
): AccessTokenService {
  const { current, previous = [] } = typeof keys === 'string' ? { current: keys } : keys;
  const encoder = new TextEncoder();
  const kid = accessTokenKeyId(current);
  const key = encoder.encode(current);
  // The current key first: a kid-less token is most likely signed with it.
  const byId = new Map<string, Uint8Array>([[kid, key]]);
  for (const secret of previous) {
    const id = accessTokenKeyId(secret);
    if (!byId.has(id)) byId.set(id, encoder.encode(secret));
  }
  return {
    sign({ userId, role, sessionId }) {
      const now = Math.floor(Date.now() / 1000);
      return (
        new SignJWT(sessionId === undefined ? { role } : { role, sid: sessionId })
          .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT', kid })
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
      for (const candidate of keysFor(token, byId)) {
        try {
          const { payload } = await jwtVerify(token, candidate, {
            algorithms: [ALGORITHM],
            issuer: ACCESS_TOKEN_ISSUER,
            audience: ACCESS_TOKEN_AUDIENCE,
            requiredClaims: ['exp', 'sub'],
          });
          subject = subjectOf(payload);
          break;
        } catch {
          // Not this key (or not a valid token at all): the next key, if any, decides.
        }
      }
      if (subject === undefined) return undefined;
      // Outside the catch: a database that cannot answer is an error, not a signed-out person.
      if (subject?.sessionId !== undefined && !(await isSignedIn(subject.sessionId))) return undefined;
      return subject;
    },
    async verifyIgnoringExpiry(token) {
      for (const candidate of keysFor(token, byId)) {
        try {
          await compactVerify(token, candidate, { algorithms: [ALGORITHM] });
          const payload = decodeJwt(token);
          const audiences = typeof payload.aud === 'string' ? [payload.aud] : (payload.aud ?? []);
          if (payload.iss !== ACCESS_TOKEN_ISSUER || !audiences.includes(ACCESS_TOKEN_AUDIENCE))
            return undefined;
          return subjectOf(payload);
        } catch {
          // Not this key: the next key, if any, decides.
        }
      }
      return undefined;
    },
  };
}
