import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  CompletePasswordResetRequestSchema,
  CreatePasswordRequestSchema,
  isStaffRole,
  MESSAGES,
  MessageAnswerSchema,
  PATHS,
  PRODUCT_NAME,
  ref,
  StartPasswordResetRequestSchema,
  UpdatePasswordRequestSchema,
  validateEmail,
  validatePassword,
  validatePasswordConfirmation,
  VerifyPasswordResetRequestSchema,
} from '@sentinel/domain';
import type { FieldErrors } from '@sentinel/domain';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../audit/record-audit';
import { hashPassword } from '../auth/passwords';
import { requireRecentSignIn } from '../auth/recent-sign-in';
import { ApiError, ProblemDetailsRef, throwIfInvalid } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { allowSend } from '../throttle/send-log';
import { findResetRecipient, setPasswordHash } from '../users/user-queries';
import { issueResetToken, liveTokenUser, spendTokenAndSetPassword } from './reset-token-queries';

/** Reset links: one a minute and five an hour per address; 20 an hour per caller. */
const EMAIL_LIMITS = [
  { max: 1, windowMs: 60_000 },
  { max: 5, windowMs: 3_600_000 },
];
const CALLER_LIMITS = [{ max: 20, windowMs: 3_600_000 }];

/** Password and confirmation, keyed as the forms show them. */
function newPasswordErrors(password: string, confirmation?: string): FieldErrors {
  const errors: FieldErrors = {};
  const weak = validatePassword(password);
  if (weak !== undefined) errors['Password'] = [weak];
  if (confirmation !== undefined) {
    const mismatch = validatePasswordConfirmation(password, confirmation);
    if (mismatch !== undefined) errors['PasswordConfirmation'] = [mismatch];
  }
  return errors;
}

const invalidLink = () => new ApiError('validation', { PasswordResetToken: [MESSAGES.passwordLinkInvalid] });

/** Forgotten passwords and password creation from an e-mailed link: public, the token is the proof. */
export const passwordRoutes = routePlugin(
  'passwords',
  async (app) => {
    // Reset links still being made or mailed; closing the api waits for them, before the database goes.
    const sending = new Set<Promise<void>>();
    /** Runs `work` once the answer is on its way; a failure is logged, never thrown. */
    const afterAnswering = (work: () => Promise<void>, log: FastifyBaseLogger) => {
      const pending = nextTurn()
        .then(work)
        .catch((error: unknown) => log.error({ err: error }, 'password reset e-mail failed'))
        .finally(() => sending.delete(pending));
      sending.add(pending);
    };
    app.addHook('onClose', async () => {
      await Promise.allSettled(sending);
    });

    app.post(
      '/Auth/StartPasswordReset',
      {
        schema: {
          tags: ['Auth'],
          summary: 'E-mail a password-reset link',
          description:
            'Answers the same for a known and an unknown address. The link works once, for an hour; ' +
            'staff links open the dashboard, account holders\u2019 the signup app.',
          body: StartPasswordResetRequestSchema,
          response: { 200: ref(MessageAnswerSchema), 400: ProblemDetailsRef, 429: ProblemDetailsRef },
        },
      },
      async (request) => {
        const invalid = validateEmail(request.body.Email);
        if (invalid !== undefined) throw new ApiError('validation', { Email: [invalid] });
        if (!(await allowSend(app.db, `reset-ip:${request.ip}`, CALLER_LIMITS))) {
          throw new ApiError('throttled', { Email: [MESSAGES.resetTooSoon] });
        }
        const email = request.body.Email.trim().toLowerCase();
        const user = await findResetRecipient(app.db, email);
        // Every address, known or not, is counted against its limit: the same queries run for
        // both, so the time the answer takes says less about whether the address has an account.
        const allowed = await allowSend(app.db, `reset-email:${email}`, EMAIL_LIMITS);
        // A throttled address is answered like any other, so the answer reveals nothing. The link
        // is made and mailed after the answer: waiting for the mail server would make a known
        // address answer later than an unknown one, and a failure is logged, never answered.
        if (user && allowed) {
          afterAnswering(async () => {
            const token = await issueResetToken(app.db, user.id);
            const base = isStaffRole(user.role) ? app.dashboardUrl : app.signupUrl;
            const link = `${base}${PATHS.resetPassword}?token=${encodeURIComponent(token)}`;
            await app.messages.sendEmail({
              to: user.email,
              subject: `Reset your ${PRODUCT_NAME} password`,
              body: `Hi ${user.firstName},\n\nReset your ${PRODUCT_NAME} password here (the link works once, for an hour):\n${link}\n\nIf you did not ask for this, ignore this e-mail.\n`,
            });
          }, request.log);
        }
        return { message: MESSAGES.passwordResetStarted };
      },
    );

    app.post(
      '/Auth/VerifyPasswordReset',
      {
        schema: {
          tags: ['Auth'],
          summary: 'Check a password-reset link before asking for the new password',
          body: VerifyPasswordResetRequestSchema,
          response: { 200: ref(MessageAnswerSchema), 400: ProblemDetailsRef },
        },
      },
      async (request) => {
        const userId = await liveTokenUser(app.db, 'passwordResetTokens', request.body.passwordResetToken);
        if (userId === undefined) throw invalidLink();
        return { message: MESSAGES.passwordLinkValid };
      },
    );

    app.post(
      '/Auth/CompletePasswordReset',
      {
        schema: {
          tags: ['Auth'],
          summary: 'Set a new password with a reset link; signs out every session',
          body: CompletePasswordResetRequestSchema,
          response: { 200: ref(MessageAnswerSchema), 400: ProblemDetailsRef },
        },
      },
      async (request) => {
        const { passwordResetToken, password, passwordConfirmation } = request.body;
        throwIfInvalid(newPasswordErrors(password, passwordConfirmation));
        if ((await liveTokenUser(app.db, 'passwordResetTokens', passwordResetToken)) === undefined) {
          throw invalidLink();
        }
        const passwordHash = await hashPassword(password);
        const userId = await spendTokenAndSetPassword(
          app.db,
          'passwordResetTokens',
          passwordResetToken,
          passwordHash,
          {
            onlyWithoutPassword: false,
          },
        );
        if (userId === undefined) throw invalidLink();
        return { message: MESSAGES.passwordReset };
      },
    );

    app.post(
      '/My/CreatePassword',
      {
        schema: {
          tags: ['Auth'],
          summary: 'Create the first password with the e-mailed creation link',
          description: 'The link works once, for 72 hours, and only for an account that has no password yet.',
          body: CreatePasswordRequestSchema,
          response: { 200: ref(MessageAnswerSchema), 400: ProblemDetailsRef },
        },
      },
      async (request) => {
        const { passwordResetToken, password } = request.body;
        throwIfInvalid(newPasswordErrors(password));
        if ((await liveTokenUser(app.db, 'passwordCreationTokens', passwordResetToken)) === undefined) {
          throw invalidLink();
        }
        const passwordHash = await hashPassword(password);
        const userId = await spendTokenAndSetPassword(
          app.db,
          'passwordCreationTokens',
          passwordResetToken,
          passwordHash,
          { onlyWithoutPassword: true },
        );
        if (userId === undefined) throw invalidLink();
        return { message: MESSAGES.passwordCreated };
      },
    );
  },
  { dependencies: ['sentinel-accounts'], decorators: ['db', 'messages', 'signupUrl', 'dashboardUrl'] },
);

/** The signed-in user's own password (any role: staff on the dashboard, customers in the app). */
export const myPasswordRoutes = routePlugin(
  'my-password',
  async (app) => {
    app.post(
      '/My/UpdatePassword',
      {
        schema: {
          tags: ['Auth'],
          summary: "Change the signed-in user's password; ends every sign-in's refresh token",
          description:
            'Needs a recent sign-in: an access token whose sign-in is more than five minutes old, ' +
            'refreshed or not, is refused with 403 and the message to sign in again.',
          security: [{ bearer: [] }],
          body: UpdatePasswordRequestSchema,
          response: {
            200: ref(MessageAnswerSchema),
            400: ProblemDetailsRef,
            401: ProblemDetailsRef,
            403: ProblemDetailsRef,
          },
        },
      },
      async (request) => {
        const { password, passwordConfirmation } = request.body;
        throwIfInvalid(newPasswordErrors(password, passwordConfirmation));
        // The route group authenticated the caller before the body was read.
        const userId = request.user?.userId;
        if (userId === undefined) throw new ApiError('unauthenticated');
        await requireRecentSignIn(app, request, {
          action: 'PasswordChangeRefused',
          targetType: 'User',
          targetId: userId,
          message: MESSAGES.signInAgainToChangePassword,
        });
        const passwordHash = await hashPassword(password);
        await setPasswordHash(app.db, userId, passwordHash);
        // A new password ends every sign-in made with the old one, this one too, and their access
        // tokens with them: whoever knew the old password keeps no session.
        await app.refreshTokens.revokeAll(userId);
        await recordAudit(app.db, request, {
          action: 'PasswordChanged',
          targetType: 'User',
          targetId: userId,
        });
        return { message: MESSAGES.passwordUpdated };
      },
    );
  },
  { dependencies: ['sentinel-auth'], decorators: ['db', 'refreshTokens'] },
);
