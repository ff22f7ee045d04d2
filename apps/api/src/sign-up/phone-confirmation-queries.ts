/*
 * Every read and write of phone_confirmations: the texted codes (their HMAC only), each spent once,
 * with a guarded count of tries; and the phone's confirmation on the user once a code matched.
 */
import type { Kysely } from 'kysely';
import { OTP_MAX_ATTEMPTS } from '@sentinel/domain';
import { instant } from '../db/database';
import type { Database } from '../db/schema';

/** Spends the user's earlier codes and stores the new one's hash, in one transaction. */
export async function replaceCode(
  db: Kysely<Database>,
  code: { userId: number; codeHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('phoneConfirmations')
      .set({ usedAt: instant(code.now) })
      .where('userId', '=', code.userId)
      .where('usedAt', 'is', null)
      .execute();
    await trx
      .insertInto('phoneConfirmations')
      .values({
        userId: code.userId,
        codeHash: code.codeHash,
        createdAt: instant(code.now),
        expiresAt: instant(code.expiresAt),
        usedAt: null,
      })
      .execute();
  });
}

/** The user's newest unspent code. */
export function newestCode(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('phoneConfirmations')
    .select(['id', 'codeHash', 'expiresAt'])
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * Counts a try of the code in one guarded update, so concurrent tries cannot exceed the limit:
 * the tries so far, or undefined when the code is spent or out of tries.
 */
export async function countTry(db: Kysely<Database>, codeId: number): Promise<number | undefined> {
  const counted = await db
    .updateTable('phoneConfirmations')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', codeId)
    .where('usedAt', 'is', null)
    .where('attempts', '<', OTP_MAX_ATTEMPTS)
    .returning('attempts')
    .executeTakeFirst();
  return counted?.attempts;
}

/** Spends the code that matched and confirms the user's phone; false when another try spent it first. */
export async function spendCodeAndConfirm(
  db: Kysely<Database>,
  code: { id: number; userId: number },
  now: Date,
): Promise<boolean> {
  const spent = await db
    .updateTable('phoneConfirmations')
    .set({ usedAt: instant(now) })
    .where('id', '=', code.id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  if (spent.numUpdatedRows === 0n) return false;
  await db
    .updateTable('users')
    .set({ phoneConfirmedAt: instant(now) })
    .where('id', '=', code.userId)
    .execute();
  return true;
}

/** Spends a code that ran out of tries. */
export async function spendCode(db: Kysely<Database>, codeId: number, now: Date): Promise<void> {
  await db
    .updateTable('phoneConfirmations')
    .set({ usedAt: instant(now) })
    .where('id', '=', codeId)
    .execute();
}
