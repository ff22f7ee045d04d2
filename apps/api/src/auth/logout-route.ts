import { LogoutRequestSchema, MessageAnswerSchema, ref } from '@sentinel/domain';
import { ProblemDetailsRef } from '../errors';
import { routePlugin } from '../plugins/route-plugin';

/** What POST /Auth/Logout answers, whether or not the token was still live. */
export const SIGNED_OUT = 'You have been signed out.';

/**
 * POST /Auth/Logout: ends the sign-in of the refresh token (every token rotated from it). Public,
 * because the access token may already have expired when a person signs out; the refresh token is
 * the proof. A spent, revoked or unknown token answers the same, so signing out always succeeds
 * from the person's side and the answer tells a guesser nothing.
 */
export const logoutRoute = routePlugin(
  'logout',
  async (app) => {
    app.post(
      '/Auth/Logout',
      {
        schema: {
          tags: ['Auth'],
          summary: 'Sign out: revoke the refresh token and every token of its sign-in',
          body: LogoutRequestSchema,
          response: { 200: ref(MessageAnswerSchema), 400: ProblemDetailsRef },
        },
      },
      async (request) => {
        await app.refreshTokens.revokeFamily(request.body.refreshToken);
        return { message: SIGNED_OUT };
      },
    );
  },
  { dependencies: ['sentinel-auth', 'sentinel-accounts'], decorators: ['db', 'refreshTokens'] },
);
