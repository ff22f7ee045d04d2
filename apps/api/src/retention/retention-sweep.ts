/*
 * The retention sweep: deletes what has been kept for as long as its class's setting says (see
 * retention-settings.ts), on both engines. Every statement deletes at most ROWS_PER_STATEMENT rows
 * picked through an index, and other work runs between two statements, so SQLite's single writer
 * (and, with better-sqlite3, the event loop) is never held for more than a few milliseconds. On
 * PostgreSQL the rows are picked FOR UPDATE SKIP LOCKED, so two instances sweeping at once share
 * the rows instead of waiting on each other; on SQLite they take turns at the writer. Deleting a
 * row twice is deleting it once, so nothing breaks either way.
 *
 * An account holder under a legal hold (users.legal_hold_reason) keeps everything the sweep would
 * delete about them: their vehicles' fixes and history, the audit entries about them, the views of
 * their vehicles' live-location links and the messages about their vehicles' alarms or to them.
 * The hold is checked inside each statement, so a hold set during a sweep is honoured from its
 * next statement on.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Expression, Kysely, SelectQueryBuilder } from 'kysely';
import { dialectOf, instant } from '../db/database';
import type { Database, NotificationState } from '../db/schema';
import { withImportTables } from '../imports/import-tables';
import type { RetentionSettings } from './retention-settings';

type Db = Kysely<Database>;

/** The most rows one statement deletes: a few milliseconds of the database's writer. */
const ROWS_PER_STATEMENT = 1000;

/** Vehicles whose old fixes or history one walk step covers (their ids bound in one statement). */
const VEHICLES_PER_BATCH = 200;

/** Finished imports looked up at a time; each one's rows then go ROWS_PER_STATEMENT at a time. */
const IMPORTS_PER_BATCH = 20;

/** The send log's widest throttle window (src/throttle/send-log.ts), in days: never swept sooner. */
const SEND_LOG_MIN_DAYS = 1;

const DAY_MS = 86_400_000;

/** A notification that will not be sent again. */
const FINAL_NOTIFICATION_STATES: readonly NotificationState[] = ['Sent', 'Delivered', 'Failed'];

/** What the sweep needs beyond the retention settings. */
export interface SweepSettings extends RetentionSettings {
  /** REFRESH_TOKEN_ABSOLUTE_TTL_SECONDS: a sign-in ends at the latest this long after it began. */
  signInLifetimeSeconds: number;
}

/** Rows (for imports: files) each class lost in one sweep. */
export interface RetentionCounts {
  positionFixes: number;
  vehicleHistory: number;
  auditLog: number;
  sentMessages: number;
  imports: number;
  shareLinkViews: number;
  refreshTokens: number;
  oneTimeCodes: number;
}

export type DataClass = keyof RetentionCounts;

export interface SweepOutcome {
  deleted: RetentionCounts;
  /** The classes whose sweep stopped on an error; the next sweep tries them again. */
  failed: { dataClass: DataClass; error: unknown }[];
}

/**
 * Deletes, in every class, what is older than its setting allows at `now`. A class whose setting is
 * 0 (kept) is not swept. `signal` stops the sweep between two statements (the api closing).
 */
export async function sweepRetention(
  db: Db,
  settings: SweepSettings,
  now: Date = new Date(),
  signal?: AbortSignal,
): Promise<SweepOutcome> {
  const before = (days: number) => daysBefore(now, days);
  const kept = async () => 0;
  const sweeps: Record<DataClass, () => Promise<number>> = {
    positionFixes:
      settings.positionFixDays === 0
        ? kept
        : () => prunePositionFixes(db, before(settings.positionFixDays), signal),
    vehicleHistory:
      settings.vehicleHistoryDays === 0
        ? kept
        : () => pruneVehicleHistory(db, before(settings.vehicleHistoryDays), signal),
    auditLog:
      settings.auditLogDays === 0 ? kept : () => pruneAuditLog(db, before(settings.auditLogDays), signal),
    sentMessages:
      settings.sentMessageDays === 0
        ? kept
        : () => pruneSentMessages(db, before(settings.sentMessageDays), signal),
    imports: settings.importDays === 0 ? kept : () => pruneImports(db, before(settings.importDays), signal),
    shareLinkViews:
      settings.shareLinkViewDays === 0
        ? kept
        : () => pruneShareLinkViews(db, before(settings.shareLinkViewDays), signal),
    refreshTokens: () =>
      pruneRefreshTokens(
        db,
        { now, days: settings.refreshTokenDays, signInLifetimeSeconds: settings.signInLifetimeSeconds },
        signal,
      ),
    oneTimeCodes: () => pruneOneTimeCodes(db, now, settings.oneTimeCodeDays, signal),
  };
  const outcome: SweepOutcome = {
    deleted: {
      positionFixes: 0,
      vehicleHistory: 0,
      auditLog: 0,
      sentMessages: 0,
      imports: 0,
      shareLinkViews: 0,
      refreshTokens: 0,
      oneTimeCodes: 0,
    },
    failed: [],
  };
  for (const dataClass of Object.keys(sweeps) as DataClass[]) {
    if (stopped(signal)) break;
    try {
      outcome.deleted[dataClass] = await sweeps[dataClass]();
    } catch (error) {
      outcome.failed.push({ dataClass, error });
    }
  }
  return outcome;
}

// ---------------------------------------------------------------------------------------------
// Batching

/** Whether the sweep was asked to stop (a function, so a check after an await is not narrowed away). */
function stopped(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

/** The instant `days` before `now`; never before 1970, so an absurd setting keeps all, not fails. */
function daysBefore(now: Date, days: number): Date {
  return new Date(Math.max(0, now.getTime() - days * DAY_MS));
}

/**
 * The rows a statement deletes; on PostgreSQL, rows another instance's sweep holds are skipped
 * (SQLite has one writer, and no row locks to skip).
 */
function pickable<DB, TB extends keyof DB, O>(
  db: Db,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return dialectOf(db).forUpdateSkipLocked(query);
}

/** Runs `statement` until it deletes less than a full batch; answers the rows deleted. */
async function inBatches(statement: () => Promise<number>, signal: AbortSignal | undefined): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await statement();
    total += deleted;
    await nextTurn();
    if (deleted < ROWS_PER_STATEMENT || stopped(signal)) return total;
  }
}

/** Walks every vehicle, VEHICLES_PER_BATCH at a time through the key, handing each batch's ids on. */
async function forEachVehicleBatch(
  db: Db,
  signal: AbortSignal | undefined,
  sweep: (vehicleIds: number[]) => Promise<number>,
): Promise<number> {
  let total = 0;
  let after = 0;
  while (!stopped(signal)) {
    const ids = (
      await db
        .selectFrom('vehicles')
        .select('id')
        .where('id', '>', after)
        .orderBy('id')
        .limit(VEHICLES_PER_BATCH)
        .execute()
    ).map((row) => row.id);
    const last = ids[ids.length - 1];
    if (last === undefined) break;
    total += await sweep(ids);
    after = last;
  }
  return total;
}

// ---------------------------------------------------------------------------------------------
// Legal holds: each answers a row when the record it is given belongs to a held holder.

function heldUser(db: Db, userId: Expression<number | null>) {
  return db
    .selectFrom('users as hu')
    .select('hu.id')
    .where('hu.id', '=', userId)
    .where('hu.legalHoldReason', 'is not', null);
}

function heldVehicle(db: Db, vehicleId: Expression<number>) {
  return db
    .selectFrom('vehicles as hv')
    .innerJoin('users as hu', 'hu.id', 'hv.userId')
    .select('hv.id')
    .where('hv.id', '=', vehicleId)
    .where('hu.legalHoldReason', 'is not', null);
}

function heldAlarm(db: Db, alarmId: Expression<number | null>) {
  return db
    .selectFrom('alarms as ha')
    .innerJoin('vehicles as hv', 'hv.id', 'ha.vehicleId')
    .innerJoin('users as hu', 'hu.id', 'hv.userId')
    .select('ha.id')
    .where('ha.id', '=', alarmId)
    .where('hu.legalHoldReason', 'is not', null);
}

function heldShareLink(db: Db, shareLinkId: Expression<number>) {
  return db
    .selectFrom('shareLinks as hl')
    .innerJoin('vehicles as hv', 'hv.id', 'hl.vehicleId')
    .innerJoin('users as hu', 'hu.id', 'hv.userId')
    .select('hl.id')
    .where('hl.id', '=', shareLinkId)
    .where('hu.legalHoldReason', 'is not', null);
}

// ---------------------------------------------------------------------------------------------
// The classes

/**
 * Deletes trip replay's fixes taken before `before` through the table's key (vehicle_id, at): a
 * batch of vehicles at a time, at most ROWS_PER_STATEMENT fixes a statement. Answers how many went.
 */
export async function prunePositionFixes(db: Db, before: Date, signal?: AbortSignal): Promise<number> {
  const cutoff = instant(before);
  return forEachVehicleBatch(db, signal, (vehicleIds) =>
    inBatches(async () => {
      const picked = pickable(
        db,
        db
          .selectFrom('positionFixes as f')
          .select(['f.vehicleId', 'f.at'])
          .where('f.vehicleId', 'in', vehicleIds)
          .where('f.at', '<', cutoff)
          .where((eb) => eb.not(eb.exists(heldVehicle(db, eb.ref('f.vehicleId')))))
          .limit(ROWS_PER_STATEMENT),
      );
      const result = await db
        .deleteFrom('positionFixes')
        .where(({ eb, refTuple }) =>
          eb(refTuple('vehicleId', 'at'), 'in', picked.$asTuple('vehicleId', 'at')),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    }, signal),
  );
}

/** Deletes vehicle history entries dated before `before`, through (vehicle_id, date_time). */
export async function pruneVehicleHistory(db: Db, before: Date, signal?: AbortSignal): Promise<number> {
  const cutoff = instant(before);
  return forEachVehicleBatch(db, signal, (vehicleIds) =>
    inBatches(async () => {
      const picked = pickable(
        db,
        db
          .selectFrom('vehicleHistory as h')
          .select('h.id')
          .where('h.vehicleId', 'in', vehicleIds)
          .where('h.dateTime', '<', cutoff)
          .where((eb) => eb.not(eb.exists(heldVehicle(db, eb.ref('h.vehicleId')))))
          .limit(ROWS_PER_STATEMENT),
      );
      const result = await db.deleteFrom('vehicleHistory').where('id', 'in', picked).executeTakeFirst();
      return Number(result.numDeletedRows);
    }, signal),
  );
}

/** Deletes audit entries that occurred before `before`, through (occurred_at, id). */
export async function pruneAuditLog(db: Db, before: Date, signal?: AbortSignal): Promise<number> {
  const cutoff = instant(before);
  return inBatches(async () => {
    const picked = pickable(
      db,
      db
        .selectFrom('auditLog as a')
        .select('a.id')
        .where('a.occurredAt', '<', cutoff)
        .where((eb) => eb.not(eb.exists(heldUser(db, eb.ref('a.subjectUserId')))))
        .limit(ROWS_PER_STATEMENT),
    );
    const result = await db.deleteFrom('auditLog').where('id', 'in', picked).executeTakeFirst();
    return Number(result.numDeletedRows);
  }, signal);
}

/**
 * Deletes the notifications that will not be sent again whose last attempt was before `before`
 * (through (state, next_attempt_at, id)), and the outbox table's messages recorded before it.
 */
export async function pruneSentMessages(db: Db, before: Date, signal?: AbortSignal): Promise<number> {
  const cutoff = instant(before);
  const notifications = await inBatches(async () => {
    const picked = pickable(
      db,
      db
        .selectFrom('notifications as n')
        .select('n.id')
        .where('n.state', 'in', FINAL_NOTIFICATION_STATES)
        .where('n.nextAttemptAt', '<', cutoff)
        .where((eb) =>
          eb.and([
            eb.not(eb.exists(heldUser(db, eb.ref('n.userId')))),
            eb.not(eb.exists(heldAlarm(db, eb.ref('n.alarmId')))),
          ]),
        )
        .limit(ROWS_PER_STATEMENT),
    );
    const result = await db.deleteFrom('notifications').where('id', 'in', picked).executeTakeFirst();
    return Number(result.numDeletedRows);
  }, signal);
  if (stopped(signal)) return notifications;
  const recorded = await inBatches(async () => {
    const picked = pickable(
      db,
      db.selectFrom('outbox').select('id').where('createdAt', '<', cutoff).limit(ROWS_PER_STATEMENT),
    );
    const result = await db.deleteFrom('outbox').where('id', 'in', picked).executeTakeFirst();
    return Number(result.numDeletedRows);
  }, signal);
  return notifications + recorded;
}

/**
 * Deletes the imports (file name, mapping and every row as uploaded) that finished before
 * `before`: Completed, Failed or Cancelled. A file's rows go first, ROWS_PER_STATEMENT at a time
 * through their key, so the job's own delete cascades to nothing. Answers how many files went.
 */
export async function pruneImports(db: Db, before: Date, signal?: AbortSignal): Promise<number> {
  const idb = withImportTables(db);
  const cutoff = instant(before);
  let files = 0;
  let after = 0;
  while (!stopped(signal)) {
    const jobs = await idb
      .selectFrom('importJobs')
      .select('id')
      .where('status', 'in', ['Completed', 'Failed', 'Cancelled'])
      .where('createdOnDateTime', '<', cutoff)
      .where((eb) => eb.or([eb('finishedOnDateTime', 'is', null), eb('finishedOnDateTime', '<', cutoff)]))
      .where('id', '>', after)
      .orderBy('id')
      .limit(IMPORTS_PER_BATCH)
      .execute();
    for (const { id } of jobs) {
      await inBatches(async () => {
        const picked = pickable(
          db,
          idb
            .selectFrom('importRows as r')
            .select(['r.jobId', 'r.rowNumber'])
            .where('r.jobId', '=', id)
            .limit(ROWS_PER_STATEMENT),
        );
        const result = await idb
          .deleteFrom('importRows')
          .where(({ eb, refTuple }) =>
            eb(refTuple('jobId', 'rowNumber'), 'in', picked.$asTuple('jobId', 'rowNumber')),
          )
          .executeTakeFirst();
        return Number(result.numDeletedRows);
      }, signal);
      if (stopped(signal)) return files;
      const result = await idb.deleteFrom('importJobs').where('id', '=', id).executeTakeFirst();
      files += Number(result.numDeletedRows);
      after = id;
    }
    if (jobs.length < IMPORTS_PER_BATCH) break;
  }
  return files;
}

/** Deletes the openings of live-location links viewed before `before`, through viewed_at. */
export async function pruneShareLinkViews(db: Db, before: Date, signal?: AbortSignal): Promise<number> {
  const cutoff = instant(before);
  return inBatches(async () => {
    const picked = pickable(
      db,
      db
        .selectFrom('shareLinkViews as w')
        .select('w.id')
        .where('w.viewedAt', '<', cutoff)
        .where((eb) => eb.not(eb.exists(heldShareLink(db, eb.ref('w.shareLinkId')))))
        .limit(ROWS_PER_STATEMENT),
    );
    const result = await db.deleteFrom('shareLinkViews').where('id', 'in', picked).executeTakeFirst();
    return Number(result.numDeletedRows);
  }, signal);
}

/**
 * Deletes the refresh tokens of sign-ins that ended more than `days` ago, and with a sign-in's
 * last token its entry in "Your sessions" (browser and address). A sign-in ended when it was
 * revoked (signed out, its password changed, a token reused), or at the latest
 * signInLifetimeSeconds after it began: a token created before now − days − that lifetime belongs to
 * one that has. Whole sign-ins only: a sign-in still standing keeps its first token, which dates it
 * (its absolute end and its proof of sign-in are read from it), and one with a token that still
 * works is left whole, whatever a changed setting says.
 */
export async function pruneRefreshTokens(
  db: Db,
  { now, days, signInLifetimeSeconds }: { now: Date; days: number; signInLifetimeSeconds: number },
  signal?: AbortSignal,
): Promise<number> {
  const endedBy = daysBefore(now, days).getTime();
  const pass = (column: 't.createdAt' | 't.revokedAt', cutoff: string) =>
    inBatches(async () => {
      const picked = pickable(
        db,
        db
          .selectFrom('refreshTokens as t')
          .select('t.id')
          .where(column, '<', cutoff)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('refreshTokens as w')
                  .select('w.id')
                  .whereRef('w.familyId', '=', 't.familyId')
                  .where('w.revokedAt', 'is', null)
                  .where('w.expiresAt', '>', instant(now)),
              ),
            ),
          )
          .limit(ROWS_PER_STATEMENT),
      );
      const gone = await db
        .deleteFrom('refreshTokens')
        .where('id', 'in', picked)
        .returning('familyId')
        .execute();
      const families = [...new Set(gone.map((row) => row.familyId))];
      if (families.length > 0) {
        await db
          .deleteFrom('signInSessions')
          .where('familyId', 'in', families)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('refreshTokens as r')
                  .select('r.id')
                  .whereRef('r.familyId', '=', 'signInSessions.familyId'),
              ),
            ),
          )
          .execute();
      }
      return gone.length;
    }, signal);
  const pastTheirEnd = await pass(
    't.createdAt',
    instant(new Date(Math.max(0, endedBy - signInLifetimeSeconds * 1000))),
  );
  if (stopped(signal)) return pastTheirEnd;
  return pastTheirEnd + (await pass('t.revokedAt', instant(new Date(endedBy))));
}

/**
 * Deletes the one-time codes and links that expired more than `days` ago: phone codes (but an
 * unconfirmed phone's newest code, which "text me a new code" finds the account by), password-reset
 * and password-creation links, second-factor challenges; and the send log's entries older than
 * `days`, but never younger than its throttles' widest window.
 */
export async function pruneOneTimeCodes(
  db: Db,
  now: Date,
  days: number,
  signal?: AbortSignal,
): Promise<number> {
  const cutoff = instant(daysBefore(now, days));
  let deleted = await inBatches(async () => {
    const picked = pickable(
      db,
      db
        .selectFrom('phoneConfirmations as p')
        .select('p.id')
        .where('p.expiresAt', '<', cutoff)
        .where((eb) =>
          eb.or([
            eb.exists(
              eb
                .selectFrom('phoneConfirmations as q')
                .select('q.id')
                .whereRef('q.userId', '=', 'p.userId')
                .whereRef('q.id', '>', 'p.id'),
            ),
            eb.exists(
              eb
                .selectFrom('users as u')
                .select('u.id')
                .whereRef('u.id', '=', 'p.userId')
                .where('u.phoneConfirmedAt', 'is not', null),
            ),
          ]),
        )
        .limit(ROWS_PER_STATEMENT),
    );
    const result = await db.deleteFrom('phoneConfirmations').where('id', 'in', picked).executeTakeFirst();
    return Number(result.numDeletedRows);
  }, signal);
  for (const table of ['passwordResetTokens', 'passwordCreationTokens'] as const) {
    if (stopped(signal)) return deleted;
    deleted += await inBatches(async () => {
      const picked = pickable(
        db,
        db.selectFrom(table).select('tokenHash').where('expiresAt', '<', cutoff).limit(ROWS_PER_STATEMENT),
      );
      const result = await db.deleteFrom(table).where('tokenHash', 'in', picked).executeTakeFirst();
      return Number(result.numDeletedRows);
    }, signal);
  }
  if (stopped(signal)) return deleted;
  deleted += await inBatches(async () => {
    const picked = pickable(
      db,
      db
        .selectFrom('signInChallenges')
        .select('id')
        .where('expiresAt', '<', cutoff)
        .limit(ROWS_PER_STATEMENT),
    );
    const result = await db.deleteFrom('signInChallenges').where('id', 'in', picked).executeTakeFirst();
    return Number(result.numDeletedRows);
  }, signal);
  if (stopped(signal)) return deleted;
  const logCutoff = instant(daysBefore(now, Math.max(days, SEND_LOG_MIN_DAYS)));
  deleted += await inBatches(async () => {
    const picked = pickable(
      db,
      db.selectFrom('sendLog').select('id').where('createdAt', '<', logCutoff).limit(ROWS_PER_STATEMENT),
    );
    const result = await db.deleteFrom('sendLog').where('id', 'in', picked).executeTakeFirst();
    return Number(result.numDeletedRows);
  }, signal);
  return deleted;
}
