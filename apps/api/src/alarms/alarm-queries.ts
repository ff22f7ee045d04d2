/*
 * Every read and write of the alarm tables. One declaration of the Alarm row (alarmsFrom +
 * selectAlarm + toAlarm) serves the queue, the detail, the transitions' answers and the live
 * hub's AlarmChangedMessage, so they cannot disagree.
 */
import { sql } from 'kysely';
import type { ExpressionBuilder, Kysely, SelectQueryBuilder } from 'kysely';
import { ALARM_KIND_DEFAULTS } from '@sentinel/domain';
import type {
  Alarm,
  AlarmContact,
  AlarmEvent,
  AlarmEventType,
  AlarmKind,
  AlarmPriority,
  AlarmQueueTab,
  AlarmState,
} from '@sentinel/domain';
import { instant, readerOf } from '../db/database';
import type { Database } from '../db/schema';
import type { Scope } from '../access/scope';
import { userInScope } from '../access/scope';
import { runPagedList } from '../odata/paged-list';
import type { PagedList } from '../odata/paged-list';
import { preparedQuery } from '../telemetry/prepared-query';
import { queueAlarmMessages } from '../notifications/notification-queue';

type Db = Kysely<Database>;

/** The alarm with its vehicle and the vehicle's holder (users). */
export function alarmsFrom(db: Db) {
  return db
    .selectFrom('alarms')
    .innerJoin('vehicles', 'vehicles.id', 'alarms.vehicleId')
    .innerJoin('users', 'users.id', 'vehicles.userId');
}

/** A staff member's name, as a column of the alarm row. */
const nameOf = (
  eb: ExpressionBuilder<Database, 'alarms'>,
  who: 'acknowledgedByUserId' | 'resolvedByUserId',
  part: 'firstName' | 'lastName',
) => eb.selectFrom('users as staff').select(`staff.${part}`).whereRef('staff.id', '=', `alarms.${who}`);

/** The Alarm's columns, selected from alarmsFrom (with whatever conditions were added). */
export function selectAlarm<O>(query: SelectQueryBuilder<Database, 'alarms' | 'vehicles' | 'users', O>) {
  return query.select((eb) => [
    'alarms.id',
    'alarms.vehicleId',
    'vehicles.registrationNumber',
    'users.id as holderId',
    'users.firstName as holderFirstName',
    'users.lastName as holderLastName',
    'alarms.kind',
    'alarms.priority',
    'alarms.state',
    'alarms.openedAt',
    'alarms.lastEventAt',
    'alarms.eventCount',
    'alarms.acknowledgeWithinSeconds',
    'alarms.acknowledgedAt',
    'alarms.acknowledgedByUserId',
    nameOf(eb, 'acknowledgedByUserId', 'firstName').as('acknowledgerFirstName'),
    nameOf(eb, 'acknowledgedByUserId', 'lastName').as('acknowledgerLastName'),
    'alarms.resolvedAt',
    nameOf(eb, 'resolvedByUserId', 'firstName').as('resolverFirstName'),
    nameOf(eb, 'resolvedByUserId', 'lastName').as('resolverLastName'),
    'alarms.resolution',
  ]);
}

type AlarmRow = Awaited<ReturnType<ReturnType<typeof selectAlarm<object>>['executeTakeFirstOrThrow']>>;

export function toAlarm(row: AlarmRow): Alarm {
  return {
    id: row.id,
    vehicleId: row.vehicleId,
    registrationNumber: row.registrationNumber,
    holderId: row.holderId,
    holderFirstName: row.holderFirstName,
    holderLastName: row.holderLastName,
    kind: row.kind,
    priority: row.priority,
    state: row.state,
    openedDateTime: row.openedAt,
    lastEventDateTime: row.lastEventAt,
    eventCount: Number(row.eventCount),
    acknowledgeWithinSeconds: row.acknowledgeWithinSeconds,
    acknowledgedDateTime: row.acknowledgedAt,
    acknowledgedByUserId: row.acknowledgedByUserId,
    acknowledgedByUserFirstName: row.acknowledgerFirstName,
    acknowledgedByUserLastName: row.acknowledgerLastName,
    resolvedDateTime: row.resolvedAt,
    resolvedByUserFirstName: row.resolverFirstName,
    resolvedByUserLastName: row.resolverLastName,
    resolution: row.resolution,
  };
}

/** The alarm as GET /Alarms answers it, when it exists and the scope includes its vehicle. */
/** One alarm by id, whoever may see it: built once, as the live hub reads one for every change. */
const alarmById = preparedQuery(['id'], (db, param) =>
  selectAlarm(alarmsFrom(db).where('alarms.id', '=', param('id'))),
);

export async function findAlarm(
  db: Db,
  id: number,
  scope: Scope = { kind: 'all' },
): Promise<Alarm | undefined> {
  if (scope.kind === 'all') {
    const row = (await alarmById(db, { id })).rows[0];
    return row && toAlarm(row);
  }
  let query = alarmsFrom(db).where('alarms.id', '=', id);
  const inScope = userInScope(scope, sql<number>`vehicles.user_id`);
  if (inScope) query = query.where(inScope);
  const row = await selectAlarm(query).executeTakeFirst();
  return row && toAlarm(row);
}

const TAB_STATES: Record<AlarmQueueTab, readonly AlarmState[]> = {
  Open: ['Open'],
  Acknowledged: ['Acknowledged', 'Escalated'],
};

/** A queue tab's alarms inside the scope (no selection, no order). */
export function queueBase(db: Db, tab: AlarmQueueTab, scope: Scope) {
  let base = alarmsFrom(db).where('alarms.state', 'in', TAB_STATES[tab]);
  const inScope = userInScope(scope, sql<number>`vehicles.user_id`);
  if (inScope) base = base.where(inScope);
  return base;
}

/** The queue's order: highest priority (1) first, then the oldest, then by id (the alarms_queue index's). */
export const QUEUE_ORDER = [
  { expression: sql.ref('alarms.priority'), direction: 'asc' },
  { expression: sql.ref('alarms.openedAt'), direction: 'asc' },
  { expression: sql.ref('alarms.id'), direction: 'asc' },
] as const;

/**
 * One page of a queue tab, read on the database reader like the other lists. The Open tab walks
 * the alarms_queue index (state, priority, opened_at, id) in order and stops after the page.
 */
export function listAlarms(
  db: Db,
  query: { tab: AlarmQueueTab; pageSize: number; pageIndex: number },
  scope: Scope,
): Promise<PagedList<Alarm>> {
  return runPagedList(
    db,
    queueBase(db, query.tab, scope),
    {
      where: undefined,
      order: [...QUEUE_ORDER],
      pageSize: query.pageSize,
      pageIndex: query.pageIndex,
      fieldsUsed: new Set(),
    },
    selectAlarm,
    (rows) => rows.map(toAlarm),
  );
}

/** Timeline entries with who made them, as the timeline answers them. */
function alarmEventsFrom(db: Db) {
  return db
    .selectFrom('alarmEvents')
    .leftJoin('users', 'users.id', 'alarmEvents.byUserId')
    .select([
      'alarmEvents.id',
      'alarmEvents.dateTime',
      'alarmEvents.type',
      'users.firstName as byUserFirstName',
      'users.lastName as byUserLastName',
      'alarmEvents.text',
    ]);
}

/** The alarm's timeline, oldest first. */
export function alarmTimeline(db: Db, alarmId: number): Promise<AlarmEvent[]> {
  return alarmEventsFrom(db).where('alarmEvents.alarmId', '=', alarmId).orderBy('alarmEvents.id').execute();
}

/** Who to call about the vehicle: its holder, then its drivers (by id). */
export async function alarmContacts(db: Db, vehicleId: number): Promise<AlarmContact[]> {
  const holder = await db
    .selectFrom('vehicles')
    .innerJoin('users', 'users.id', 'vehicles.userId')
    .select(['users.firstName', 'users.lastName', 'users.phoneCode', 'users.phoneNumber'])
    .where('vehicles.id', '=', vehicleId)
    .executeTakeFirst();
  const drivers = await db
    .selectFrom('drivers')
    .select(['firstName', 'lastName', 'phoneCode', 'phoneNumber'])
    .where('vehicleId', '=', vehicleId)
    .orderBy('id')
    .execute();
  const phone = (value: string) => (value.trim() === '' ? null : value);
  return [
    ...(holder ? [{ role: 'Account holder' as const, ...holder }] : []),
    ...drivers.map((driver) => ({ role: 'Driver' as const, ...driver })),
  ].map((contact) => ({
    role: contact.role,
    firstName: contact.firstName,
    lastName: contact.lastName,
    phoneCode: phone(contact.phoneCode),
    phoneNumber: phone(contact.phoneNumber),
  }));
}

/** Adds one timeline entry; answers its id. */
const insertAlarmEvent = preparedQuery(['alarmId', 'dateTime', 'type', 'byUserId', 'text'], (db, param) =>
  db
    .insertInto('alarmEvents')
    .values({
      alarmId: param('alarmId'),
      dateTime: param('dateTime'),
      type: param('type'),
      byUserId: param('byUserId'),
      text: param('text'),
    })
    .returning('id'),
);

export async function addAlarmEvent(
  db: Db,
  entry: { alarmId: number; type: AlarmEventType; byUserId?: number | null; text?: string | null; at?: Date },
): Promise<number> {
  const { rows } = await insertAlarmEvent(db, {
    alarmId: entry.alarmId,
    dateTime: instant(entry.at),
    type: entry.type,
    byUserId: entry.byUserId ?? null,
    text: entry.text ?? null,
  });
  return rows[0]!.id;
}

/** The same entry as the timeline answers it. */
export function findAlarmEvent(db: Db, id: number): Promise<AlarmEvent> {
  return alarmEventsFrom(db).where('alarmEvents.id', '=', id).executeTakeFirstOrThrow();
}

/** A security event of a vehicle, to open an alarm of its kind or join the active one. */
export interface AlarmOccurrence {
  vehicleId: number;
  kind: AlarmKind;
  /** What the device reported, in words, for the timeline. */
  text: string;
  at: Date;
  /** The priority it opens with, when not the kind's (a geofence rule's own); a join raises to it. */
  priority?: AlarmPriority | undefined;
}

/** A 'Repeated' timeline entry of the same words at most this often per alarm; the count counts every repeat. */
const REPEAT_ENTRY_EVERY_MS = 60_000;

/** An occurrence without a priority of its own joins with this one: never more urgent than any. */
const NO_PRIORITY = 9;

/**
 * One more event on the vehicle's active alarm of the kind: the latest event time stays the
 * latest (a device sends its buffer late after a coverage gap), and a more urgent occurrence (a
 * higher-priority geofence rule) makes the alarm more urgent. Built once: it runs for every report
 * that repeats an alarm.
 */
const joinAlarm = preparedQuery(['vehicleId', 'kind', 'at', 'priority'], (db, param) =>
  db
    .updateTable('alarms')
    .set((eb) => ({
      eventCount: eb('eventCount', '+', 1),
      lastEventAt: eb
        .case()
        .when('lastEventAt', '<', param('at'))
        .then(param('at'))
        .else(eb.ref('lastEventAt'))
        .end(),
      priority: eb
        .case()
        .when('priority', '>', param('priority'))
        .then(param('priority'))
        .else(eb.ref('priority'))
        .end(),
    }))
    .where('vehicleId', '=', param('vehicleId'))
    .where('kind', '=', param('kind'))
    .where('state', '<>', 'Resolved')
    .returning('id'),
);

/** The newest 'Opened' or 'Repeated' line of an alarm's timeline. */
const lastTimelineEntry = preparedQuery(['alarmId'], (db, param) =>
  db
    .selectFrom('alarmEvents')
    .select(['dateTime', 'text'])
    .where('alarmId', '=', param('alarmId'))
    .where('type', 'in', ['Opened', 'Repeated'])
    .orderBy('id', 'desc')
    .limit(1),
);

/**
 * Joins the vehicle's active alarm of this kind: one more event, the latest event time, and a
 * timeline line when the words differ or a minute has passed. Answers the alarm's id, or undefined
 * when there is none.
 */
async function joinActiveAlarm(db: Db, occurrence: AlarmOccurrence): Promise<number | undefined> {
  const at = instant(occurrence.at);
  const joined = (
    await joinAlarm(db, {
      vehicleId: occurrence.vehicleId,
      kind: occurrence.kind,
      at,
      priority: occurrence.priority ?? NO_PRIORITY,
    })
  ).rows[0];
  if (!joined) return undefined;
  const lastEntry = (await lastTimelineEntry(db, { alarmId: joined.id })).rows[0];
  // Something else happened (another geofence, another rule): it gets its own line at once.
  if (
    !lastEntry ||
    lastEntry.text !== occurrence.text ||
    occurrence.at.getTime() - Date.parse(lastEntry.dateTime) >= REPEAT_ENTRY_EVERY_MS
  ) {
    await addAlarmEvent(db, {
      alarmId: joined.id,
      type: 'Repeated',
      text: occurrence.text,
      at: occurrence.at,
    });
  }
  return joined.id;
}

/**
 * Opens an alarm of this kind, unless the vehicle has an active one. INSERT ... ON CONFLICT DO
 * NOTHING on the partial unique index: on PostgreSQL a failed statement would abort the whole
 * telemetry batch, so a concurrent open (another api instance) is told by no row, not an error.
 */
async function openAlarm(
  db: Db,
  occurrence: AlarmOccurrence,
  acknowledgeWithinSeconds: number,
): Promise<number | undefined> {
  const at = instant(occurrence.at);
  const opened = await db
    .insertInto('alarms')
    .values({
      vehicleId: occurrence.vehicleId,
      kind: occurrence.kind,
      priority: occurrence.priority ?? ALARM_KIND_DEFAULTS[occurrence.kind].priority,
      state: 'Open',
      acknowledgeWithinSeconds,
      openedAt: at,
      lastEventAt: at,
    })
    .onConflict((conflict) =>
      // The partial index's own predicate, as a literal: SQLite matches the target by its text.
      conflict.columns(['vehicleId', 'kind']).where('state', '<>', sql.lit('Resolved')).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  if (!opened) return undefined;
  await addAlarmEvent(db, { alarmId: opened.id, type: 'Opened', text: occurrence.text, at: occurrence.at });
  // The holder and the staff's browsers are told through the outbox, in the opening's transaction.
  await queueAlarmMessages(db, {
    alarmId: opened.id,
    vehicleId: occurrence.vehicleId,
    kind: occurrence.kind,
    openedAt: occurrence.at,
  });
  return opened.id;
}

/** Joins the vehicle's active alarm of the kind, or opens one; answers the alarm's id. */
export async function openOrJoinAlarm(
  db: Db,
  occurrence: AlarmOccurrence,
  acknowledgeWithinSeconds: number,
): Promise<number> {
  // A repeat is the common case: one UPDATE finds and joins it.
  const joined = await joinActiveAlarm(db, occurrence);
  if (joined !== undefined) return joined;
  const opened = await openAlarm(db, occurrence, acknowledgeWithinSeconds);
  if (opened !== undefined) return opened;
  // Another transaction opened it since the UPDATE looked: join that one.
  const raced = await joinActiveAlarm(db, occurrence);
  if (raced === undefined)
    throw new Error(`Alarm ${occurrence.kind} of vehicle ${occurrence.vehicleId} vanished.`);
  return raced;
}

/** Opens an alarm only when the vehicle has no active one of the kind (the silent sweep). */
export function openAlarmIfNone(
  db: Db,
  occurrence: AlarmOccurrence,
  acknowledgeWithinSeconds: number,
): Promise<number | undefined> {
  return openAlarm(db, occurrence, acknowledgeWithinSeconds);
}

/** The instants the silent sweep judges by, as `now` minus each setting. */
export interface SilenceCutoffs {
  /** Heard last before this: silent (DEVICE_REPORT_INTERVAL_SECONDS × ALARM_SILENCE_FACTOR ago). */
  silentBefore: string;
  /** Heard last before this while another alarm is active: silent (ALARM_DEVICE_SILENT_SECONDS ago). */
  besideAlarmBefore: string;
  /** Heard last before this: no longer watched (ALARM_SILENCE_WATCH_HOURS ago). */
  watchedFrom: string;
}

export interface SilentVehicle {
  vehicleId: number;
  /** The latest sign of life of its device. */
  lastHeardAt: string;
  /** Silent only by the shorter limit beside another active alarm. */
  besideAlarm: boolean;
}

const latest = (...instants: (string | null)[]): string | null =>
  instants.reduce<string | null>((a, b) => (b !== null && (a === null || b > a) ? b : a), null);

/**
 * The vehicles whose device is silent and has no DeviceSilent alarm for this silence yet, in one
 * read of the whole fleet on the database reader. "Heard" is the latest of the vehicle's newest
 * GPS fix (vehicles.gps_date_time), the device's last command poll (devices.commands_seen_at) and
 * the last event of the vehicle's other active alarms (a tamper report without a fix joins one).
 * Watched: an active device linked to the vehicle and heard within the watch window (one never
 * heard is never silent). Silent: heard before `silentBefore`, or before `besideAlarmBefore`
 * while another alarm is active. One alarm per silence: none when a DeviceSilent alarm is active
 * or was opened since the device was last heard, so resolving it does not reopen it until the
 * device reports and falls silent again.
 *
 * Two candidate sets, so the per-vehicle look-ups run only for the few rows that may be silent:
 * the devices whose last fix and last poll are both older than silentBefore, one of them inside
 * the watch window (one pass over devices, each vehicle by its key: an index on the heard times
 * would cost a write on every report instead), and the vehicles with another active alarm
 * (alarms_active_vehicle_kind is partial on state <> 'Resolved', so it holds only those). The
 * alarm look-ups use that index too (its predicate written as the same literal, which is how
 * SQLite matches a partial index).
 */
export async function silentVehicles(db: Db, cutoffs: SilenceCutoffs): Promise<SilentVehicle[]> {
  const reader = readerOf(db);
  const unresolved = sql.lit<AlarmState>('Resolved');
  const quietDevices = reader
    .selectFrom('devices')
    .innerJoin('vehicles', 'vehicles.id', 'devices.vehicleId')
    .select(['vehicles.id as vehicleId', 'vehicles.gpsDateTime', 'devices.commandsSeenAt'])
    .where('devices.active', '=', 1)
    .where((eb) =>
      eb.and([
        eb.or([
          eb('vehicles.gpsDateTime', 'is', null),
          eb('vehicles.gpsDateTime', '<', cutoffs.silentBefore),
        ]),
        eb.or([
          eb('devices.commandsSeenAt', 'is', null),
          eb('devices.commandsSeenAt', '<', cutoffs.silentBefore),
        ]),
        eb.or([
          eb('vehicles.gpsDateTime', '>=', cutoffs.watchedFrom),
          eb('devices.commandsSeenAt', '>=', cutoffs.watchedFrom),
        ]),
      ]),
    );
  const besideAlarms = reader
    .selectFrom('alarms')
    .innerJoin('devices', 'devices.vehicleId', 'alarms.vehicleId')
    .innerJoin('vehicles', 'vehicles.id', 'alarms.vehicleId')
    .select(['vehicles.id as vehicleId', 'vehicles.gpsDateTime', 'devices.commandsSeenAt'])
    .where('alarms.state', '<>', unresolved)
    .where('alarms.kind', '<>', 'DeviceSilent')
    .where('devices.active', '=', 1);
  const rows = await reader
    .selectFrom(quietDevices.union(besideAlarms).as('watched'))
    .select((eb) => [
      'watched.vehicleId',
      'watched.gpsDateTime',
      'watched.commandsSeenAt',
      eb
        .selectFrom('alarms as other')
        .select((other) => other.fn.max('other.lastEventAt').as('at'))
        .whereRef('other.vehicleId', '=', 'watched.vehicleId')
        .where('other.state', '<>', unresolved)
        .where('other.kind', '<>', 'DeviceSilent')
        .as('alarmEventAt'),
      eb
        .selectFrom('alarms as silent')
        .select((silent) => silent.fn.max('silent.openedAt').as('at'))
        .whereRef('silent.vehicleId', '=', 'watched.vehicleId')
        .where('silent.kind', '=', 'DeviceSilent')
        .as('silentOpenedAt'),
    ])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('alarms as active')
            .select('active.id')
            .whereRef('active.vehicleId', '=', 'watched.vehicleId')
            .where('active.kind', '=', 'DeviceSilent')
            .where('active.state', '<>', unresolved),
        ),
      ),
    )
    .orderBy('watched.vehicleId')
    .execute();
  return rows.flatMap((row) => {
    const heard = latest(row.gpsDateTime, row.commandsSeenAt, row.alarmEventAt);
    if (heard === null || heard < cutoffs.watchedFrom) return [];
    if (row.silentOpenedAt !== null && row.silentOpenedAt >= heard) return [];
    const silentAlone = heard < cutoffs.silentBefore;
    const silentBesideAlarm = row.alarmEventAt !== null && heard < cutoffs.besideAlarmBefore;
    if (!silentAlone && !silentBesideAlarm) return [];
    return [{ vehicleId: row.vehicleId, lastHeardAt: heard, besideAlarm: !silentAlone }];
  });
}

/**
 * Whether the silence silentVehicles found still stands, asked again inside the transaction that
 * opens its alarm: the fleet read ran on the reader a moment before, and meanwhile the device may
 * have reported, or another instance may have opened the alarm and someone resolved it already.
 */
export async function stillSilent(db: Db, vehicleId: number, lastHeardAt: string): Promise<boolean> {
  const heardSince = await db
    .selectFrom('vehicles')
    .innerJoin('devices', 'devices.vehicleId', 'vehicles.id')
    .select('vehicles.id')
    .where('vehicles.id', '=', vehicleId)
    .where((eb) =>
      eb.or([eb('vehicles.gpsDateTime', '>', lastHeardAt), eb('devices.commandsSeenAt', '>', lastHeardAt)]),
    )
    .executeTakeFirst();
  if (heardSince) return false;
  const told = await db
    .selectFrom('alarms')
    .select('id')
    .where('vehicleId', '=', vehicleId)
    .where('kind', '=', 'DeviceSilent')
    .where('openedAt', '>=', lastHeardAt)
    .executeTakeFirst();
  return told === undefined;
}
