import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_MS, PRODUCT_NAME } from '@sentinel/domain';
import { instant } from '../db/database';
import type { Database } from '../db/schema';
import type { MessageSender } from '../providers/messages';

export type ConfirmOutcome = 'confirmed' | 'invalid' | 'expired' | 'tooManyAttempts';

export interface PhoneCodeService {
  /** Spends the user's earlier codes, stores a new one (hashed) and texts it to the user's phone. */
  send(user: { id: number; phoneCode: string; phoneNumber: string }, now?: Date): Promise<void>;
  /**
   * Checks a code against the user's newest live one. Every try counts, so a code takes at most
   * OTP_MAX_ATTEMPTS tries; a right one is spent and confirms the phone.
   */
  confirm(userId: number, code: string, now?: Date): Promise<ConfirmOutcome>;
}

/**
 * Codes are six digits from the operating system's CSPRNG. Only an HMAC under a server key is
 * stored: a bare hash of a six-digit code is undone by trying all million.
 */
export function createPhoneCodeService(
  db: Kysely<Database>,
  messages: MessageSender,
  key: string,
): PhoneCodeService {
  const hashOf = (code: string) => createHmac('sha256', key).update(code).digest();

  return {
    async send(user, now = new Date()) {
      const code = randomInt(0, 10 ** OTP_LENGTH)
        .toString()
        .padStart(OTP_LENGTH, '0');
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('phoneConfirmations')
          .set({ usedAt: instant(now) })
          .where('userId', '=', user.id)
          .where('usedAt', 'is', null)
          .execute();
        await trx
          .insertInto('phoneConfirmations')
          .values({
            userId: user.id,
            codeHash: hashOf(code).toString('base64url'),
            createdAt: instant(now),
            expiresAt: instant(new Date(now.getTime() + OTP_TTL_MS)),
            usedAt: null,
          })
          .execute();
      });
      await messages.sendSms({
        to: `+${user.phoneCode}${user.phoneNumber}`,
        body: `Your ${PRODUCT_NAME} OTP is ${code}. It expires in ${String(OTP_TTL_MS / 60_000)} minutes.`,
      });
    },

    async confirm(userId, code, now = new Date()) {
      const live = await db
        .selectFrom('phoneConfirmations')
        .select(['id', 'codeHash', 'expiresAt'])
        .where('userId', '=', userId)
        .where('usedAt', 'is', null)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!live || live.expiresAt <= instant(now)) return 'expired';
      // Count the try first, in one guarded update, so concurrent tries cannot exceed the limit.
      const counted = await db
        .updateTable('phoneConfirmations')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', live.id)
        .where('usedAt', 'is', null)
        .where('attempts', '<', OTP_MAX_ATTEMPTS)
        .returning('attempts')
        .executeTakeFirst();
      if (!counted) return 'tooManyAttempts';
      const expected = Buffer.from(live.codeHash, 'base64url');
      const given = hashOf(code);
      if (expected.length === given.length && timingSafeEqual(expected, given)) {
        const spent = await db
          .updateTable('phoneConfirmations')
          .set({ usedAt: instant(now) })
          .where('id', '=', live.id)
          .where('usedAt', 'is', null)
          .executeTakeFirst();
        if (spent.numUpdatedRows === 0n) return 'invalid';
        await db
          .updateTable('users')
          .set({ phoneConfirmedAt: instant(now) })
          .where('id', '=', userId)
          .execute();
        return 'confirmed';
      }
      if (counted.attempts >= OTP_MAX_ATTEMPTS) {
        await db
          .updateTable('phoneConfirmations')
          .set({ usedAt: instant(now) })
          .where('id', '=', live.id)
          .execute();
        return 'tooManyAttempts';
      }
      return 'invalid';
    },
  };
}
