/*
 * Recovery codes: 10 a set, each 16 base32 characters (80 random bits) shown in groups of four,
 * stored as SHA-256. A fast hash is enough at 80 bits (no dictionary, no brute force within reach,
 * unlike a password), and it lets a code be found by its hash in one indexed query instead of an
 * argon2 check against every unused code of the user. Each works once.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { normaliseRecoveryCode, RECOVERY_CODE_COUNT } from '@sentinel/domain';
import { instant } from '../db/database';
import type { Database } from '../db/schema';
import { deleteRecoveryCodes } from './second-factor-queries';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function newCode(): string {
  const bytes = randomBytes(16);
  let code = '';
  for (const byte of bytes) code += BASE32[byte % 32];
  return code.match(/.{4}/g)!.join('-');
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normaliseRecoveryCode(code)).digest('base64url');
}

/** Replaces the user's recovery codes with a new set and returns it (the only time it is shown). */
export async function replaceRecoveryCodes(db: Kysely<Database>, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await deleteRecoveryCodes(db, userId);
  await db
    .insertInto('recoveryCodes')
    .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code), usedAt: null })))
    .execute();
  return codes;
}

/** Spends one unused code of the user; false when it is not one (or was used). */
export async function spendRecoveryCode(
  db: Kysely<Database>,
  userId: number,
  code: string,
): Promise<boolean> {
  const result = await db
    .updateTable('recoveryCodes')
    .set({ usedAt: instant() })
    .where('userId', '=', userId)
    .where('codeHash', '=', hashRecoveryCode(code))
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function recoveryCodesLeft(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recoveryCodes')
    .select((eb) => eb.fn.countAll().as('left'))
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.left);
}
