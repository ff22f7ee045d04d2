import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  isSmsCountry,
  normalisePhone,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MS,
  PRODUCT_NAME,
} from '@sentinel/domain';
import { instant } from '../db/database';
import type { Database } from '../db/schema';
import type { MessageSender } from '../providers/messages';
import {
  countTry,
  newestCode,
  replaceCode,
  spendCode,
  spendCodeAndConfirm,
} from './phone-confirmation-queries';

type ConfirmOutcome = 'confirmed' | 'invalid' | 'expired' | 'tooManyAttempts';

export interface PhoneCodeService {
  /**
   * Spends the user's earlier codes, stores a new one (hashed) and texts it to the user's phone;
   * false, and nothing texted, when the number is not one of the countries texted.
   */
  send(user: { id: number; phoneCode: string; phoneNumber: string }, now?: Date): Promise<boolean>;
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
  smsCountries: readonly string[],
): PhoneCodeService {
  const hashOf = (code: string) => createHmac('sha256', key).update(code).digest();

  return {
    async send(user, now = new Date()) {
      // The routes refuse such numbers first; this guards every caller, so no text leaves for elsewhere.
      const phone = normalisePhone(user.phoneCode, user.phoneNumber);
      if (!phone || !isSmsCountry(phone, smsCountries)) return false;
      const code = randomInt(0, 10 ** OTP_LENGTH)
        .toString()
        .padStart(OTP_LENGTH, '0');
      await replaceCode(db, {
        userId: user.id,
        codeHash: hashOf(code).toString('base64url'),
        now,
        expiresAt: new Date(now.getTime() + OTP_TTL_MS),
      });
      await messages.sendSms({
        to: phone.e164,
        body: `Your ${PRODUCT_NAME} OTP is ${code}. It expires in ${String(OTP_TTL_MS / 60_000)} minutes.`,
      });
      return true;
    },

    async confirm(userId, code, now = new Date()) {
      const live = await newestCode(db, userId);
      if (!live || live.expiresAt <= instant(now)) return 'expired';
      // Count the try first, so concurrent tries cannot exceed the limit.
      const attempts = await countTry(db, live.id);
      if (attempts === undefined) return 'tooManyAttempts';
      const expected = Buffer.from(live.codeHash, 'base64url');
      const given = hashOf(code);
      if (expected.length === given.length && timingSafeEqual(expected, given)) {
        return (await spendCodeAndConfirm(db, { id: live.id, userId }, now)) ? 'confirmed' : 'invalid';
      }
      if (attempts >= OTP_MAX_ATTEMPTS) {
        await spendCode(db, live.id, now);
        return 'tooManyAttempts';
      }
      return 'invalid';
    },
  };
}
