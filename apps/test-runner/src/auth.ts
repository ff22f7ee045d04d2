/*
 * The bench accepts the api's staff access tokens: HS256 JWTs signed with the api's JWT_SECRET,
 * carrying the user's role. Only BURN_IN_ROLES may use it.
 */
import { jwtVerify } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, BURN_IN_ROLES } from '@sentinel/domain';
import { BenchError } from './errors';

export interface BenchUser {
  userId: number;
  role: string;
}

export type VerifyBearer = (authorization: string | undefined) => Promise<BenchUser>;

export function createBearerVerifier(secret: string): VerifyBearer {
  const key = new TextEncoder().encode(secret);
  return async (authorization) => {
    const token = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
    if (token === undefined) throw new BenchError('unauthenticated', 'Sign in to use the burn-in bench');
    let payload;
    try {
      ({ payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        // The same issuer and audience the api checks on its own tokens.
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
        requiredClaims: ['exp', 'sub'],
      }));
    } catch {
      throw new BenchError('unauthenticated', 'Your sign-in has expired or is not valid; sign in again');
    }
    const role = typeof payload['role'] === 'string' ? payload['role'] : '';
    if (!(BURN_IN_ROLES as readonly string[]).includes(role))
      throw new BenchError('forbidden', `The burn-in bench is for ${BURN_IN_ROLES.join(' and ')} users`);
    return { userId: Number(payload.sub), role };
  };
}
