/*
 * A staff member's own factors (GET /My/SecondFactors, enrol, remove, new recovery codes) and the
 * step-up confirmations (/My/StepUp/*), which renew the session's second-factor time. Adding or
 * removing a factor is itself a step-up action, so a taken access token cannot add its own.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  CodeRequestSchema,
  MySecondFactorsSchema,
  PasskeyRegistrationRequestSchema,
  PasskeyRequestSchema,
  RecoveryCodesSchema,
  ref,
  SECOND_FACTOR,
  TotpEnrolmentSchema,
  WebAuthnOptionsSchema,
} from '@sentinel/domain';
import { recordAudit } from '../audit/record-audit';
import { requireStepUp } from '../auth/step-up';
import { instant } from '../db/database';
import { notFound, ProblemDetailsRef, refused } from '../errors';
import { browserName } from '../sessions/browser-name';
import { routePlugin } from '../plugins/route-plugin';
import { insertSession, sessionExists } from '../sessions/session-queries';
import { markSecondFactor, sessionChallenge, setSessionChallenge } from '../sessions/session-store';
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
import { recoveryCodesLeft, replaceRecoveryCodes } from './recovery-codes';
import {
  deleteConfirmedTotp,
  deletePasskey,
  deleteRecoveryCodes,
  hasConfirmedTotp,
  passkeysOf,
} from './second-factor-queries';
import { factorUser } from './users';

const answers = <T extends object>(ok: T) => ({
  ...ok,
  400: ProblemDetailsRef,
  401: ProblemDetailsRef,
  403: ProblemDetailsRef,
  404: ProblemDetailsRef,
  429: ProblemDetailsRef,
});
const NoContent = { 204: Type.Null() };

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(MySecondFactorsSchema);
  app.addSchema(RecoveryCodesSchema);
  app.addSchema(TotpEnrolmentSchema);
  app.addSchema(WebAuthnOptionsSchema);
  app.addHook('onSend', async (request, reply, payload) => {
    await retryAfterHeader(request, reply);
    return payload;
  });
  const tags = ['My second factors'];
  const security = [{ bearer: [] }];
  const Options = answers({ 200: ref(WebAuthnOptionsSchema) });
  const Codes = answers({ 200: ref(RecoveryCodesSchema) });

  const sessionOf = (request: FastifyRequest): string => {
    const sessionId = request.user!.sessionId;
    if (sessionId === undefined) throw refused('Sign in again to change your second factors.');
    return sessionId;
  };
  const confirmed = async (request: FastifyRequest) => {
    await markSecondFactor(app.db, request, sessionOf(request), request.user!.userId);
  };
  const removed = async (request: FastifyRequest, factor: string) => {
    const userId = request.user!.userId;
    await recordAudit(app.db, request, {
      action: 'SecondFactorRemoved',
      targetType: 'User',
      targetId: userId,
      detail: { factor },
    });
    // Recovery codes stand in for a factor; with none left they go too.
    const left = (await enrolledFactors(app.db, userId)).filter(
      (kind) => kind !== SECOND_FACTOR.recoveryCode,
    );
    if (left.length === 0) await deleteRecoveryCodes(app.db, userId);
  };
  /** With MFA_REQUIRED a staff member keeps at least one factor. */
  const refuseLastFactor = async (request: FastifyRequest) => {
    if (!app.secondFactorSettings.mfaRequired) return;
    const factors = (await enrolledFactors(app.db, request.user!.userId)).filter(
      (kind) => kind !== SECOND_FACTOR.recoveryCode,
    );
    if (factors.length <= 1) throw refused('Add another second factor before removing this one.');
  };

  app.get(
    '/My/SecondFactors',
    {
      schema: {
        tags,
        summary: 'My second factors: the authenticator app, passkeys and how many recovery codes are left',
        security,
        response: answers({ 200: ref(MySecondFactorsSchema) }),
      },
    },
    async (request) => {
      const userId = request.user!.userId;
      const [totp, passkeys, left] = await Promise.all([
        hasConfirmedTotp(app.db, userId),
        passkeysOf(app.db, userId),
        recoveryCodesLeft(app.db, userId),
      ]);
      return {
        totp,
        passkeys: passkeys.map((row) => ({
          id: row.credentialId,
          name: row.name,
          createdDateTime: row.createdAt,
          lastUsedDateTime: row.lastUsedAt,
        })),
        recoveryCodesLeft: left,
      };
    },
  );

  app.post(
    '/My/SecondFactors/Totp/Enrol',
    {
      schema: {
        tags,
        summary: 'Start setting up an authenticator app: the manual key and the otpauth URI (step-up)',
        security,
        response: answers({ 200: ref(TotpEnrolmentSchema) }),
      },
    },
    async (request) => {
      await requireStepUp(app, request);
      return startTotpEnrolment(app, await factorUser(app.db, request.user!.userId));
    },
  );

  app.post(
    '/My/SecondFactors/Totp/Confirm',
    {
      schema: {
        tags,
        summary:
          "Finish setting up the authenticator app with its first code; a first factor's recovery codes come back",
        security,
        body: CodeRequestSchema,
        response: Codes,
      },
    },
    async (request) => {
      await requireStepUp(app, request);
      const recoveryCodes = await confirmTotpEnrolment(app, request, request.user!.userId, request.body.code);
      await confirmed(request);
      return { recoveryCodes };
    },
  );

  app.delete(
    '/My/SecondFactors/Totp',
    {
      schema: {
        tags,
        summary: 'Remove the authenticator app (step-up)',
        security,
        response: answers(NoContent),
      },
    },
    async (request, reply) => {
      await requireStepUp(app, request);
      await refuseLastFactor(request);
      if (!(await deleteConfirmedTotp(app.db, request.user!.userId))) {
        throw notFound('No authenticator app is set up.');
      }
      await removed(request, SECOND_FACTOR.totp);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/My/SecondFactors/Passkeys/RegistrationOptions',
    {
      schema: {
        tags,
        summary: 'WebAuthn creation options for a new passkey (step-up)',
        security,
        response: Options,
      },
    },
    async (request) => {
      await requireStepUp(app, request);
      const sessionId = sessionOf(request);
      await markSecondFactorRow(request);
      const options = await registrationOptions(
        app.db,
        app.secondFactorSettings,
        await factorUser(app.db, request.user!.userId),
      );
      await setSessionChallenge(app.db, sessionId, options.challenge);
      return options;
    },
  );

  app.post(
    '/My/SecondFactors/Passkeys',
    {
      schema: {
        tags,
        summary: "Add the passkey just created; a first factor's recovery codes come back (step-up)",
        security,
        body: PasskeyRegistrationRequestSchema,
        response: Codes,
      },
    },
    async (request) => {
      await requireStepUp(app, request);
      const sessionId = sessionOf(request);
      const userId = request.user!.userId;
      const expected = await sessionChallenge(app.db, sessionId);
      await setSessionChallenge(app.db, sessionId, null);
      const hadFactor = (await enrolledFactors(app.db, userId)).length > 0;
      const registered =
        expected !== null &&
        (await registerPasskey(
          app.db,
          app.secondFactorSettings,
          userId,
          expected,
          request.body.credential,
          request.body.name,
        ));
      if (!registered) return passkeyFailed(app, request, userId);
      const recoveryCodes = await factorAdded(app, request, userId, SECOND_FACTOR.passkey, hadFactor);
      await confirmed(request);
      return { recoveryCodes };
    },
  );

  app.delete(
    '/My/SecondFactors/Passkeys/:id',
    {
      schema: {
        tags,
        summary: 'Remove a passkey (step-up)',
        security,
        params: Type.Object({ id: Type.String({ maxLength: 1024 }) }),
        response: answers(NoContent),
      },
    },
    async (request, reply) => {
      await requireStepUp(app, request);
      await refuseLastFactor(request);
      if (!(await deletePasskey(app.db, request.user!.userId, request.params.id))) {
        throw notFound('That passkey was not found.');
      }
      await removed(request, SECOND_FACTOR.passkey);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/My/RecoveryCodes',
    {
      schema: {
        tags,
        summary: 'A new set of recovery codes; the old ones stop working (step-up)',
        security,
        response: Codes,
      },
    },
    async (request) => {
      await requireStepUp(app, request);
      const userId = request.user!.userId;
      if ((await enrolledFactors(app.db, userId)).length === 0) {
        throw refused('Set up an authenticator app or a passkey first.');
      }
      return { recoveryCodes: await replaceRecoveryCodes(app.db, userId) };
    },
  );

  // Step-up: confirm with a factor; the session's second-factor time is renewed.
  app.post(
    '/My/StepUp/Totp',
    {
      schema: {
        tags,
        summary: 'Confirm it is you with an authenticator-app code',
        security,
        body: CodeRequestSchema,
        response: answers(NoContent),
      },
    },
    async (request, reply) => {
      await checkTotp(app, request, request.user!.userId, request.body.code);
      await confirmed(request);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/My/StepUp/RecoveryCode',
    {
      schema: {
        tags,
        summary: 'Confirm it is you with a recovery code (each works once)',
        security,
        body: CodeRequestSchema,
        response: answers(NoContent),
      },
    },
    async (request, reply) => {
      await checkRecoveryCode(app, request, request.user!.userId, request.body.code);
      await confirmed(request);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/My/StepUp/Passkey/Options',
    {
      schema: {
        tags,
        summary: 'WebAuthn request options to confirm it is you with a passkey',
        security,
        response: Options,
      },
    },
    async (request) => {
      const sessionId = sessionOf(request);
      const userId = request.user!.userId;
      if (!(await enrolledFactors(app.db, userId)).includes(SECOND_FACTOR.passkey)) {
        throw refused('You have no passkey.');
      }
      await markSecondFactorRow(request);
      const options = await authenticationOptions(app.db, app.secondFactorSettings, userId);
      await setSessionChallenge(app.db, sessionId, options.challenge);
      return options;
    },
  );

  app.post(
    '/My/StepUp/Passkey',
    {
      schema: {
        tags,
        summary: 'Confirm it is you with a passkey',
        security,
        body: PasskeyRequestSchema,
        response: answers(NoContent),
      },
    },
    async (request, reply) => {
      const sessionId = sessionOf(request);
      const userId = request.user!.userId;
      const expected = await sessionChallenge(app.db, sessionId);
      // One assertion per challenge.
      await setSessionChallenge(app.db, sessionId, null);
      const verified =
        expected !== null &&
        (await authenticatePasskey(
          app.db,
          app.secondFactorSettings,
          userId,
          expected,
          request.body.credential,
        ));
      if (!verified) return passkeyFailed(app, request, userId);
      await confirmed(request);
      return reply.code(204).send(null);
    },
  );

  /** A session from before sessions were kept has no row to hold a challenge: one is added. */
  async function markSecondFactorRow(request: FastifyRequest): Promise<void> {
    const sessionId = sessionOf(request);
    if (await sessionExists(app.db, sessionId)) return;
    await insertSession(app.db, {
      familyId: sessionId,
      userId: request.user!.userId,
      browser: browserName(request.headers['user-agent']),
      address: request.ip,
      createdAt: instant(),
      lastUsedAt: instant(),
      secondFactorAt: null,
      webauthnChallenge: null,
    });
  }
};

/** Staff members' own factors and step-up. */
export const mySecondFactorRoutes = routePlugin('my-second-factors', routes, {
  dependencies: ['sentinel-auth', 'sentinel-auth-limits', 'sentinel-second-factor-settings'],
  decorators: ['db', 'refreshTokens', 'secondFactorSettings', 'codeAttempts'],
});
