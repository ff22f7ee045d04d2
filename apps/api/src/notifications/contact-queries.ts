/*
 * An account holder's escalation contacts and notification preferences in the database: read for
 * View account, replaced whole by its Save. The outbox (notification-queue.ts) reads the same rows
 * when an alarm opens or goes unacknowledged.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { ALARM_KINDS, DEFAULT_NOTIFICATION_PREFERENCES, HOLDER_CHANNELS, ROLE } from '@sentinel/domain';
import type { EscalationContact, NotificationPreferences } from '@sentinel/domain';
import type { Scope } from '../access/scope';
import { userInScope } from '../access/scope';
import { instant } from '../db/database';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** True when the user holds the Account-Holder role and is inside the caller's scope. */
export async function isHolderInScope(db: Db, scope: Scope, userId: number): Promise<boolean> {
  const inScope = userInScope(scope, sql.ref<number>('users.id'));
  let query = db
    .selectFrom('users')
    .innerJoin('userRoles', 'userRoles.userId', 'users.id')
    .innerJoin('roles', 'roles.id', 'userRoles.roleId')
    .select('users.id')
    .where('users.id', '=', userId)
    .where('roles.name', '=', ROLE.accountHolder);
  if (inScope) query = query.where(inScope);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The holder's contacts, position 1 (told first) first. */
export function listEscalationContacts(db: Db, holderUserId: number): Promise<EscalationContact[]> {
  return db
    .selectFrom('escalationContacts')
    .select(['position', 'name', 'phoneCode', 'phoneNumber', 'email'])
    .where('holderUserId', '=', holderUserId)
    .orderBy('position')
    .execute();
}

/**
 * Replaces the holder's whole list with `contacts` (already normalised, positions 1..n), inside the
 * caller's transaction. The old rows go first, so the (holder, position) unique index never sees
 * two rows at one position; messages already sent keep their recipient's number and name, which
 * the outbox copies, and lose only the link to the removed row.
 */
export async function replaceEscalationContacts(
  trx: Db,
  holderUserId: number,
  contacts: readonly EscalationContact[],
): Promise<void> {
  await trx.deleteFrom('escalationContacts').where('holderUserId', '=', holderUserId).execute();
  if (contacts.length === 0) return;
  const now = instant();
  await trx
    .insertInto('escalationContacts')
    .values(contacts.map((contact) => ({ holderUserId, ...contact, createdAt: now, updatedAt: now })))
    .execute();
}

/** A stored JSON list, keeping only the values it may hold; undefined when the text is no list. */
function storedList<T extends string>(text: string, allowed: readonly T[]): T[] | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? allowed.filter((item) => value.includes(item)) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A stored preferences row as the rules read it: the one reading of its JSON lists, for the routes
 * and for the messages an alarm queues. DEFAULT_NOTIFICATION_PREFERENCES when there is no row (the
 * holder never saved any) or the row cannot be read (only a hand edit of the database could cause it).
 */
export function storedPreferences(
  row:
    | { kinds: string | null; channels: string | null; quietFrom: string | null; quietTo: string | null }
    | undefined,
): NotificationPreferences {
  if (row === undefined || row.kinds === null || row.channels === null)
    return DEFAULT_NOTIFICATION_PREFERENCES;
  const kinds = storedList(row.kinds, ALARM_KINDS);
  const channels = storedList(row.channels, HOLDER_CHANNELS);
  if (kinds === undefined || channels === undefined) return DEFAULT_NOTIFICATION_PREFERENCES;
  return { kinds, channels, quietFrom: row.quietFrom, quietTo: row.quietTo };
}

/** The holder's preferences (see storedPreferences). */
export async function findNotificationPreferences(
  db: Db,
  holderUserId: number,
): Promise<NotificationPreferences> {
  const row = await db
    .selectFrom('notificationPreferences')
    .select(['kinds', 'channels', 'quietFrom', 'quietTo'])
    .where('holderUserId', '=', holderUserId)
    .executeTakeFirst();
  return storedPreferences(row);
}

/** Stores the holder's preferences (already normalised) in the caller's transaction: one row each. */
export async function saveNotificationPreferences(
  trx: Db,
  holderUserId: number,
  preferences: NotificationPreferences,
): Promise<void> {
  const columns = {
    kinds: JSON.stringify(preferences.kinds),
    channels: JSON.stringify(preferences.channels),
    quietFrom: preferences.quietFrom,
    quietTo: preferences.quietTo,
    updatedAt: instant(),
  };
  await trx
    .insertInto('notificationPreferences')
    .values({ holderUserId, ...columns })
    .onConflict((conflict) => conflict.column('holderUserId').doUpdateSet(columns))
    .execute();
}
