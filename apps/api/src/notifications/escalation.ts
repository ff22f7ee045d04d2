/*
 * Escalation to the holder's contacts: an alarm of a kind that may mean the vehicle is being taken
 * (CONTACT_ESCALATION_KINDS) still 'Open' (nobody on the staff acknowledged it) NOTIFY_CONTACTS_AFTER_MINUTES after it opened tells the holder's first contact, after twice
 * that the second, and so on, one contact per period in their order, until someone acknowledges
 * or the list ends. Every instance sweeps; alarms.contacts_told is set by compare-and-set, so two
 * sweeps tell each contact once.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { CONTACT_ESCALATION_KINDS, ESCALATION_CONTACTS_MAX } from '@sentinel/domain';
import { inTransaction, instant } from '../db/database';
import type { Database } from '../db/schema';
import type { VehicleEvents } from '../vehicles/vehicle-events';
import { queueContactMessages } from './notification-queue';

type Db = Kysely<Database>;

const MINUTE_MS = 60_000;

/**
 * The Open alarms due to tell their next contact at `now`, with that contact. The alarms_queue
 * index (state, priority, opened_at) finds the Open alarms older than one period; each one's own
 * due time, (contacts_told + 1) periods after it opened, is judged here.
 */
async function dueEscalations(db: Db, contactsAfterMinutes: number, now: Date) {
  const periodMs = contactsAfterMinutes * MINUTE_MS;
  const rows = await db
    .selectFrom('alarms')
    .innerJoin('vehicles', 'vehicles.id', 'alarms.vehicleId')
    .innerJoin('users', 'users.id', 'vehicles.userId')
    .innerJoin('escalationContacts as contact', (join) =>
      join
        .onRef('contact.holderUserId', '=', 'users.id')
        .on('contact.position', '=', sql<number>`alarms.contacts_told + 1`),
    )
    .select([
      'alarms.id as alarmId',
      'alarms.vehicleId',
      'alarms.kind',
      'alarms.openedAt',
      'alarms.contactsTold',
      'vehicles.registrationNumber',
      'users.firstName',
      'users.lastName',
      'contact.id as contactId',
      'contact.position',
      'contact.name',
      'contact.phoneCode',
      'contact.phoneNumber',
      'contact.email',
    ])
    .where('alarms.state', '=', 'Open')
    .where('alarms.kind', 'in', CONTACT_ESCALATION_KINDS)
    .where('alarms.openedAt', '<=', instant(new Date(now.getTime() - periodMs)))
    .where('alarms.contactsTold', '<', ESCALATION_CONTACTS_MAX)
    .orderBy('alarms.priority')
    .orderBy('alarms.openedAt')
    .orderBy('alarms.id')
    .execute();
  return rows.filter((row) => Date.parse(row.openedAt) + (row.contactsTold + 1) * periodMs <= now.getTime());
}

/**
 * Tells the next contact of every alarm due at `now`; answers how many contacts were told. Each is
 * its own transaction: the compare-and-set on contacts_told (still Open, still at the count read)
 * and the contact's messages with their timeline lines, due at once (by the clock, whatever `now`
 * a test judges by).
 */
export async function sweepEscalations(
  db: Db,
  events: VehicleEvents,
  settings: { contactsAfterMinutes: number },
  now: Date = new Date(),
): Promise<number> {
  let told = 0;
  for (const due of await dueEscalations(db, settings.contactsAfterMinutes, now)) {
    const won = await inTransaction(db, async (trx) => {
      const set = await trx
        .updateTable('alarms')
        .set({ contactsTold: due.contactsTold + 1 })
        .where('id', '=', due.alarmId)
        .where('contactsTold', '=', due.contactsTold)
        .where('state', '=', 'Open')
        .executeTakeFirst();
      if (set.numUpdatedRows === 0n) return false;
      await queueContactMessages(
        trx,
        {
          alarmId: due.alarmId,
          vehicleId: due.vehicleId,
          kind: due.kind,
          openedAt: new Date(due.openedAt),
          registration: due.registrationNumber,
          holderName: `${due.firstName} ${due.lastName}`.trim(),
        },
        {
          id: due.contactId,
          position: due.position,
          name: due.name,
          phoneCode: due.phoneCode,
          phoneNumber: due.phoneNumber,
          email: due.email,
        },
      );
      return true;
    });
    if (!won) continue;
    told += 1;
    // Wakes the outbox worker and refreshes the staff screens' timeline.
    events.emit('alarm', { vehicleId: due.vehicleId, alarmId: due.alarmId });
  }
  return told;
}
