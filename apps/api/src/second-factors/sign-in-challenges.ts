/*
 * A sign-in between its password and its second factor: an opaque token (32 random bytes, only its
 * SHA-256 stored), bound to the user, good for five minutes and spent by the sign-in it completes.
 * Wrong codes do not spend it, so a typo can be retried; the wrong-code limit bounds the guesses.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { instant } from '../db/database';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';

export const CHALLENGE_TTL_MS = 5 * 60_000;

export const CHALLENGE_EXPIRED = 'Your sign-in has expired. Please sign in again.';

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface SignInChallenge {
  id: number;
  userId: number;
  webauthnChallenge: string | null;
}

export async function createChallenge(db: Kysely<Database>, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db
    .insertInto('signInChallenges')
    .values({
      tokenHash: hash(token),
      userId,
      createdAt: instant(new Date(now)),
      expiresAt: instant(new Date(now + CHALLENGE_TTL_MS)),
      usedAt: null,
      webauthnChallenge: null,
    })
    .execute();
  // Spent and expired challenges of anyone are of no use: cleared as new ones come.
  await db
    .deleteFrom('signInChallenges')
    .where('expiresAt', '<', instant(new Date(now - CHALLENGE_TTL_MS)))
    .execute();
  return token;
}

/** The live challenge of the token; 401 when it is unknown, spent or expired. */
export async function challengeOf(db: Kysely<Database>, token: string): Promise<SignInChallenge> {
  const row = await db
    .selectFrom('signInChallenges')
    .select(['id', 'userId', 'webauthnChallenge'])
    .where('tokenHash', '=', hash(token))
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', instant())
    .executeTakeFirst();
  if (!row) throw new ApiError('unauthenticated', undefined, CHALLENGE_EXPIRED);
  return row;
}

/** Spends the challenge; false when another request spent it first. */
export async function spendChallenge(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db
    .updateTable('signInChallenges')
    .set({ usedAt: instant() })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setChallengeWebAuthn(
  db: Kysely<Database>,
  id: number,
  challenge: string,
): Promise<void> {
  await db
    .updateTable('signInChallenges')
    .set({ webauthnChallenge: challenge })
    .where('id', '=', id)
    .execute();
}
