import type { Kysely } from 'kysely';
import { SECOND_FACTOR } from '@sentinel/domain';
import type { SecondFactorKind } from '@sentinel/domain';
import type { Database } from '../db/schema';
import { hasConfirmedTotp } from './second-factor-queries';

/** The factors a user can give now: a confirmed authenticator app, passkeys, unused recovery codes. */
export async function enrolledFactors(db: Kysely<Database>, userId: number): Promise<SecondFactorKind[]> {
  const [totp, passkey, recovery] = await Promise.all([
    hasConfirmedTotp(db, userId),
    db.selectFrom('passkeys').select('id').where('userId', '=', userId).limit(1).executeTakeFirst(),
    db
      .selectFrom('recoveryCodes')
      .select('id')
      .where('userId', '=', userId)
      .where('usedAt', 'is', null)
      .limit(1)
      .executeTakeFirst(),
  ]);
  const factors: SecondFactorKind[] = [];
  if (totp) factors.push(SECOND_FACTOR.totp);
  if (passkey) factors.push(SECOND_FACTOR.passkey);
  // Recovery codes stand in for a factor; alone (its factors removed) they are no factor.
  if (recovery && factors.length > 0) factors.push(SECOND_FACTOR.recoveryCode);
  return factors;
}
