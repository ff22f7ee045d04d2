/*
 * The bench accepts the api's staff access tokens: HS256 JWTs signed with the api's JWT_SECRET,
 * carrying the user's role. Only BURN_IN_ROLES may use it.
 */
import { createHash } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, BURN_IN_ROLES } from '@sentinel/domain';
import { BenchError } from './errors';

export interface BenchUser {
  userId: number;
  role: string;
}

export type VerifyBearer = (authorization: string | undefined) => Promise<BenchUser>;

/** The `kid` the api puts in its tokens' header for a key (accessTokenKeyId in the api). */
function keyId(secret: string): string {
  return createHash('sha256').update(`sentinel-access-token-kid:${secret}`).digest('base64url').slice(0, 12);
}

/**
 * @param previousSecrets the api's JWT_PREVIOUS_SECRETS: tokens signed with them are still accepted
 *   while JWT_SECRET is rotated. @default []
 */
export function createBearerVerifier(secret: string, previousSecrets: readonly string[] = []): VerifyBearer {
  const encoder = new TextEncoder();
  const byId = new Map<string, Uint8Array>();
  for (const each of [secret, ...previousSecrets]) {
    if (!byId.has(keyId(each))) byId.set(keyId(each), encoder.encode(each));
  }
  /** The key the token's kid names, or every key for a token signed before tokens carried one. */
  const keysFor = (token: string): Uint8Array[] => {
    try {
      const { kid } = decodeProtectedHeader(token);
      if (kid === undefined) return [...byId.values()];
      const key = byId.get(kid);
      return key === undefined ? [] : [key];
    } catch {
      return [];
    }
  };
  return async (authorization) => {
    const token = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
    if (token === undefined) throw new BenchError('unauthenticated', 'Sign in to use the burn-in bench');
    let payload;
    for (const key of keysFor(token)) {
      try {
        ({ payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          // The same issuer and audience the api checks on its own tokens.
          issuer: ACCESS_TOKEN_ISSUER,
          audience: ACCESS_TOKEN_AUDIENCE,
          requiredClaims: ['exp', 'sub'],
        }));
        break;
      } catch {
        // Not this key: the next key, if any, decides.
      }
    }
    if (payload === undefined)
      throw new BenchError('unauthenticated', 'Your sign-in has expired or is not valid; sign in again');
    const role = typeof payload['role'] === 'string' ? payload['role'] : '';
    if (!(BURN_IN_ROLES as readonly string[]).includes(role))
      throw new BenchError('forbidden', `The burn-in bench is for ${BURN_IN_ROLES.join(' and ')} users`);
    return { userId: Number(payload.sub), role };
  };
}
