/*
 * Every read and write of the one-time password links' tokens (reset, and creation's through the
 * same table shape): only a token's hash is stored, and spending one sets the password and ends the
 * user's sessions in one transaction.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { instant } from '../db/database';
import type { Database } from '../db/schema';
import { passwordCreationTokenHash as tokenHash } from '../auth/password-creation';

/** A reset link works once, for an hour: it is asked for by someone waiting for it. */
const PASSWORD_RESET_TTL_MS = 3_600_000;

/** Issues a reset token for the user, spending the earlier unused ones; only its hash is stored. */
export async function issueResetToken(
  db: Kysely<Database>,
  userId: number,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('passwordResetTokens')
      .set({ usedAt: instant(now) })
      .where('userId', '=', userId)
      .where('usedAt', 'is', null)
      .execute();
    await trx
      .insertInto('passwordResetTokens')
      .values({
        tokenHash: tokenHash(token),
        userId,
        expiresAt: instant(new Date(now.getTime() + PASSWORD_RESET_TTL_MS)),
        usedAt: null,
      })
      .execute();
  });
  return token;
}

type TokenTable = 'passwordResetTokens' | 'passwordCreationTokens';

/** The user a live (unused, unexpired) token belongs to, without spending it. */
export async function liveTokenUser(
  db: Kysely<Database>,
  table: TokenTable,
  token: string,
  now = new Date(),
): Promise<number | undefined> {
  const row = await db
    .selectFrom(table)
    .select('userId')
    .where('tokenHash', '=', tokenHash(token))
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', instant(now))
    .executeTakeFirst();
  return row?.userId;
}

/**
 * Spends a live token and sets the user's password in one transaction; the spend is a guarded
 * update, so two requests with one token cannot both succeed. `onlyWithoutPassword` refuses a user
 * who already has one (creation links). Answers the user's id, or undefined when refused.
 */
export async function spendTokenAndSetPassword(
  db: Kysely<Database>,
  table: TokenTable,
  token: string,
  passwordHash: string,
  options: { onlyWithoutPassword: boolean },
  now = new Date(),
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable(table)
      .set({ usedAt: instant(now) })
      .where('tokenHash', '=', tokenHash(token))
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', instant(now))
      .returning('userId')
      .executeTakeFirst();
    if (!spent) return undefined;
    let update = trx.updateTable('users').set({ passwordHash }).where('id', '=', spent.userId);
    if (options.onlyWithoutPassword) update = update.where('passwordHash', 'is', null);
    const changed = await update.executeTakeFirst();
    if (changed.numUpdatedRows === 0n) return undefined;
    // A new password ends every session signed in with the old one.
    await trx
      .updateTable('refreshTokens')
      .set({ revokedAt: instant(now) })
      .where('userId', '=', spent.userId)
      .where('revokedAt', 'is', null)
      .execute();
    return spent.userId;
  });
}
