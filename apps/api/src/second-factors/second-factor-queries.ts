/*
 * Reads and writes of a user's second factors that the routes and the factor service share: the
 * authenticator app (totpFactors), passkeys and recovery codes. Handlers decide who may call and
 * shape the errors.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database, TotpFactorsTable } from '../db/schema';

/** The user's authenticator app: the confirmed one, or the one whose enrolment waits for its first code. */
export async function totpFactorOf(
  db: Kysely<Database>,
  userId: number,
  { confirmed }: { confirmed: boolean },
): Promise<Selectable<TotpFactorsTable> | undefined> {
  return db
    .selectFrom('totpFactors')
    .selectAll()
    .where('userId', '=', userId)
    .where('confirmedAt', confirmed ? 'is not' : 'is', null)
    .executeTakeFirst();
}

/** Whether the user has a confirmed authenticator app. */
export async function hasConfirmedTotp(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('totpFactors')
    .select('userId')
    .where('userId', '=', userId)
    .where('confirmedAt', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes the user's confirmed authenticator app; false when there was none. */
export async function deleteConfirmedTotp(db: Kysely<Database>, userId: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom('totpFactors')
    .where('userId', '=', userId)
    .where('confirmedAt', 'is not', null)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** The user's passkeys as 'My second factors' lists them, oldest first. */
export async function passkeysOf(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('passkeys')
    .select(['credentialId', 'name', 'createdAt', 'lastUsedAt'])
    .where('userId', '=', userId)
    .orderBy('id')
    .execute();
}

/** Removes one of the user's passkeys by its credential id; false when it is not theirs or not there. */
export async function deletePasskey(
  db: Kysely<Database>,
  userId: number,
  credentialId: string,
): Promise<boolean> {
  const deleted = await db
    .deleteFrom('passkeys')
    .where('userId', '=', userId)
    .where('credentialId', '=', credentialId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** Removes all of the user's recovery codes, used or not. */
export async function deleteRecoveryCodes(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('recoveryCodes').where('userId', '=', userId).execute();
}
