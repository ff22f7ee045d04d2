/*
 * Sessions: a session is a refresh-token family (its id is the access tokens' sid). Its row in
 * sign_in_sessions keeps what 'Your sessions' shows (browser, address, created, last used) and
 * when its last second factor was given, which step-up reads.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { isStaffRole } from '@sentinel/domain';
import type { RoleName, SignInAnswer, StaffSession } from '@sentinel/domain';
import { actorOf, recordAudit } from '../audit/record-audit';
import { instant } from '../db/database';
import type { Database } from '../db/schema';
import { browserName } from './browser-name';
import { insertSession } from './session-queries';

/** last used is written at most this often, so every refresh does not write. */
const LAST_USED_PRECISION_MS = 60_000;

/** Starts a session for a user who proved who they are; secondFactor when they gave one. */
export async function startSession(
  app: Pick<FastifyInstance, 'db' | 'refreshTokens' | 'accessTokens'>,
  request: FastifyRequest,
  user: { id: number; role: RoleName },
  secondFactor: boolean,
): Promise<SignInAnswer> {
  await recordAudit(
    app.db,
    { ...actorOf(request), userId: user.id },
    {
      action: 'SignIn',
      targetType: 'User',
      targetId: user.id,
      ...(secondFactor ? { detail: { secondFactor: true } } : {}),
    },
  );
  const { token: refreshToken, sessionId } = await app.refreshTokens.issue(user.id);
  const now = instant();
  await insertSession(app.db, {
    familyId: sessionId,
    userId: user.id,
    browser: browserName(request.headers['user-agent']),
    address: request.ip,
    createdAt: now,
    lastUsedAt: now,
    secondFactorAt: secondFactor ? now : null,
    webauthnChallenge: null,
  });
  const accessToken = await app.accessTokens.sign({ userId: user.id, role: user.role, sessionId });
  return { userRole: user.role, accessToken, refreshToken, userId: user.id };
}

/** Renews the session's second-factor time (a step-up), adding its row for an older sign-in. */
export async function markSecondFactor(
  db: Kysely<Database>,
  request: FastifyRequest,
  sessionId: string,
  userId: number,
): Promise<void> {
  const now = instant();
  const updated = await db
    .updateTable('signInSessions')
    .set({ secondFactorAt: now })
    .where('familyId', '=', sessionId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (updated.numUpdatedRows > 0n) return;
  await insertSession(db, {
    familyId: sessionId,
    userId,
    browser: browserName(request.headers['user-agent']),
    address: request.ip,
    createdAt: now,
    lastUsedAt: now,
    secondFactorAt: now,
    webauthnChallenge: null,
  });
}

/**
 * At a refresh: false (and the session ended) when a staff session was unused for longer than the
 * idle timeout; otherwise its last use is noted (at most once a minute) and true.
 */
export async function useSessionAtRefresh(
  app: Pick<FastifyInstance, 'db' | 'refreshTokens'>,
  sessionId: string,
  role: RoleName,
  idleTimeoutSeconds: number,
): Promise<boolean> {
  const row = await app.db
    .selectFrom('signInSessions')
    .select('lastUsedAt')
    .where('familyId', '=', sessionId)
    .executeTakeFirst();
  if (!row) return true;
  const idleMs = Date.now() - Date.parse(row.lastUsedAt);
  if (isStaffRole(role) && idleMs > idleTimeoutSeconds * 1000) {
    await app.refreshTokens.revokeSession(sessionId);
    return false;
  }
  if (idleMs >= LAST_USED_PRECISION_MS) {
    await app.db
      .updateTable('signInSessions')
      .set({ lastUsedAt: instant() })
      .where('familyId', '=', sessionId)
      .execute();
  }
  return true;
}

/**
 * The user's sessions that still stand (a token of the family unspent, unrevoked and unexpired;
 * for staff, used within the idle timeout), newest use first.
 */
export async function liveSessions(
  db: Kysely<Database>,
  userId: number,
  options: { currentSessionId: string | undefined; idleTimeoutSeconds: number | undefined },
): Promise<StaffSession[]> {
  const now = instant();
  let query = db
    .selectFrom('signInSessions as s')
    .select(['s.familyId', 's.browser', 's.address', 's.createdAt', 's.lastUsedAt'])
    .where('s.userId', '=', userId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('refreshTokens as t')
          .select('t.id')
          .whereRef('t.familyId', '=', 's.familyId')
          .where('t.usedAt', 'is', null)
          .where('t.revokedAt', 'is', null)
          .where('t.expiresAt', '>', now),
      ),
    );
  if (options.idleTimeoutSeconds !== undefined) {
    query = query.where(
      's.lastUsedAt',
      '>=',
      instant(new Date(Date.now() - options.idleTimeoutSeconds * 1000)),
    );
  }
  const rows = await query.orderBy('s.lastUsedAt', 'desc').orderBy('s.familyId').execute();
  return rows.map((row) => ({
    id: row.familyId,
    browser: row.browser,
    address: row.address,
    createdDateTime: row.createdAt,
    lastUsedDateTime: row.lastUsedAt,
    current: row.familyId === options.currentSessionId,
  }));
}

/** Keeps the WebAuthn challenge of a passkey registration or step-up in the caller's session. */
export async function setSessionChallenge(
  db: Kysely<Database>,
  sessionId: string,
  challenge: string | null,
): Promise<void> {
  await db
    .updateTable('signInSessions')
    .set({ webauthnChallenge: challenge })
    .where('familyId', '=', sessionId)
    .execute();
}

export async function sessionChallenge(db: Kysely<Database>, sessionId: string): Promise<string | null> {
  const row = await db
    .selectFrom('signInSessions')
    .select('webauthnChallenge')
    .where('familyId', '=', sessionId)
    .executeTakeFirst();
  return row?.webauthnChallenge ?? null;
}
