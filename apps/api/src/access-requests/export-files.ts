/*
 * The files of an access request's zip, each as the text it streams: small files (the holder's
 * vehicles, drivers, contacts) are read whole, since a holder has a handful of each; the tables
 * that grow without bound (position fixes, vehicle history, messages, alarms, the audit log) are
 * read a page at a time, each page continuing after the last row read (keyset, through an index),
 * so however much is held only one page is in memory. Large reads go to the database's reader
 * (threads of their own on a SQLite file), so the api answers other callers meanwhile.
 *
 * Every text cell goes through the domain's neutraliseFormula, so nothing a person typed runs as a
 * spreadsheet formula; numbers and instants the api writes itself stay as they are.
 */
import { sql } from 'kysely';
import type { Kysely, SqlBool } from 'kysely';
import { stringify } from 'csv-stringify/sync';
import { neutraliseFormula } from '@sentinel/domain';
import { readerOf } from '../db/database';
import type { Database } from '../db/schema';
import { findNotificationPreferences } from '../notifications/contact-queries';

type Db = Kysely<Database>;
type Cell = string | number | boolean | null;

/** Rows per page of the tables that grow: 5,000 fixes take a few milliseconds to read and write out. */
export const FIX_PAGE_ROWS = 5000;
const PAGE_ROWS = 500;

const CSV_OPTIONS = { record_delimiter: 'windows' } as const;

function cellText(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'boolean') return cell ? 'Yes' : 'No';
  if (typeof cell === 'number') return String(cell);
  return neutraliseFormula(cell);
}

/** CSV lines (RFC 4180, CRLF) of the rows, every text cell formula-safe. */
export function csvLines(rows: readonly (readonly Cell[])[]): string {
  return stringify(
    rows.map((row) => row.map(cellText)),
    CSV_OPTIONS,
  );
}

const flag = (value: number | null): boolean | null => (value === null ? null : value === 1);

/** One page after another until a short one: `read(after)` continues after the last row it was given. */
async function* pages<Row>(
  read: (after: Row | undefined) => Promise<Row[]>,
  size: number,
): AsyncGenerator<Row[]> {
  let after: Row | undefined;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = rows.at(-1);
  }
}

/** A CSV file: its header, then each page's lines. */
async function* csvFile<Row>(
  header: readonly string[],
  rows: AsyncIterable<Row[]> | Row[],
  line: (row: Row) => Cell[],
): AsyncGenerator<string> {
  yield csvLines([header]);
  if (Array.isArray(rows)) {
    if (rows.length > 0) yield csvLines(rows.map(line));
    return;
  }
  for await (const page of rows) yield csvLines(page.map(line));
}

// --- The holder and what is theirs -------------------------------------------------------------

/** The holder's vehicles, as the zip names them (each has its history and fixes files). */
export interface ExportVehicle {
  id: number;
  registrationNumber: string;
}

/** The holder's profile: their record, roles and companies. Undefined when the user is gone. */
export async function holderProfile(db: Db, userId: number) {
  const user = await db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'firstName',
      'lastName',
      'phoneCode',
      'phoneNumber',
      'idNumber',
      'idNumberIsSouthAfrican',
      'createdOnDateTime',
      'phoneConfirmedAt',
      'erasedAt',
      'vehiclesWithDeviceCount',
      'vehiclesWithoutDeviceCount',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (user === undefined) return undefined;
  const roles = await db
    .selectFrom('userRoles')
    .innerJoin('roles', 'roles.id', 'userRoles.roleId')
    .select('roles.name')
    .where('userRoles.userId', '=', userId)
    .orderBy('roles.name')
    .execute();
  const companies = await db
    .selectFrom('companyUsers')
    .innerJoin('companies', 'companies.id', 'companyUsers.companyId')
    .select(['companies.id', 'companies.name', 'companyUsers.role'])
    .where('companyUsers.userId', '=', userId)
    .orderBy('companies.id')
    .execute();
  const { idNumberIsSouthAfrican, ...rest } = user;
  return {
    ...rest,
    idNumberIsSouthAfrican: idNumberIsSouthAfrican === 1,
    roles: roles.map((role) => role.name),
    companies,
  };
}

export function holderVehicles(db: Db, userId: number): Promise<ExportVehicle[]> {
  return db
    .selectFrom('vehicles')
    .select(['id', 'registrationNumber'])
    .where('userId', '=', userId)
    .orderBy('id')
    .execute();
}

const ids = (vehicles: readonly ExportVehicle[]) => vehicles.map((vehicle) => vehicle.id);

export async function* vehiclesCsv(db: Db, userId: number): AsyncGenerator<string> {
  const rows = await db
    .selectFrom('vehicles')
    .leftJoin('devices', 'devices.vehicleId', 'vehicles.id')
    .selectAll('vehicles')
    .select('devices.serialNumber')
    .where('vehicles.userId', '=', userId)
    .orderBy('vehicles.id')
    .execute();
  yield* csvFile(
    [
      'Vehicle id',
      'Registration',
      'Make',
      'Model',
      'Variant',
      'Nickname',
      'Year',
      'Colour',
      'VIN',
      'Engine number',
      'Device serial number',
      'Onboarding status',
      'Locked',
      'Tamper active',
      'Last latitude',
      'Last longitude',
      'Last position at (UTC)',
      'Armed since (UTC)',
      'Arming schedule',
      'Added at (UTC)',
    ],
    rows,
    (vehicle) => [
      vehicle.id,
      vehicle.registrationNumber,
      vehicle.make,
      vehicle.model,
      vehicle.makeVariant,
      vehicle.nickname,
      vehicle.registrationYear,
      vehicle.vehicleColour,
      vehicle.vinNumber,
      vehicle.engineNumber,
      vehicle.serialNumber,
      vehicle.onboardingStatus,
      flag(vehicle.isLocked),
      flag(vehicle.tamperActive),
      vehicle.lastKnownGpsLatitudeDegrees,
      vehicle.lastKnownGpsLongitudeDegrees,
      vehicle.gpsDateTime,
      vehicle.armedSince,
      vehicle.armingSchedule,
      vehicle.createdOnDateTime,
    ],
  );
}

export async function* driversCsv(db: Db, vehicles: readonly ExportVehicle[]): AsyncGenerator<string> {
  const rows =
    vehicles.length === 0
      ? []
      : await db
          .selectFrom('drivers')
          .selectAll()
          .where('vehicleId', 'in', ids(vehicles))
          .orderBy('id')
          .execute();
  yield* csvFile(
    [
      'Driver id',
      'Vehicle id',
      'First name',
      'Last name',
      'Email',
      'Phone code',
      'Phone number',
      'ID number',
      'South African ID',
    ],
    rows,
    (driver) => [
      driver.id,
      driver.vehicleId,
      driver.firstName,
      driver.lastName,
      driver.email,
      driver.phoneCode,
      driver.phoneNumber,
      driver.idNumber,
      driver.idNumberIsSouthAfrican === 1,
    ],
  );
}

export async function* subscriptionsCsv(db: Db, vehicles: readonly ExportVehicle[]): AsyncGenerator<string> {
  const rows =
    vehicles.length === 0
      ? []
      : await db
          .selectFrom('subscriptions')
          .leftJoin('subscriptionPlans', 'subscriptionPlans.id', 'subscriptions.subscriptionPlanId')
          .selectAll('subscriptions')
          .select('subscriptionPlans.displayName')
          .where('subscriptions.vehicleId', 'in', ids(vehicles))
          .orderBy('subscriptions.id')
          .execute();
  yield* csvFile(
    ['Subscription id', 'Vehicle id', 'Plan', 'Offline', 'Deposit (cents)', 'Status', 'Created at (UTC)'],
    rows,
    (row) => [
      row.id,
      row.vehicleId,
      row.displayName,
      row.isOffline === 1,
      row.depositAmountCents,
      row.status,
      row.createdOnDateTime,
    ],
  );
}

export async function* paymentsCsv(db: Db, vehicles: readonly ExportVehicle[]): AsyncGenerator<string> {
  const rows =
    vehicles.length === 0
      ? []
      : await db
          .selectFrom('payments')
          .innerJoin('subscriptions', 'subscriptions.id', 'payments.subscriptionId')
          .selectAll('payments')
          .select('subscriptions.vehicleId')
          .where('subscriptions.vehicleId', 'in', ids(vehicles))
          .orderBy('payments.id')
          .execute();
  yield* csvFile(
    [
      'Payment id',
      'Subscription id',
      'Vehicle id',
      'Reference',
      'Amount (cents)',
      'Status',
      'Created at (UTC)',
      'Settled at (UTC)',
    ],
    rows,
    (row) => [
      row.id,
      row.subscriptionId,
      row.vehicleId,
      row.reference,
      row.amountCents,
      row.status,
      row.createdAt,
      row.settledAt,
    ],
  );
}

export async function* installationBookingsCsv(
  db: Db,
  vehicles: readonly ExportVehicle[],
): AsyncGenerator<string> {
  const rows =
    vehicles.length === 0
      ? []
      : await db
          .selectFrom('installationBookings')
          .leftJoin('fitmentCenters', 'fitmentCenters.id', 'installationBookings.fitmentCenterId')
          .selectAll('installationBookings')
          .select(['fitmentCenters.name', 'fitmentCenters.area'])
          .where('installationBookings.vehicleId', 'in', ids(vehicles))
          .orderBy('installationBookings.id')
          .execute();
  yield* csvFile(
    [
      'Booking id',
      'Vehicle id',
      'Fitment centre',
      'Area',
      'Installation at (UTC)',
      'Active',
      'Booked at (UTC)',
    ],
    rows,
    (row) => [
      row.id,
      row.vehicleId,
      row.name,
      row.area,
      row.installationUtcDateTime,
      row.active === 1,
      row.createdOnDateTime,
    ],
  );
}

export async function* escalationContactsCsv(db: Db, userId: number): AsyncGenerator<string> {
  const rows = await db
    .selectFrom('escalationContacts')
    .selectAll()
    .where('holderUserId', '=', userId)
    .orderBy('position')
    .execute();
  yield* csvFile(
    ['Position', 'Name', 'Phone code', 'Phone number', 'Email', 'Added at (UTC)', 'Changed at (UTC)'],
    rows,
    (row) => [
      row.position,
      row.name,
      row.phoneCode,
      row.phoneNumber,
      row.email,
      row.createdAt,
      row.updatedAt,
    ],
  );
}

/** The holder's notification preferences as the api applies them (every kind and channel when never saved). */
export async function notificationPreferencesJson(db: Db, userId: number): Promise<string> {
  const saved = await db
    .selectFrom('notificationPreferences')
    .select('updatedAt')
    .where('holderUserId', '=', userId)
    .executeTakeFirst();
  const preferences = await findNotificationPreferences(db, userId);
  return JSON.stringify({ ...preferences, savedAt: saved?.updatedAt ?? null }, null, 2);
}

// --- Position fixes ------------------------------------------------------------------------------

export interface FixPeriod {
  from: string | null;
  to: string | null;
}

/**
 * One vehicle's position fixes in the period, oldest first, through the key (vehicle_id, at). Each
 * line is written here rather than by the CSV writer: millions of them, and every cell is an
 * instant or a number the api stored itself, so none needs quoting or neutralising.
 */
export async function* positionFixesCsv(
  db: Db,
  vehicleId: number,
  period: FixPeriod,
  pageRows = FIX_PAGE_ROWS,
): AsyncGenerator<string> {
  const reader = readerOf(db);
  yield csvLines([['Time (UTC)', 'Latitude', 'Longitude']]);
  const read = (after: { at: string } | undefined) => {
    let query = reader
      .selectFrom('positionFixes')
      .select(['at', 'latitudeDegrees', 'longitudeDegrees'])
      .where('vehicleId', '=', vehicleId);
    if (after !== undefined) query = query.where('at', '>', after.at);
    else if (period.from !== null) query = query.where('at', '>=', period.from);
    if (period.to !== null) query = query.where('at', '<=', period.to);
    return query.orderBy('at').limit(pageRows).execute();
  };
  for await (const page of pages(read, pageRows)) {
    let text = '';
    for (const fix of page) text += `${fix.at},${fix.latitudeDegrees},${fix.longitudeDegrees}\r\n`;
    yield text;
  }
}

// --- Alarms, messages, third parties -------------------------------------------------------------

/** The alarms of the holder's vehicles, a vehicle at a time, oldest first (alarms_vehicle index). */
export async function* alarmsCsv(db: Db, vehicles: readonly ExportVehicle[]): AsyncGenerator<string> {
  yield csvLines([
    [
      'Alarm id',
      'Vehicle id',
      'Kind',
      'Priority',
      'State',
      'Opened at (UTC)',
      'Acknowledged at (UTC)',
      'Escalated at (UTC)',
      'Resolved at (UTC)',
      'Resolution',
      'Resolution note',
      'Escalation contacts told',
    ],
  ]);
  for await (const page of alarmPages(db, vehicles)) {
    yield csvLines(
      page.map((alarm) => [
        alarm.id,
        alarm.vehicleId,
        alarm.kind,
        alarm.priority,
        alarm.state,
        alarm.openedAt,
        alarm.acknowledgedAt,
        alarm.escalatedAt,
        alarm.resolvedAt,
        alarm.resolution,
        alarm.resolutionNote,
        Number(alarm.contactsTold),
      ]),
    );
  }
}

async function* alarmPages(db: Db, vehicles: readonly ExportVehicle[]) {
  const reader = readerOf(db);
  for (const vehicle of vehicles) {
    yield* pages(
      (after: { id: number } | undefined) =>
        reader
          .selectFrom('alarms')
          .selectAll()
          .where('vehicleId', '=', vehicle.id)
          .$if(after !== undefined, (query) => query.where('id', '>', after!.id))
          .orderBy('id')
          .limit(PAGE_ROWS)
          .execute(),
      PAGE_ROWS,
    );
  }
}

const MESSAGE_COLUMNS = [
  'Message id',
  'To',
  'Recipient name',
  'Channel',
  'Recipient',
  'Subject',
  'Body',
  'State',
  'Alarm id',
  'Queued at (UTC)',
  'Sent at (UTC)',
  'Delivered at (UTC)',
  'Failed at (UTC)',
] as const;

type MessageRow = Pick<
  Database['notifications'],
  'recipient' | 'recipientName' | 'subject' | 'body' | 'channel' | 'state' | 'audience'
> & {
  id: number;
  alarmId: number | null;
  createdAt: string;
  sentAt: string | null;
  deliveredAt: string | null;
  failedAt: string | null;
};

const messageLine = (row: MessageRow): Cell[] => [
  row.id,
  row.audience === 'Holder' ? 'Account holder' : 'Escalation contact',
  row.recipientName,
  row.channel,
  row.recipient,
  row.subject,
  row.body,
  row.state,
  row.alarmId,
  row.createdAt,
  row.sentAt,
  row.deliveredAt,
  row.failedAt,
];

const MESSAGE_FIELDS = [
  'id',
  'alarmId',
  'audience',
  'channel',
  'recipient',
  'recipientName',
  'subject',
  'body',
  'state',
  'createdAt',
  'sentAt',
  'deliveredAt',
  'failedAt',
] as const;

/**
 * The messages of the notification outbox sent to the holder (notifications_user index), then
 * those sent to their escalation contacts about their vehicles' alarms (notifications_alarm).
 */
export async function* messagesCsv(
  db: Db,
  userId: number,
  vehicles: readonly ExportVehicle[],
): AsyncGenerator<string> {
  const reader = readerOf(db);
  yield csvLines([MESSAGE_COLUMNS]);
  const toHolder = pages(
    (after: { id: number } | undefined) =>
      reader
        .selectFrom('notifications')
        .select(MESSAGE_FIELDS)
        .where('userId', '=', userId)
        .$if(after !== undefined, (query) => query.where('id', '>', after!.id))
        .orderBy('id')
        .limit(PAGE_ROWS)
        .execute(),
    PAGE_ROWS,
  );
  for await (const page of toHolder) yield csvLines(page.map(messageLine));
  for await (const alarms of alarmPages(db, vehicles)) {
    const toContacts = await reader
      .selectFrom('notifications')
      .select(MESSAGE_FIELDS)
      .where(
        'alarmId',
        'in',
        alarms.map((alarm) => alarm.id),
      )
      .where('audience', '=', 'Contact')
      .orderBy('id')
      .execute();
    if (toContacts.length > 0) yield csvLines(toContacts.map(messageLine));
  }
}

/** The live-location links made for the holder's vehicles: who was given their position, until when, how often read. */
export async function* shareLinksCsv(db: Db, vehicles: readonly ExportVehicle[]): AsyncGenerator<string> {
  const rows =
    vehicles.length === 0
      ? []
      : await readerOf(db)
          .selectFrom('shareLinks')
          .leftJoin('users as staff', 'staff.id', 'shareLinks.createdByUserId')
          .select((eb) => [
            'shareLinks.id',
            'shareLinks.vehicleId',
            'shareLinks.alarmId',
            'shareLinks.recipient',
            'staff.firstName',
            'staff.lastName',
            'shareLinks.createdAt',
            'shareLinks.expiresAt',
            'shareLinks.revokedAt',
            eb
              .selectFrom('shareLinkViews')
              .select((inner) => inner.fn.countAll<number | string>().as('views'))
              .whereRef('shareLinkViews.shareLinkId', '=', 'shareLinks.id')
              .as('views'),
          ])
          .where('shareLinks.vehicleId', 'in', ids(vehicles))
          .orderBy('shareLinks.id')
          .execute();
  yield* csvFile(
    [
      'Link id',
      'Vehicle id',
      'Alarm id',
      'Shared with',
      'Shared by',
      'Shared at (UTC)',
      'Expires at (UTC)',
      'Revoked at (UTC)',
      'Times opened',
    ],
    rows,
    (row) => [
      row.id,
      row.vehicleId,
      row.alarmId,
      row.recipient,
      [row.firstName, row.lastName].filter((part) => part !== null).join(' '),
      row.createdAt,
      row.expiresAt,
      row.revokedAt,
      Number(row.views ?? 0),
    ],
  );
}

/** The alerts sent about the holder's vehicles to the response partners (Aura, Capital Air). */
export async function* partnerAlertsCsv(db: Db, vehicles: readonly ExportVehicle[]): AsyncGenerator<string> {
  const rows =
    vehicles.length === 0
      ? []
      : await readerOf(db)
          .selectFrom('partnerAlerts')
          .selectAll()
          .where('vehicleId', 'in', ids(vehicles))
          .orderBy('id')
          .execute();
  yield* csvFile(
    ['Alert id', 'Vehicle id', 'Partner', 'Accepted', 'Status', 'Sent at (UTC)', 'Completed at (UTC)'],
    rows,
    (row) => [
      row.id,
      row.vehicleId,
      row.partner,
      row.accepted === 1,
      row.status,
      row.createdAt,
      row.completedAt,
    ],
  );
}

/**
 * The throttles' log of codes and links sent to the holder (send_log, kept a day): its keys name
 * them by id, e-mail address or phone number, so they are looked up exactly, by the key's index.
 */
export async function* sendLogCsv(
  db: Db,
  holder: { id: number; email: string; phoneCode: string; phoneNumber: string },
): AsyncGenerator<string> {
  const keys = [
    `creation-link:${holder.id}`,
    `reset-email:${holder.email.trim().toLowerCase()}`,
    `otp-phone:${holder.phoneCode}${holder.phoneNumber}`,
  ];
  const rows = await db
    .selectFrom('sendLog')
    .select(['key', 'createdAt'])
    .where('key', 'in', keys)
    .orderBy('createdAt')
    .execute();
  yield* csvFile(['What', 'At (UTC)'], rows, (row) => [
    row.key.slice(0, row.key.indexOf(':')),
    row.createdAt,
  ]);
}

// --- The audit log -------------------------------------------------------------------------------

const AUDIT_COLUMNS = [
  'Entry id',
  'At (UTC)',
  'Who (user id)',
  'Who (email)',
  'From address',
  'Browser or app',
  'Action',
  'Target type',
  'Target id',
  'Detail',
] as const;

type AuditRow = Omit<Database['auditLog'], 'id' | 'subjectUserId'> & { id: number };

const auditLine = (row: AuditRow): Cell[] => [
  row.id,
  row.occurredAt,
  row.userId,
  row.userEmail,
  row.ipAddress,
  row.userAgent,
  row.action,
  row.targetType,
  row.targetId,
  row.detail,
];

const AUDIT_FIELDS = [
  'id',
  'occurredAt',
  'userId',
  'userEmail',
  'ipAddress',
  'userAgent',
  'action',
  'targetType',
  'targetId',
  'detail',
] as const;

/** Who viewed or changed the holder's data: the entries about them, oldest first (audit_log_subject). */
export async function* accessLogCsv(db: Db, userId: number): AsyncGenerator<string> {
  const reader = readerOf(db);
  yield* csvFile(
    AUDIT_COLUMNS,
    pages(
      (after: { id: number } | undefined) =>
        reader
          .selectFrom('auditLog')
          .select(AUDIT_FIELDS)
          .where('subjectUserId', '=', userId)
          .$if(after !== undefined, (query) => query.where('id', '>', after!.id))
          .orderBy('id')
          .limit(PAGE_ROWS)
          .execute(),
      PAGE_ROWS,
    ),
    auditLine,
  );
}

/** What the holder did themselves (signed in, armed, raised panic), oldest first (audit_log_user). */
export async function* ownActionsCsv(db: Db, userId: number): AsyncGenerator<string> {
  const reader = readerOf(db);
  yield* csvFile(
    AUDIT_COLUMNS,
    pages(
      (after: { id: number; occurredAt: string } | undefined) =>
        reader
          .selectFrom('auditLog')
          .select(AUDIT_FIELDS)
          .where('userId', '=', userId)
          .$if(after !== undefined, (query) =>
            // A row value, so both engines continue along the index from the key on.
            query.where(
              sql<SqlBool>`(${sql.ref('auditLog.occurredAt')}, ${sql.ref('auditLog.id')}) > (${after!.occurredAt}, ${after!.id})`,
            ),
          )
          .orderBy('occurredAt')
          .orderBy('id')
          .limit(PAGE_ROWS)
          .execute(),
      PAGE_ROWS,
    ),
    auditLine,
  );
}
