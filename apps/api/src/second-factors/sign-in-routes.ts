/*
 * The sign-in's second step (public: the challenge token from POST /Auth/SignInByEmail is the
 * proof of the password): a code, a recovery code or a passkey, or, for a staff member who must
 * have a factor and has none, enrolling one. Each completes the sign-in with a SignInAnswer.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  ChallengeCodeRequestSchema,
  ChallengePasskeyRegistrationSchema,
  ChallengePasskeyRequestSchema,
  ChallengeRequestSchema,
  ref,
  SECOND_FACTOR,
  SignInWithRecoveryCodesSchema,
  TotpEnrolmentSchema,
  WebAuthnOptionsSchema,
} from '@sentinel/domain';
import type { SecondFactorKind } from '@sentinel/domain';
import { ApiError, ProblemDetailsRef, refused } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { startSession } from '../sessions/session-store';
import { enrolledFactors } from './enrolled-factors';
import {
  checkRecoveryCode,
  checkTotp,
  confirmTotpEnrolment,
  factorAdded,
  passkeyFailed,
  retryAfterHeader,
  startTotpEnrolment,
} from './factors';
import { authenticatePasskey, authenticationOptions, registerPasskey, registrationOptions } from './passkeys';
import { CHALLENGE_EXPIRED, challengeOf, setChallengeWebAuthn, spendChallenge } from './sign-in-challenges';
import type { SignInChallenge } from './sign-in-challenges';
import { factorUser } from './users';

const answers = <T>(ok: T) => ({
  200: ok,
  400: ProblemDetailsRef,
  401: ProblemDetailsRef,
  404: ProblemDetailsRef,
  429: ProblemDetailsRef,
});

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(SignInWithRecoveryCodesSchema);
  app.addSchema(TotpEnrolmentSchema);
  app.addSchema(WebAuthnOptionsSchema);
  app.addHook('onSend', async (request, reply, payload) => {
    await retryAfterHeader(request, reply);
    return payload;
  });
  const Signed = answers(ref(SignInWithRecoveryCodesSchema));
  const Options = answers(ref(WebAuthnOptionsSchema));

  /** The challenge and its user, who must have this factor. */
  const withFactor = async (token: string, factor: SecondFactorKind) => {
    const challenge = await challengeOf(app.db, token);
    const factors = await enrolledFactors(app.db, challenge.userId);
    if (!factors.includes(factor)) throw refused('This sign-in cannot use that factor.');
    return challenge;
  };
  /** The challenge of a user who has no factor yet: enrolling is only for them. */
  const forEnrolment = async (token: string) => {
    const challenge = await challengeOf(app.db, token);
    if ((await enrolledFactors(app.db, challenge.userId)).length > 0) {
      throw refused('A second factor is already set up; sign in with it.');
    }
    return challenge;
  };
  const complete = async (request: FastifyRequest, challenge: SignInChallenge, recoveryCodes?: string[]) => {
    if (!(await spendChallenge(app.db, challenge.id))) {
      throw new ApiError('unauthenticated', undefined, CHALLENGE_EXPIRED);
    }
    const user = await factorUser(app.db, challenge.userId);
    const answer = await startSession(app, request, user, true);
    return recoveryCodes === undefined || recoveryCodes.length === 0 ? answer : { ...answer, recoveryCodes };
  };
  const tags = ['Auth'];

  app.post(
    '/Auth/SecondFactor/Totp',
    {
      schema: {
        tags,
        summary: 'Complete a sign-in with a code of the authenticator app',
        body: ChallengeCodeRequestSchema,
        response: Signed,
      },
    },
    async (request) => {
      const challenge = await withFactor(request.body.challengeToken, SECOND_FACTOR.totp);
      await checkTotp(app, request, challenge.userId, request.body.code);
      return complete(request, challenge);
    },
  );

  app.post(
    '/Auth/SecondFactor/RecoveryCode',
    {
      schema: {
        tags,
        summary: 'Complete a sign-in with a recovery code (each works once)',
        body: ChallengeCodeRequestSchema,
        response: Signed,
      },
    },
    async (request) => {
      const challenge = await withFactor(request.body.challengeToken, SECOND_FACTOR.recoveryCode);
      await checkRecoveryCode(app, request, challenge.userId, request.body.code);
      return complete(request, challenge);
    },
  );

  app.post(
    '/Auth/SecondFactor/Passkey/Options',
    {
      schema: {
        tags,
        summary: "WebAuthn request options for the sign-in's passkey",
        body: ChallengeRequestSchema,
        response: Options,
      },
    },
    async (request) => {
      const challenge = await withFactor(request.body.challengeToken, SECOND_FACTOR.passkey);
      const options = await authenticationOptions(app.db, app.secondFactorSettings, challenge.userId);
      await setChallengeWebAuthn(app.db, challenge.id, options.challenge);
      return options;
    },
  );

  app.post(
    '/Auth/SecondFactor/Passkey',
    {
      schema: {
        tags,
        summary: 'Complete a sign-in with a passkey',
        body: ChallengePasskeyRequestSchema,
        response: Signed,
      },
    },
    async (request) => {
      const challenge = await withFactor(request.body.challengeToken, SECOND_FACTOR.passkey);
      const verified =
        challenge.webauthnChallenge !== null &&
        (await authenticatePasskey(
          app.db,
          app.secondFactorSettings,
          challenge.userId,
          challenge.webauthnChallenge,
          request.body.credential,
        ));
      if (!verified) return passkeyFailed(app, request, challenge.userId);
      return complete(request, challenge);
    },
  );

  app.post(
    '/Auth/SecondFactor/Totp/Enrol',
    {
      schema: {
        tags,
        summary: 'Enrolling at sign-in: a new authenticator-app secret (manual key and otpauth URI)',
        body: ChallengeRequestSchema,
        response: answers(ref(TotpEnrolmentSchema)),
      },
    },
    async (request) => {
      const challenge = await forEnrolment(request.body.challengeToken);
      return startTotpEnrolment(app, await factorUser(app.db, challenge.userId));
    },
  );

  app.post(
    '/Auth/SecondFactor/Totp/Confirm',
    {
      schema: {
        tags,
        summary:
          "Enrolling at sign-in: the app's first code completes the sign-in; the recovery codes come with it",
        body: ChallengeCodeRequestSchema,
        response: Signed,
      },
    },
    async (request) => {
      const challenge = await forEnrolment(request.body.challengeToken);
      const codes = await confirmTotpEnrolment(app, request, challenge.userId, request.body.code);
      return complete(request, challenge, codes);
    },
  );

  app.post(
    '/Auth/SecondFactor/Passkey/RegistrationOptions',
    {
      schema: {
        tags,
        summary: 'Enrolling at sign-in: WebAuthn creation options for a new passkey',
        body: ChallengeRequestSchema,
        response: Options,
      },
    },
    async (request) => {
      const challenge = await forEnrolment(request.body.challengeToken);
      const user = await factorUser(app.db, challenge.userId);
      const options = await registrationOptions(app.db, app.secondFactorSettings, user);
      await setChallengeWebAuthn(app.db, challenge.id, options.challenge);
      return options;
    },
  );

  app.post(
    '/Auth/SecondFactor/Passkey/Register',
    {
      schema: {
        tags,
        summary:
          'Enrolling at sign-in: the new passkey completes the sign-in; the recovery codes come with it',
        body: ChallengePasskeyRegistrationSchema,
        response: Signed,
      },
    },
    async (request) => {
      const challenge = await forEnrolment(request.body.challengeToken);
      const registered =
        challenge.webauthnChallenge !== null &&
        (await registerPasskey(
          app.db,
          app.secondFactorSettings,
          challenge.userId,
          challenge.webauthnChallenge,
          request.body.credential,
          request.body.name,
        ));
      if (!registered) return passkeyFailed(app, request, challenge.userId);
      const codes = await factorAdded(app, request, challenge.userId, SECOND_FACTOR.passkey, false);
      return complete(request, challenge, codes);
    },
  );
};

/** The sign-in's second step: public, outside every route group. */
export const secondFactorSignInRoutes = routePlugin('second-factor-sign-in', routes, {
  dependencies: ['sentinel-auth', 'sentinel-auth-limits', 'sentinel-second-factor-settings'],
  decorators: ['db', 'accessTokens', 'refreshTokens', 'secondFactorSettings', 'codeAttempts'],
});
