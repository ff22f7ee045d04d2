/*
 * A user's factors as one service: enrolling and checking the authenticator app, passkeys and
 * recovery codes, with the wrong-code limit and the audit entries every check writes.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PRODUCT_NAME, SECOND_FACTOR } from '@sentinel/domain';
import type { SecondFactorKind } from '@sentinel/domain';
import { actorOf, recordAudit } from '../audit/record-audit';
import { instant } from '../db/database';
import { ApiError, refused } from '../errors';
import { tooManyRequests } from '../plugins/auth-limits';
import { enrolledFactors } from './enrolled-factors';
import { replaceRecoveryCodes, spendRecoveryCode } from './recovery-codes';
import { deleteRecoveryCodes, totpFactorOf } from './second-factor-queries';
import { decryptSecret, encryptSecret, matchTotp, newTotpSecret, otpauthUri } from './totp';

export const WRONG_CODE = 'The code is not correct. Please try again.';
export const WRONG_PASSKEY = 'That passkey could not be verified. Please try again.';

type App = Pick<FastifyInstance, 'db' | 'secondFactorSettings' | 'codeAttempts'>;

const account = (userId: number) => `user:${userId}`;

/** 429 with Retry-After when the user has had too many wrong codes in the window. */
async function refuseWhileLimited(app: App, request: FastifyRequest, userId: number): Promise<void> {
  const wait = await app.codeAttempts.waitSeconds(account(userId));
  if (wait <= 0) return;
  (request as WithRetryAfter)[RETRY_AFTER] = wait;
  throw tooManyRequests(wait);
}

const RETRY_AFTER = Symbol('sentinel.codeRetryAfter');
type WithRetryAfter = FastifyRequest & { [RETRY_AFTER]?: number };

/** An onSend hook for the routes that check codes: a 429 of the wrong-code limit says when to retry. */
export async function retryAfterHeader(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const wait = (request as WithRetryAfter)[RETRY_AFTER];
  if (wait !== undefined) void reply.header('retry-after', wait);
}

/** Counts and audits a failed factor; throws the 400 the caller reads. */
async function failed(
  app: App,
  request: FastifyRequest,
  userId: number,
  factor: SecondFactorKind,
  message: string,
): Promise<never> {
  if (factor !== SECOND_FACTOR.passkey) await app.codeAttempts.failed(account(userId));
  await recordAudit(
    app.db,
    { ...actorOf(request), userId },
    { action: 'SecondFactorFailed', targetType: 'User', targetId: userId, detail: { factor } },
  );
  throw new ApiError('validation', { Code: [message] }, message);
}

/** Checks an authenticator-app code of the user's confirmed app; the same step never twice. */
export async function checkTotp(
  app: App,
  request: FastifyRequest,
  userId: number,
  code: string,
): Promise<void> {
  await refuseWhileLimited(app, request, userId);
  const row = await totpFactorOf(app.db, userId, { confirmed: true });
  const step = row
    ? matchTotp(decryptSecret(row.secret, app.secondFactorSettings.secretKey), code)
    : undefined;
  if (row && step !== undefined) {
    // Guarded on the last step, so a code seen over someone's shoulder is refused, even at once.
    const spent = await app.db
      .updateTable('totpFactors')
      .set({ lastUsedStep: step })
      .where('userId', '=', userId)
      .where((eb) => eb.or([eb('lastUsedStep', 'is', null), eb('lastUsedStep', '<', step)]))
      .executeTakeFirst();
    if (spent.numUpdatedRows > 0n) return;
  }
  await failed(app, request, userId, SECOND_FACTOR.totp, WRONG_CODE);
}

/** Spends one of the user's recovery codes (audited). */
export async function checkRecoveryCode(
  app: App,
  request: FastifyRequest,
  userId: number,
  code: string,
): Promise<void> {
  await refuseWhileLimited(app, request, userId);
  if (await spendRecoveryCode(app.db, userId, code)) {
    await recordAudit(
      app.db,
      { ...actorOf(request), userId },
      { action: 'RecoveryCodeUsed', targetType: 'User', targetId: userId },
    );
    return;
  }
  await failed(app, request, userId, SECOND_FACTOR.recoveryCode, WRONG_CODE);
}

/** A failed passkey check (audited; not counted against the code limit). */
export function passkeyFailed(app: App, request: FastifyRequest, userId: number): Promise<never> {
  return failed(app, request, userId, SECOND_FACTOR.passkey, WRONG_PASSKEY);
}

/** Starts (or restarts) enrolling an authenticator app; refused while one is confirmed. */
export async function startTotpEnrolment(
  app: App,
  user: { id: number; email: string },
): Promise<{ secret: string; otpauthUri: string }> {
  const existing = await app.db
    .selectFrom('totpFactors')
    .select('confirmedAt')
    .where('userId', '=', user.id)
    .executeTakeFirst();
  if (existing?.confirmedAt != null) throw refused('An authenticator app is already set up.');
  const secret = newTotpSecret();
  const stored = encryptSecret(secret, app.secondFactorSettings.secretKey);
  await app.db.deleteFrom('totpFactors').where('userId', '=', user.id).execute();
  await app.db
    .insertInto('totpFactors')
    .values({ userId: user.id, secret: stored, createdAt: instant(), confirmedAt: null, lastUsedStep: null })
    .execute();
  return { secret, otpauthUri: otpauthUri(secret, user.email, PRODUCT_NAME) };
}

/**
 * Confirms the enrolment with a first code; returns new recovery codes when it is the user's first
 * factor (an empty list otherwise).
 */
export async function confirmTotpEnrolment(
  app: App,
  request: FastifyRequest,
  userId: number,
  code: string,
): Promise<string[]> {
  await refuseWhileLimited(app, request, userId);
  const row = await totpFactorOf(app.db, userId, { confirmed: false });
  if (!row) throw refused('Start setting up the authenticator app first.');
  const step = matchTotp(decryptSecret(row.secret, app.secondFactorSettings.secretKey), code);
  if (step === undefined) return failed(app, request, userId, SECOND_FACTOR.totp, WRONG_CODE);
  const hadFactor = (await enrolledFactors(app.db, userId)).length > 0;
  await app.db
    .updateTable('totpFactors')
    .set({ confirmedAt: instant(), lastUsedStep: step })
    .where('userId', '=', userId)
    .execute();
  return factorAdded(app, request, userId, SECOND_FACTOR.totp, hadFactor);
}

/** Audits a new factor; the user's first one comes with a new set of recovery codes. */
export async function factorAdded(
  app: App,
  request: FastifyRequest,
  userId: number,
  factor: SecondFactorKind,
  hadFactor: boolean,
): Promise<string[]> {
  await recordAudit(
    app.db,
    { ...actorOf(request), userId },
    { action: 'SecondFactorEnrolled', targetType: 'User', targetId: userId, detail: { factor } },
  );
  return hadFactor ? [] : replaceRecoveryCodes(app.db, userId);
}

/** Deletes every factor of the user: authenticator app, passkeys and recovery codes. */
export async function deleteAllFactors(app: Pick<App, 'db'>, userId: number): Promise<void> {
  await app.db.deleteFrom('totpFactors').where('userId', '=', userId).execute();
  await app.db.deleteFrom('passkeys').where('userId', '=', userId).execute();
  await deleteRecoveryCodes(app.db, userId);
}
