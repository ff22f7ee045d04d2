/*
 * Writing messages into the outbox (the notifications table), always inside the transaction of
 * the change that causes them: the alarm's opening (the holder's SMS and e-mail, and a push to
 * every staff browser that sees the vehicle) and the escalation sweep's telling of the next
 * contact. Each Holder or Contact row gets its 'queued' line on the alarm's timeline in the same
 * transaction. The outbox worker (outbox-worker.ts) sends them.
 */
import { sql } from 'kysely';
import type { Insertable, Kysely } from 'kysely';
import {
  ROLE,
  alarmEmail,
  alarmSmsText,
  firstAttemptAt,
  messageTimelineText,
  normalisePhone,
  quietHoursOf,
  staffPushPayload,
  wantsMessage,
} from '@sentinel/domain';
import type { AlarmKind, AlarmMessageFacts } from '@sentinel/domain';
import { instant } from '../db/database';
import type { Database, NotificationsTable } from '../db/schema';
import { storedPreferences } from './contact-queries';

type Db = Kysely<Database>;
type NewNotification = Insertable<NotificationsTable>;

/** The alarm a message is about. */
export interface OpenedAlarm {
  alarmId: number;
  vehicleId: number;
  kind: AlarmKind;
  openedAt: Date;
}

/** An E.164 number ('+27821234567') from a stored code and number; undefined when there is none. */
export function e164(phoneCode: string, phoneNumber: string): string | undefined {
  if (phoneNumber.trim() === '') return undefined;
  return (
    normalisePhone(phoneCode, phoneNumber)?.e164 ??
    `+${phoneCode.replace(/\D/g, '')}${phoneNumber.replace(/\D/g, '')}`
  );
}

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/** Adds the rows, and one 'queued' timeline line for each Holder or Contact row; two statements. */
async function insertWithTimeline(
  trx: Db,
  alarmId: number,
  rows: NewNotification[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await trx.insertInto('notifications').values(rows).execute();
  const lines = rows
    .filter((row) => row.audience !== 'Staff')
    .map((row) => {
      const until = Date.parse(row.nextAttemptAt) > now.getTime() ? new Date(row.nextAttemptAt) : undefined;
      return {
        alarmId,
        dateTime: instant(now),
        type: 'Message' as const,
        byUserId: null,
        text: messageTimelineText(row, { state: 'queued', until }),
      };
    });
  if (lines.length > 0) await trx.insertInto('alarmEvents').values(lines).execute();
}

/**
 * The vehicle's holder, their registration and preferences, in one read (the opening runs inside
 * the telemetry batch's transaction, so it costs few statements).
 */
function holderOfVehicle(trx: Db, vehicleId: number) {
  return trx
    .selectFrom('vehicles')
    .innerJoin('users', 'users.id', 'vehicles.userId')
    .leftJoin('notificationPreferences as preferences', 'preferences.holderUserId', 'users.id')
    .select([
      'vehicles.registrationNumber',
      'users.id as holderId',
      'users.firstName',
      'users.lastName',
      'users.email',
      'users.phoneCode',
      'users.phoneNumber',
      'preferences.kinds',
      'preferences.channels',
      'preferences.quietFrom',
      'preferences.quietTo',
    ])
    .where('vehicles.id', '=', vehicleId)
    .executeTakeFirst();
}

/**
 * The push subscriptions of the staff who see the holder's vehicles: every Admin and
 * Technical-Agent, and the Company-Admins of a company the holder is linked to (as scope.ts
 * draws a Company-Admin's scope).
 */
function staffSubscriptions(trx: Db, holderId: number) {
  return trx
    .selectFrom('pushSubscriptions')
    .innerJoin('users', 'users.id', 'pushSubscriptions.userId')
    .select(['pushSubscriptions.endpoint', 'users.id as userId', 'users.firstName', 'users.lastName'])
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('userRoles')
            .innerJoin('roles', 'roles.id', 'userRoles.roleId')
            .select(sql.lit(1).as('one'))
            .whereRef('userRoles.userId', '=', 'users.id')
            .where('roles.name', 'in', [ROLE.admin, ROLE.technicalAgent]),
        ),
        eb.exists(
          eb
            .selectFrom('companyUsers as manager')
            .innerJoin('companyUsers as holder', 'holder.companyId', 'manager.companyId')
            .select(sql.lit(1).as('one'))
            .whereRef('manager.userId', '=', 'users.id')
            .where('manager.role', '=', ROLE.companyAdmin)
            .where('holder.userId', '=', holderId),
        ),
      ]),
    )
    .orderBy('pushSubscriptions.id')
    .execute();
}

/**
 * Queues what an alarm's opening tells: the holder's SMS and e-mail as their preferences say
 * (held till their quiet hours end, unless the kind is a security one), and one push per staff
 * subscription that sees the vehicle. Runs on the opening's transaction: four statements at most.
 */
export async function queueAlarmMessages(trx: Db, alarm: OpenedAlarm, now: Date = new Date()): Promise<void> {
  const holder = await holderOfVehicle(trx, alarm.vehicleId);
  if (!holder) return;
  const holderName = fullName(holder.firstName, holder.lastName);
  const facts: AlarmMessageFacts = {
    kind: alarm.kind,
    registration: holder.registrationNumber,
    openedAt: alarm.openedAt,
    holderName,
  };
  const created = instant(now);
  const rows: NewNotification[] = [];
  const preferences = storedPreferences(holder);
  if (preferences.kinds.includes(alarm.kind)) {
    const due = instant(firstAttemptAt(alarm.kind, quietHoursOf(preferences), now));
    const base = {
      alarmId: alarm.alarmId,
      audience: 'Holder' as const,
      userId: holder.holderId,
      contactId: null,
      recipientName: holderName,
      state: 'Queued' as const,
      nextAttemptAt: due,
      createdAt: created,
    };
    const phone = e164(holder.phoneCode, holder.phoneNumber);
    if (wantsMessage(preferences, alarm.kind, 'sms') && phone !== undefined) {
      rows.push({
        ...base,
        channel: 'sms',
        recipient: phone,
        subject: '',
        body: alarmSmsText(facts, 'Holder'),
      });
    }
    if (wantsMessage(preferences, alarm.kind, 'email') && holder.email.trim() !== '') {
      const email = alarmEmail(facts, 'Holder', holderName);
      rows.push({ ...base, channel: 'email', recipient: holder.email, ...email });
    }
  }
  for (const staff of await staffSubscriptions(trx, holder.holderId)) {
    // The dashboard's address is the worker's to add (a setting), when it sends.
    const push = staffPushPayload({ ...facts, alarmId: alarm.alarmId, url: '' });
    rows.push({
      alarmId: alarm.alarmId,
      audience: 'Staff',
      userId: staff.userId,
      contactId: null,
      channel: 'push',
      recipient: staff.endpoint,
      recipientName: fullName(staff.firstName, staff.lastName),
      subject: push.title,
      body: push.body,
      state: 'Queued',
      nextAttemptAt: created,
      createdAt: created,
    });
  }
  await insertWithTimeline(trx, alarm.alarmId, rows, now);
}

/** An escalation contact as the sweep found them. */
export interface EscalationContact {
  id: number;
  position: number;
  name: string;
  phoneCode: string;
  phoneNumber: string;
  email: string | null;
}

/** How a contact is named on the timeline: 'Sipho Dlamini (contact 1)'. */
export const contactRecipientName = (contact: Pick<EscalationContact, 'name' | 'position'>) =>
  `${contact.name} (contact ${contact.position})`;

/** Queues a contact's SMS (and e-mail when they have one), told at once whatever the hour. */
export async function queueContactMessages(
  trx: Db,
  alarm: OpenedAlarm & { registration: string; holderName: string },
  contact: EscalationContact,
  now: Date = new Date(),
): Promise<void> {
  const facts: AlarmMessageFacts = {
    kind: alarm.kind,
    registration: alarm.registration,
    openedAt: alarm.openedAt,
    holderName: alarm.holderName,
  };
  const created = instant(now);
  const base = {
    alarmId: alarm.alarmId,
    audience: 'Contact' as const,
    userId: null,
    contactId: contact.id,
    recipientName: contactRecipientName(contact),
    state: 'Queued' as const,
    nextAttemptAt: created,
    createdAt: created,
  };
  const rows: NewNotification[] = [];
  const phone = e164(contact.phoneCode, contact.phoneNumber);
  if (phone !== undefined) {
    rows.push({
      ...base,
      channel: 'sms',
      recipient: phone,
      subject: '',
      body: alarmSmsText(facts, 'Contact'),
    });
  }
  if (contact.email !== null && contact.email.trim() !== '') {
    rows.push({
      ...base,
      channel: 'email',
      recipient: contact.email,
      ...alarmEmail(facts, 'Contact', contact.name),
    });
  }
  await insertWithTimeline(trx, alarm.alarmId, rows, now);
}
