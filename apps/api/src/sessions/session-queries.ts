/*
 * Reads and writes of sign_in_sessions that the routes, step-up and the session store share.
 * Handlers decide who may call and shape the errors.
 */
import type { Insertable, Kysely } from 'kysely';
import type { Database, SignInSessionsTable } from '../db/schema';

/** Adds a session's row (at sign-in, or for a session from before sessions were kept). */
export async function insertSession(
  db: Kysely<Database>,
  row: Insertable<SignInSessionsTable>,
): Promise<void> {
  await db.insertInto('signInSessions').values(row).execute();
}

/** Whether the session has a row. */
export async function sessionExists(db: Kysely<Database>, sessionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('signInSessions')
    .select('familyId')
    .where('familyId', '=', sessionId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The session's id when it is the user's; undefined when it is not theirs or not there. */
export async function sessionOfUser(
  db: Kysely<Database>,
  sessionId: string,
  userId: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('signInSessions')
    .select('familyId')
    .where('familyId', '=', sessionId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row?.familyId;
}

/** When the user last gave a second factor in the session; null when never, or not their session. */
export async function sessionSecondFactorAt(
  db: Kysely<Database>,
  sessionId: string,
  userId: number,
): Promise<string | null> {
  const row = await db
    .selectFrom('signInSessions')
    .select('secondFactorAt')
    .where('familyId', '=', sessionId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row?.secondFactorAt ?? null;
}
