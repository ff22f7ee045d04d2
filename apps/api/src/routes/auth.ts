import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  isRoleName,
  MESSAGES,
  ref,
  ROLE,
  RefreshTokensRequestSchema,
  required,
  SecondFactorChallengeSchema,
  secondFactorRequired,
  SignInAnswerSchema,
  SignInRequestSchema,
  TokenPairSchema,
  validateSignIn,
} from '@sentinel/domain';
import type { FieldErrors } from '@sentinel/domain';
import { verifyPassword } from '../auth/passwords';
import { ApiError, ProblemDetailsRef, throwIfInvalid } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { actorOf, recordAudit } from '../audit/record-audit';
import { findFirstRole, findSignIn } from '../users/user-queries';
import { Type } from '@sinclair/typebox';
import { enrolledFactors } from '../second-factors/enrolled-factors';
import { createChallenge } from '../second-factors/sign-in-challenges';
import { startSession, useSessionAtRefresh } from '../sessions/session-store';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(SignInAnswerSchema);
  app.addSchema(TokenPairSchema);
  app.addSchema(SecondFactorChallengeSchema);

  app.post(
    '/Auth/SignInByEmail',
    {
      schema: {
        tags: ['Auth'],
        summary: 'Sign in with e-mail and password',
        description:
          'Any role may sign in here; the dashboard itself refuses Account-Holders. An Account-Holder ' +
          'whose phone is not yet confirmed is refused with 401 and errors.PhoneNumber. A staff member ' +
          'who must give a second factor gets a SecondFactorChallenge instead of tokens (see /Auth/SecondFactor).',
        body: SignInRequestSchema,
        response: {
          200: Type.Union([ref(SignInAnswerSchema), ref(SecondFactorChallengeSchema)]),
          400: ProblemDetailsRef,
          401: ProblemDetailsRef,
        },
      },
    },
    async (request) => {
      const errors = validateSignIn(request.body);
      throwIfInvalid(errors);

      const user = await findSignIn(app.db, request.body.email);

      // Unknown user, no password yet or wrong password all get the same answer and take as long.
      const matches = await verifyPassword(user?.passwordHash, request.body.password);
      if (!user || !matches || !isRoleName(user.role)) {
        await recordAudit(
          app.db,
          { ...actorOf(request), email: request.body.email.slice(0, 254) },
          { action: 'SignInFailed' },
        );
        throw new ApiError('invalidCredentials');
      }
      // An account holder who signed up must first prove the phone with the texted code; the answer
      // says so (errors.PhoneNumber), so the app can offer to send one. Told only to whoever knows
      // the password.
      if (user.role === ROLE.accountHolder && user.phoneConfirmedAt === null) {
        await recordAudit(
          app.db,
          { ...actorOf(request), userId: user.id },
          {
            action: 'SignInFailed',
            targetType: 'User',
            targetId: user.id,
            detail: { phoneConfirmed: false },
          },
        );
        throw new ApiError(
          'invalidCredentials',
          { PhoneNumber: [MESSAGES.phoneNotConfirmed] },
          MESSAGES.phoneNotConfirmed,
        );
      }
      // Staff with a factor (or all staff, with MFA_REQUIRED) give it next: the password alone
      // gets a challenge for the second step, never a token.
      const factors = await enrolledFactors(app.db, user.id);
      if (secondFactorRequired(user.role, app.secondFactorSettings.mfaRequired, factors.length > 0)) {
        return {
          secondFactorRequired: true as const,
          challengeToken: await createChallenge(app.db, user.id),
          userId: user.id,
          userRole: user.role,
          factors,
          enrolmentRequired: factors.length === 0,
        };
      }
      return startSession(app, request, { id: user.id, role: user.role }, false);
    },
  );

  app.post(
    '/Auth/RefreshTokens',
    {
      schema: {
        tags: ['Auth'],
        summary: 'Trade a refresh token for a new access token and a new refresh token',
        description:
          'The access token may be expired but must carry a valid signature and belong to the ' +
          "refresh token's user. Each refresh token works once; presenting a spent one revokes " +
          'every token of that sign-in.',
        body: RefreshTokensRequestSchema,
        response: { 200: ref(TokenPairSchema), 400: ProblemDetailsRef, 401: ProblemDetailsRef },
      },
    },
    async (request) => {
      const errors: FieldErrors = {};
      for (const [field, value] of [
        ['AccessToken', request.body.accessToken],
        ['RefreshToken', request.body.refreshToken],
      ] as const) {
        const message = required(value);
        if (message !== undefined) errors[field] = [message];
      }
      throwIfInvalid(errors);

      const subject = await app.accessTokens.verifyIgnoringExpiry(request.body.accessToken);
      if (!subject) throw new ApiError('invalidRefreshToken');
      // A staff session unused for longer than the idle timeout has ended.
      if (
        subject.sessionId !== undefined &&
        !(await useSessionAtRefresh(
          app,
          subject.sessionId,
          subject.role,
          app.secondFactorSettings.staffIdleTimeoutSeconds,
        ))
      ) {
        throw new ApiError('invalidRefreshToken');
      }
      const rotated = await app.refreshTokens.rotate(request.body.refreshToken, subject.userId);
      if (!rotated) throw new ApiError('invalidRefreshToken');

      // The role is read afresh so a changed role reaches the next access token.
      const role = await findFirstRole(app.db, rotated.userId);
      if (role === undefined || !isRoleName(role)) throw new ApiError('invalidRefreshToken');

      // The same sign-in: signing out of it ends this token too.
      const accessToken = await app.accessTokens.sign({
        userId: rotated.userId,
        role,
        sessionId: rotated.sessionId,
      });
      return { accessToken, refreshToken: rotated.token };
    },
  );
};

/** Sign-in and token refresh: public, outside every route group. */
export const authRoutes = routePlugin('auth', routes, {
  dependencies: ['sentinel-auth', 'sentinel-second-factor-settings'],
  decorators: ['db', 'accessTokens', 'refreshTokens', 'secondFactorSettings'],
});
