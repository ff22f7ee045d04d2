import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RoleName } from '@sentinel/domain';
import { createAccessTokenService } from '../auth/access-tokens';
import type { AccessTokenService, TokenSubject } from '../auth/access-tokens';
import { createRefreshTokenStore } from '../auth/refresh-tokens';
import type { RefreshTokenStore } from '../auth/refresh-tokens';
import { ApiError } from '../errors';

/** A route hook: resolves to carry on, throws an ApiError to answer with it. */
export type AuthHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Requires a valid bearer access token and sets request.user. */
    authenticate: AuthHook;
    /** Requires request.user (run authenticate first) to hold one of these roles; 403 otherwise. */
    requireRoles: (...roles: RoleName[]) => AuthHook;
    accessTokens: AccessTokenService;
    refreshTokens: RefreshTokenStore;
  }
  interface FastifyRequest {
    /** The signed-in user, once authenticate has run; null on public routes. */
    user: TokenSubject | null;
  }
}

export interface AuthPluginOptions {
  jwtSecret: string;
  /** Keys whose tokens are still accepted while JWT_SECRET is rotated (JWT_PREVIOUS_SECRETS). @default [] */
  jwtPreviousSecrets?: readonly string[];
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** How long a sign-in lasts however often it refreshes. @default 7776000 (90 days) */
  refreshTokenAbsoluteTtlSeconds?: number;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export const authPlugin = fp<AuthPluginOptions>(
  (app, options, done) => {
    const refreshTokens = createRefreshTokenStore(app.db, {
      slidingSeconds: options.refreshTokenTtlSeconds,
      absoluteSeconds: options.refreshTokenAbsoluteTtlSeconds ?? 7_776_000,
    });
    // Signing out ends the sign-in's access tokens at once, on every instance: each check reads
    // the sign-in's state from the shared database, not from this instance's memory.
    app.decorate(
      'accessTokens',
      createAccessTokenService(
        { current: options.jwtSecret, previous: options.jwtPreviousSecrets ?? [] },
        options.accessTokenTtlSeconds,
        (sessionId) => refreshTokens.isSignedIn(sessionId),
      ),
    );
    app.decorate('refreshTokens', refreshTokens);
    app.decorateRequest('user', null);

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const match = BEARER.exec(request.headers.authorization ?? '');
      const subject = match?.[1] === undefined ? undefined : await app.accessTokens.verify(match[1]);
      if (!subject) throw new ApiError('unauthenticated');
      request.user = subject;
    });

    app.decorate('requireRoles', (...roles: RoleName[]): AuthHook => {
      return async (request) => {
        if (!request.user) throw new ApiError('unauthenticated');
        if (!roles.includes(request.user.role)) throw new ApiError('forbidden');
      };
    });
    done();
  },
  { name: 'sentinel-auth', dependencies: ['sentinel-db'] },
);
