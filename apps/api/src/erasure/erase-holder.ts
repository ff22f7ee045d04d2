/*
 * The erasure of one account holder, in the caller's transaction (POPIA section 24). Their personal
 * fields and their drivers' are replaced; what exists only because of them (escalation contacts,
 * notification preferences, sign-ins, second factors, push subscriptions, geofences drawn for them)
 * is deleted; their vehicles' devices are unlinked, so no new position arrives; and the records that
 * stay for the business and for security (vehicle history, alarms and their timelines, messages,
 * share-link views, the audit log, import rows) keep their events without the holder's details.
 * Position fixes, which may be millions, are deleted after the commit by fix-deletion.ts.
 *
 * Which table holds what is listed in the api README ("Erasure"); erasure.test.ts searches every
 * text column of every table for the holder's details afterwards.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import {
  ERASED_DRIVER,
  ERASED_HOLDER,
  ERASED_HOLDER_NAME,
  ERASED_TEXT,
  erasedRegistration,
} from '@sentinel/domain';
import type { ErasureCounts } from '@sentinel/domain';
import { instant } from '../db/database';
import type { Database, User } from '../db/schema';
import { deleteGeofence } from '../geofences/geofence-queries';
import { withImportTables } from '../imports/import-tables';
import { refreshVehicleCounts } from '../vehicles/vehicle-store';
import { combineNeedles, containsPattern, createScrubber, needlesOf } from './personal-text';
import type { PersonalNeedles, Scrubber } from './personal-text';

type Db = Kysely<Database>;

/** Ids per `in (…)` list: far below either engine's limit on bound parameters. */
const IDS_PER_STATEMENT = 500;

const chunksOf = <T>(items: readonly T[], size = IDS_PER_STATEMENT): T[][] => {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
};

const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
const updated = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows);

/** Why a message still waiting to go to the holder or a contact never will. */
const NOT_SENT_ERASED = 'Not sent: the account holder was erased.';
const ERASED_CONTACT_NAME = 'Erased contact';

export interface ErasureOutcome {
  erasedAt: string;
  counts: ErasureCounts;
  /** Their vehicles, whose position fixes are deleted once the erasure has committed. */
  vehicleIds: number[];
}

/** The e-mail addresses and phone numbers a person had before, as EmailChanged and PhoneChanged recorded them. */
interface PastContact {
  emails: string[];
  phones: string[];
}

async function pastContacts(
  trx: Db,
  targets: { type: 'User' | 'Driver'; ids: number[] },
): Promise<Map<string, PastContact>> {
  const found = new Map<string, PastContact>();
  if (targets.ids.length === 0) return found;
  for (const ids of chunksOf(targets.ids.map(String))) {
    // The action index narrows the read to contact changes before the target is compared.
    const rows = await trx
      .selectFrom('auditLog')
      .select(['action', 'targetId', 'detail'])
      .where('action', 'in', ['EmailChanged', 'PhoneChanged'])
      .where('targetType', '=', targets.type)
      .where('targetId', 'in', ids)
      .execute();
    for (const row of rows) {
      const past = found.get(row.targetId!) ?? { emails: [], phones: [] };
      found.set(row.targetId!, past);
      const detail = parseDetail(row.detail);
      for (const value of [detail?.['from'], detail?.['to']]) {
        if (typeof value !== 'string') continue;
        (row.action === 'EmailChanged' ? past.emails : past.phones).push(value);
      }
    }
  }
  return found;
}

function parseDetail(detail: string | null): Record<string, unknown> | undefined {
  if (detail === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(detail);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Every detail of the holder, their drivers, their contacts and their vehicles that may stand in free text. */
async function gatherNeedles(
  trx: Db,
  holder: User,
  drivers: DriverRow[],
  contacts: ContactRow[],
  vehicles: VehicleRow[],
): Promise<{ needles: PersonalNeedles; emails: string[] }> {
  const holderPast = (await pastContacts(trx, { type: 'User', ids: [holder.id] })).get(String(holder.id));
  const driverPast = await pastContacts(trx, { type: 'Driver', ids: drivers.map((driver) => driver.id) });
  const phonesOf = (phoneCode: string, current: string, past: readonly string[] = []) =>
    [current, ...past].map((phoneNumber) => ({ phoneCode, phoneNumber }));
  const holderEmails = [holder.email, ...(holderPast?.emails ?? [])];
  const driverEmails = drivers.flatMap((driver) => [
    driver.email,
    ...(driverPast.get(String(driver.id))?.emails ?? []),
  ]);
  const needles = combineNeedles(
    needlesOf({
      firstName: holder.firstName,
      lastName: holder.lastName,
      emails: holderEmails,
      phones: phonesOf(holder.phoneCode, holder.phoneNumber, holderPast?.phones),
      idNumbers: [holder.idNumber],
    }),
    ...drivers.map((driver) =>
      needlesOf({
        firstName: driver.firstName,
        lastName: driver.lastName,
        emails: [driver.email, ...(driverPast.get(String(driver.id))?.emails ?? [])],
        phones: phonesOf(driver.phoneCode, driver.phoneNumber, driverPast.get(String(driver.id))?.phones),
        idNumbers: [driver.idNumber],
      }),
    ),
    ...contacts.map((contact) => ({
      ...needlesOf({
        firstName: contact.name,
        lastName: '',
        emails: contact.email === null ? [] : [contact.email],
        phones: [{ phoneCode: contact.phoneCode, phoneNumber: contact.phoneNumber }],
      }),
      weak: [],
    })),
    ...vehicles.map((vehicle) => ({
      strong: [vehicle.registrationNumber, vehicle.vinNumber ?? '', vehicle.engineNumber ?? ''],
      weak: [vehicle.nickname ?? ''],
    })),
  );
  const emails = [...holderEmails, ...driverEmails, ...contacts.flatMap((contact) => contact.email ?? [])];
  return { needles, emails: [...new Set(emails.map((email) => email.trim().toLowerCase()))] };
}

interface DriverRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phoneCode: string;
  phoneNumber: string;
  idNumber: string;
}
interface ContactRow {
  id: number;
  name: string;
  phoneCode: string;
  phoneNumber: string;
  email: string | null;
}
interface VehicleRow {
  id: number;
  registrationNumber: string;
  vinNumber: string | null;
  engineNumber: string | null;
  nickname: string | null;
}

/** A condition: any of the strong needles in the text expression (any case; LIKE, on both engines). */
function mentionsAny(text: ReturnType<typeof sql>, needles: readonly string[]) {
  if (needles.length === 0) return sql<boolean>`1 = 0`;
  return sql<boolean>`(${sql.join(
    needles.map((needle) => sql`lower(${text}) like ${containsPattern(needle)} escape '\\'`),
    sql` or `,
  )})`;
}

/**
 * Erases the holder in `trx` (the caller has checked that they may be erased, and records the
 * HolderErased entry after it, so that entry is not de-identified with the rest).
 */
export async function eraseHolder(trx: Db, holder: User, now: Date = new Date()): Promise<ErasureOutcome> {
  const erasedAt = instant(now);
  const vehicles = await trx
    .selectFrom('vehicles')
    .select(['id', 'registrationNumber', 'vinNumber', 'engineNumber', 'nickname'])
    .where('userId', '=', holder.id)
    .execute();
  const vehicleIds = vehicles.map((vehicle) => vehicle.id);
  const drivers =
    vehicleIds.length === 0
      ? []
      : await inChunks(vehicleIds, (ids) =>
          trx
            .selectFrom('drivers')
            .select(['id', 'firstName', 'lastName', 'email', 'phoneCode', 'phoneNumber', 'idNumber'])
            .where('vehicleId', 'in', ids)
            .execute(),
        );
  const contacts = await trx
    .selectFrom('escalationContacts')
    .select(['id', 'name', 'phoneCode', 'phoneNumber', 'email'])
    .where('holderUserId', '=', holder.id)
    .execute();
  const alarms = await inChunks(vehicleIds, (ids) =>
    trx.selectFrom('alarms').select(['id', 'resolutionNote']).where('vehicleId', 'in', ids).execute(),
  );
  const alarmIds = alarms.map((alarm) => alarm.id);
  const { needles, emails } = await gatherNeedles(trx, holder, drivers, contacts, vehicles);
  const scrubber = createScrubber(needles);

  const counts: ErasureCounts = {
    drivers: drivers.length,
    vehicles: vehicles.length,
    devicesUnlinked: 0,
    escalationContacts: 0,
    notificationPreferences: 0,
    pushSubscriptions: 0,
    signIns: 0,
    secondFactors: 0,
    geofences: 0,
    historyEntries: 0,
    alarmEntries: 0,
    notifications: 0,
    sentMessages: 0,
    shareLinkViews: 0,
    auditEntries: 0,
    importRows: 0,
    positionFixes: 0,
  };

  // The holder, their drivers and their vehicles.
  await trx
    .updateTable('users')
    .set({
      firstName: ERASED_HOLDER.firstName,
      lastName: ERASED_HOLDER.lastName,
      email: ERASED_HOLDER.email(holder.id),
      phoneNumber: ERASED_HOLDER.phoneNumber,
      idNumber: ERASED_HOLDER.idNumber,
      passwordHash: null,
      phoneConfirmedAt: null,
      erasedAt,
    })
    .where('id', '=', holder.id)
    .execute();
  for (const driver of drivers) {
    await trx
      .updateTable('drivers')
      .set({
        firstName: ERASED_DRIVER.firstName,
        lastName: ERASED_DRIVER.lastName,
        email: ERASED_DRIVER.email(driver.id),
        phoneNumber: ERASED_DRIVER.phoneNumber,
        idNumber: ERASED_DRIVER.idNumber,
      })
      .where('id', '=', driver.id)
      .execute();
  }
  for (const vehicle of vehicles) {
    // Make, model, colour and year stay for the fleet's figures: they name no one on their own.
    await trx
      .updateTable('vehicles')
      .set({
        registrationNumber: erasedRegistration(vehicle.id),
        vinNumber: null,
        engineNumber: null,
        nickname: null,
        lastKnownGpsLatitudeDegrees: null,
        lastKnownGpsLongitudeDegrees: null,
        gpsDateTime: null,
        armedSince: null,
        armedByUserId: null,
        armingSchedule: null,
        scheduleSuspendedUntil: null,
        armingAnchorLatitude: null,
        armingAnchorLongitude: null,
        armingAnchorSince: null,
        geofencePresence: null,
      })
      .where('id', '=', vehicle.id)
      .execute();
  }
  for (const ids of chunksOf(vehicleIds)) {
    counts.devicesUnlinked += updated(
      await trx
        .updateTable('devices')
        .set({ vehicleId: null })
        .where('vehicleId', 'in', ids)
        .executeTakeFirst(),
    );
  }
  await refreshVehicleCounts(trx, [holder.id]);

  // What exists only for them.
  counts.escalationContacts = deleted(
    await trx.deleteFrom('escalationContacts').where('holderUserId', '=', holder.id).executeTakeFirst(),
  );
  counts.notificationPreferences = deleted(
    await trx.deleteFrom('notificationPreferences').where('holderUserId', '=', holder.id).executeTakeFirst(),
  );
  const byUser = (
    table:
      | 'pushSubscriptions'
      | 'refreshTokens'
      | 'signInSessions'
      | 'signInChallenges'
      | 'passwordCreationTokens'
      | 'passwordResetTokens'
      | 'phoneConfirmations'
      | 'totpFactors'
      | 'passkeys'
      | 'recoveryCodes',
  ) => trx.deleteFrom(table).where('userId', '=', holder.id).executeTakeFirst().then(deleted);
  counts.pushSubscriptions = await byUser('pushSubscriptions');
  for (const table of [
    'refreshTokens',
    'signInSessions',
    'signInChallenges',
    'passwordCreationTokens',
    'passwordResetTokens',
    'phoneConfirmations',
  ] as const) {
    counts.signIns += await byUser(table);
  }
  for (const table of ['totpFactors', 'passkeys', 'recoveryCodes'] as const) {
    counts.secondFactors += await byUser(table);
  }
  // The throttles' log names addresses and numbers (reset-email:…, otp-phone:…); a day's worth at most.
  const sendKeys = [
    `creation-link:${holder.id}`,
    ...emails.map((email) => `reset-email:${email}`),
    ...needles.strong.filter((needle) => /^\d{6,}$/.test(needle)).map((digits) => `otp-phone:${digits}`),
  ];
  for (const keys of chunksOf(sendKeys)) await trx.deleteFrom('sendLog').where('key', 'in', keys).execute();

  const geofenceIds = (
    await trx
      .selectFrom('geofences')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('scopeKind', '=', 'AccountHolder'), eb('scopeId', '=', holder.id)]),
          ...chunksOf(vehicleIds).map((ids) =>
            eb.and([eb('scopeKind', '=', 'Vehicle'), eb('scopeId', 'in', ids)]),
          ),
        ]),
      )
      .execute()
  ).map((row) => row.id);
  for (const id of geofenceIds) await deleteGeofence(trx, id);
  counts.geofences = geofenceIds.length;

  // Records that stay, without their details.
  for (const ids of chunksOf(vehicleIds)) {
    counts.historyEntries += updated(
      await trx
        .updateTable('vehicleHistory')
        .set({ latitudeDegrees: null, longitudeDegrees: null })
        .where('vehicleId', 'in', ids)
        .where((eb) => eb.or([eb('latitudeDegrees', 'is not', null), eb('longitudeDegrees', 'is not', null)]))
        .executeTakeFirst(),
    );
    const commands = await trx
      .selectFrom('deviceCommands')
      .select(['id', 'lockNote'])
      .where('vehicleId', 'in', ids)
      .where('lockNote', 'is not', null)
      .execute();
    for (const command of commands) {
      const lockNote = scrubber.scrubNullable(command.lockNote);
      if (lockNote !== command.lockNote) {
        await trx.updateTable('deviceCommands').set({ lockNote }).where('id', '=', command.id).execute();
      }
    }
  }
  counts.alarmEntries = await deidentifyAlarms(trx, alarms, scrubber);
  counts.notifications = await deidentifyNotifications(trx, {
    holderId: holder.id,
    alarmIds,
    scrubber,
    at: erasedAt,
  });
  counts.sentMessages = await deidentifySentMessages(trx, scrubber, emails);
  for (const ids of chunksOf(alarmIds)) {
    counts.shareLinkViews += updated(
      await trx
        .updateTable('shareLinkViews')
        .set({ address: ERASED_TEXT })
        .where('shareLinkId', 'in', (eb) =>
          eb.selectFrom('shareLinks').select('id').where('alarmId', 'in', ids),
        )
        .where('address', '<>', ERASED_TEXT)
        .executeTakeFirst(),
    );
  }
  counts.importRows = await deidentifyImportRows(trx, scrubber);
  counts.auditEntries = await deidentifyAuditEntries(trx, {
    holderId: holder.id,
    erasedEmail: ERASED_HOLDER.email(holder.id),
    emails,
    targets: {
      User: [holder.id],
      Driver: drivers.map((driver) => driver.id),
      Vehicle: vehicleIds,
      Geofence: geofenceIds,
    },
    scrubber,
  });
  // An access request's download would now hold only replaced values: its link ends here.
  await trx
    .updateTable('dataAccessRequests')
    .set({ expiresAt: erasedAt })
    .where('subjectUserId', '=', holder.id)
    .where('expiresAt', '>', erasedAt)
    .execute();

  for (const ids of chunksOf(vehicleIds)) {
    const row = await trx
      .selectFrom('positionFixes')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('vehicleId', 'in', ids)
      .executeTakeFirstOrThrow();
    counts.positionFixes += Number(row.count);
  }
  return { erasedAt, counts, vehicleIds };
}

async function inChunks<T>(ids: readonly number[], read: (ids: number[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (const chunk of chunksOf(ids)) rows.push(...(await read(chunk)));
  return rows;
}

/** Staff notes on their alarms and every line of the alarms' timelines. */
async function deidentifyAlarms(
  trx: Db,
  alarms: readonly { id: number; resolutionNote: string | null }[],
  scrubber: Scrubber,
): Promise<number> {
  let changed = 0;
  for (const alarm of alarms) {
    const resolutionNote = scrubber.scrubNullable(alarm.resolutionNote);
    if (resolutionNote === alarm.resolutionNote) continue;
    await trx.updateTable('alarms').set({ resolutionNote }).where('id', '=', alarm.id).execute();
    changed += 1;
  }
  for (const ids of chunksOf(alarms.map((alarm) => alarm.id))) {
    const events = await trx
      .selectFrom('alarmEvents')
      .select(['id', 'text'])
      .where('alarmId', 'in', ids)
      .where('text', 'is not', null)
      .execute();
    for (const event of events) {
      const text = scrubber.scrubNullable(event.text);
      if (text === event.text) continue;
      await trx.updateTable('alarmEvents').set({ text }).where('id', '=', event.id).execute();
      changed += 1;
    }
  }
  return changed;
}

/**
 * The notification outbox: a message to the holder or one of their contacts keeps its kind and
 * times but loses its address, name and words, and one still waiting is never sent; a staff push
 * about their alarm keeps its words without their details.
 */
async function deidentifyNotifications(
  trx: Db,
  input: { holderId: number; alarmIds: number[]; scrubber: Scrubber; at: string },
): Promise<number> {
  const rows = [
    ...(await trx.selectFrom('notifications').selectAll().where('userId', '=', input.holderId).execute()),
    ...(await inChunks(input.alarmIds, (ids) =>
      trx.selectFrom('notifications').selectAll().where('alarmId', 'in', ids).execute(),
    )),
  ];
  const seen = new Set<number>();
  let changed = 0;
  for (const row of rows) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    // Every Holder and Contact message read here went to them or their contacts.
    const personal = row.audience !== 'Staff';
    const waiting = row.state === 'Queued' || row.state === 'Sending';
    const next = personal
      ? {
          recipient: ERASED_TEXT,
          recipientName: row.audience === 'Contact' ? ERASED_CONTACT_NAME : ERASED_HOLDER_NAME,
          subject: input.scrubber.scrub(row.subject),
          body: ERASED_TEXT,
          ...(waiting
            ? { state: 'Failed' as const, failedAt: input.at, leaseUntil: null, lastError: NOT_SENT_ERASED }
            : {}),
        }
      : {
          subject: input.scrubber.scrub(row.subject),
          body: input.scrubber.scrub(row.body),
          recipientName: input.scrubber.scrub(row.recipientName),
        };
    const same = Object.entries(next).every(([key, value]) => row[key as keyof typeof row] === value);
    if (same) continue;
    await trx.updateTable('notifications').set(next).where('id', '=', row.id).execute();
    changed += 1;
  }
  return changed;
}

/**
 * The recorded SMS, e-mail and partner messages (the outbox table): found by their address or any
 * strong detail in their words, a read of the whole table (it is the embedded recorder, swept by
 * retention). A message to one of their addresses loses its address and words; one that mentions
 * them (a partner alert naming their registration) keeps its words without their details.
 */
async function deidentifySentMessages(
  trx: Db,
  scrubber: Scrubber,
  emails: readonly string[],
): Promise<number> {
  const strong = scrubber.needles.strong;
  if (strong.length === 0) return 0;
  const everything = sql`${sql.ref('recipient')} || ' ' || ${sql.ref('subject')} || ' ' || ${sql.ref('body')}`;
  const rows = await trx
    .selectFrom('outbox')
    .select(['id', 'recipient', 'subject', 'body'])
    .where(mentionsAny(everything, strong))
    .execute();
  const addresses = new Set([...emails, ...strong.map((needle) => needle.toLowerCase())]);
  let changed = 0;
  for (const row of rows) {
    const toThem = addresses.has(row.recipient.trim().toLowerCase());
    await trx
      .updateTable('outbox')
      .set(
        toThem
          ? { recipient: ERASED_TEXT, subject: scrubber.scrub(row.subject), body: ERASED_TEXT }
          : { subject: scrubber.scrub(row.subject), body: scrubber.scrub(row.body) },
      )
      .where('id', '=', row.id)
      .execute();
    changed += 1;
  }
  return changed;
}

/** Rows of import files that hold their details (found by a strong one: an address, an ID number). */
async function deidentifyImportRows(trx: Db, scrubber: Scrubber): Promise<number> {
  const strong = scrubber.needles.strong;
  if (strong.length === 0) return 0;
  const imports = withImportTables(trx);
  const rows = await imports
    .selectFrom('importRows')
    .select(['jobId', 'rowNumber', 'cells', 'mapped', 'errors', 'message'])
    .where(mentionsAny(sql`${sql.ref('cells')} || ' ' || ${sql.ref('mapped')}`, strong))
    .execute();
  for (const row of rows) {
    await imports
      .updateTable('importRows')
      .set({
        cells: scrubber.scrub(row.cells),
        mapped: scrubber.scrub(row.mapped),
        errors: scrubber.scrub(row.errors),
        message: scrubber.scrubNullable(row.message),
      })
      .where('jobId', '=', row.jobId)
      .where('rowNumber', '=', row.rowNumber)
      .execute();
  }
  return rows.length;
}

/**
 * Audit entries about them or by them: the entries stay (who did what, when), their details go.
 * Their own entries (sign-ins, …) lose their address, browser and e-mail; a contact change's old
 * and new values are replaced whole (an address they no longer had is in no needle); the rest is
 * de-identified. The entries are found by the actor, the subject, the target, and failed sign-ins
 * with one of their addresses: the target has no index, so this reads the log once.
 */
async function deidentifyAuditEntries(
  trx: Db,
  input: {
    holderId: number;
    erasedEmail: string;
    emails: readonly string[];
    targets: Record<'User' | 'Driver' | 'Vehicle' | 'Geofence', number[]>;
    scrubber: Scrubber;
  },
): Promise<number> {
  const rows = await trx
    .selectFrom('auditLog')
    .select([
      'id',
      'userId',
      'userEmail',
      'ipAddress',
      'userAgent',
      'action',
      'targetType',
      'targetId',
      'detail',
    ])
    .where((eb) =>
      eb.or([
        eb('userId', '=', input.holderId),
        eb('subjectUserId', '=', input.holderId),
        ...Object.entries(input.targets).flatMap(([type, ids]) =>
          chunksOf(ids.map(String)).map((chunk) =>
            eb.and([eb('targetType', '=', type), eb('targetId', 'in', chunk)]),
          ),
        ),
        ...(input.emails.length === 0
          ? []
          : [
              eb.and([
                eb('action', '=', 'SignInFailed'),
                eb(eb.fn('lower', ['userEmail']), 'in', [...input.emails]),
              ]),
            ]),
      ]),
    )
    .execute();
  const contactChange = (row: (typeof rows)[number]) =>
    (row.action === 'EmailChanged' || row.action === 'PhoneChanged') &&
    ((row.targetType === 'User' && row.targetId === String(input.holderId)) ||
      (row.targetType === 'Driver' && input.targets.Driver.map(String).includes(row.targetId ?? '')));
  let changed = 0;
  for (const row of rows) {
    const theirs = row.userId === input.holderId;
    const theirAddress = row.userEmail !== null && input.emails.includes(row.userEmail.trim().toLowerCase());
    const next = {
      userEmail: theirs || theirAddress ? input.erasedEmail : input.scrubber.scrubNullable(row.userEmail),
      ipAddress: theirs ? null : row.ipAddress,
      userAgent: theirs ? null : row.userAgent,
      detail: contactChange(row)
        ? JSON.stringify({ from: ERASED_TEXT, to: ERASED_TEXT })
        : input.scrubber.scrubNullable(row.detail),
    };
    if (
      next.userEmail === row.userEmail &&
      next.ipAddress === row.ipAddress &&
      next.userAgent === row.userAgent &&
      next.detail === row.detail
    ) {
      continue;
    }
    await trx.updateTable('auditLog').set(next).where('id', '=', row.id).execute();
    changed += 1;
  }
  return changed;
}
