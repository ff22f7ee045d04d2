/*
 * The retention sweep on a real database (both engines): in every class a row just older than its
 * limit goes and one just newer stays, a holder under a legal hold keeps what is about them, a
 * class set to 0 is kept, and two sweeps at once share the work. Time is `now`, passed in.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { build } from '../index';
import { instant } from '../db/database';
import { addTrackedVehicle } from '../live/test-support';
import { withImportTables } from '../imports/import-tables';
import { insertPositionFixes } from '../replay/position-fixes';
import { DEFAULT_RETENTION } from './retention-settings';
import { pruneRefreshTokens, sweepRetention } from './retention-sweep';
import type { RetentionCounts, SweepOutcome, SweepSettings } from './retention-sweep';

const DAY_MS = 86_400_000;
const SETTINGS: SweepSettings = {
  ...DEFAULT_RETENTION,
  positionFixDays: 30,
  signInLifetimeSeconds: 90 * 86_400,
};
const now = new Date();
/** A minute past `days` ago (older than that limit), or a minute short of it (newer). */
const older = (days: number) => instant(new Date(now.getTime() - days * DAY_MS - 60_000));
const newer = (days: number) => instant(new Date(now.getTime() - days * DAY_MS + 60_000));
const later = instant(new Date(now.getTime() + DAY_MS));

const logLines: string[] = [];
let app: FastifyInstance;
let free: { vehicleId: number; ownerId: number };
let held: { vehicleId: number; ownerId: number };

beforeAll(async () => {
  app = await build({
    retention: { positionFixDays: 30, sweepIntervalMs: 3_600_000 },
    logger: { level: 'info', stream: { write: (line) => logLines.push(line) } },
  });
  // The sweep run when the api became ready is over before the test's rows go in.
  await vi.waitFor(() => expect(sweepLines()).toHaveLength(1), { timeout: 10_000, interval: 20 });
  free = await addTrackedVehicle(app);
  held = await addTrackedVehicle(app);
  await app.db
    .updateTable('users')
    .set({ legalHoldReason: 'SAPS case 123/11/2026', legalHoldSetAt: instant(now) })
    .where('id', '=', held.ownerId)
    .execute();
});

afterAll(async () => {
  await app.close();
});

function sweepLines(): { deleted: RetentionCounts }[] {
  return logLines
    .map((line) => JSON.parse(line) as { msg?: string; deleted: RetentionCounts })
    .filter((line) => line.msg === 'retention sweep');
}

const fix = (vehicleId: number, at: string) => ({
  vehicleId,
  at,
  latitudeDegrees: -26.1,
  longitudeDegrees: 28.05,
});
const historyEntry = (vehicleId: number, dateTime: string) => ({
  vehicleId,
  dateTime,
  type: 'LockState',
  isLocked: 1 as const,
  isLockedByUserId: null,
  isLockedChangedByAdminUser: null,
  tamperCancelled: null,
  tamperCancelledByUserId: null,
  tamperCarBatteryState: null,
  tamperGpsState: null,
  auraCalloutStatus: null,
  auraCalloutCreatedByUserId: null,
  capitalAirIncidentStatus: null,
  capitalAirIncidentCreatedByUserId: null,
  latitudeDegrees: null,
  longitudeDegrees: null,
});

describe('when the api is ready', () => {
  it('sweeps once and logs one line of counts per class, nothing else', () => {
    const [line] = sweepLines();
    expect(Object.keys(line?.deleted ?? {}).sort()).toEqual(
      [
        'auditLog',
        'imports',
        'oneTimeCodes',
        'positionFixes',
        'refreshTokens',
        'sentMessages',
        'shareLinkViews',
        'vehicleHistory',
      ].sort(),
    );
    expect(Object.values(line?.deleted ?? {}).every((count) => typeof count === 'number')).toBe(true);
  });
});

describe('a sweep', () => {
  let kept: SweepOutcome;
  let outcome: SweepOutcome;
  let oldImport = 0;
  let newImport = 0;
  let runningImport = 0;

  beforeAll(async () => {
    const db = app.db;
    const idb = withImportTables(db);
    await insertPositionFixes(db, [
      fix(free.vehicleId, older(30)),
      fix(free.vehicleId, newer(30)),
      fix(held.vehicleId, older(30)),
    ]);
    await db
      .insertInto('vehicleHistory')
      .values([
        historyEntry(free.vehicleId, older(1095)),
        historyEntry(free.vehicleId, newer(1095)),
        historyEntry(held.vehicleId, older(1095)),
      ])
      .execute();
    const audit = (occurredAt: string, subjectUserId: number | null) => ({
      occurredAt,
      userId: null,
      userEmail: null,
      ipAddress: null,
      userAgent: null,
      action: 'PersonalDataViewed',
      targetType: 'User',
      targetId: null,
      detail: null,
      subjectUserId,
    });
    await db
      .insertInto('auditLog')
      .values([
        audit(older(1825), free.ownerId),
        audit(newer(1825), free.ownerId),
        audit(older(1825), held.ownerId),
      ])
      .execute();

    // Sent messages: the held holder's vehicle's alarm, and a live-location link for each vehicle.
    const alarm = (vehicleId: number) =>
      db
        .insertInto('alarms')
        .values({
          vehicleId,
          kind: 'Tamper',
          priority: 1,
          state: 'Resolved',
          acknowledgeWithinSeconds: 60,
          openedAt: older(400),
          lastEventAt: older(400),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const freeAlarm = (await alarm(free.vehicleId)).id;
    const heldAlarm = (await alarm(held.vehicleId)).id;
    const notification = (
      state: 'Sent' | 'Failed' | 'Sending',
      at: string,
      alarmId: number | null,
      userId: number | null,
    ) => ({
      alarmId,
      audience: userId === null ? ('Contact' as const) : ('Holder' as const),
      userId,
      contactId: null,
      channel: 'sms' as const,
      recipient: '+27821112233',
      recipientName: 'Sipho',
      subject: 'Tamper alert',
      body: 'Tamper alert on CA 1-TEST',
      state,
      nextAttemptAt: at,
      // A message being sent is the api's outbox worker's until its lease runs out (tomorrow).
      leaseUntil: state === 'Sending' ? later : null,
      providerMessageId: null,
      lastError: null,
      createdAt: at,
      sentAt: null,
      deliveredAt: null,
      failedAt: null,
    });
    await db
      .insertInto('notifications')
      .values([
        notification('Sent', older(365), freeAlarm, free.ownerId),
        notification('Failed', older(365), null, null),
        notification('Sent', newer(365), freeAlarm, free.ownerId),
        notification('Sending', older(365), freeAlarm, free.ownerId),
        notification('Sent', older(365), null, held.ownerId),
        notification('Sent', older(365), heldAlarm, null),
      ])
      .execute();
    const outboxMessage = (createdAt: string) => ({
      channel: 'sms' as const,
      recipient: '+27821112233',
      subject: '',
      body: 'Your code is 123456',
      createdAt,
    });
    await db
      .insertInto('outbox')
      .values([outboxMessage(older(365)), outboxMessage(newer(365))])
      .execute();

    const link = async (alarmId: number, vehicleId: number) =>
      (
        await db
          .insertInto('shareLinks')
          .values({
            alarmId,
            vehicleId,
            tokenHash: `hash-${alarmId}`,
            recipient: 'Armed response',
            createdAt: older(400),
            expiresAt: older(399),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const freeLink = await link(freeAlarm, free.vehicleId);
    const heldLink = await link(heldAlarm, held.vehicleId);
    await db
      .insertInto('shareLinkViews')
      .values([
        { shareLinkId: freeLink, viewedAt: older(365), address: '198.51.100.7' },
        { shareLinkId: freeLink, viewedAt: newer(365), address: '198.51.100.7' },
        { shareLinkId: heldLink, viewedAt: older(365), address: '198.51.100.7' },
      ])
      .execute();

    // Imports: a finished one past its days (with rows), one within them, and one still running.
    const job = async (status: 'Completed' | 'Running', at: string) =>
      (
        await idb
          .insertInto('importJobs')
          .values({
            createdByUserId: free.ownerId,
            fileName: 'holders.xlsx',
            status,
            headers: '[]',
            mapping: '{}',
            totalRows: 3,
            createdOnDateTime: at,
            finishedOnDateTime: status === 'Running' ? null : at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    oldImport = await job('Completed', older(30));
    newImport = await job('Completed', newer(30));
    runningImport = await job('Running', older(30));
    await idb
      .insertInto('importRows')
      .values(
        [oldImport, newImport].flatMap((jobId) =>
          [1, 2, 3].map((rowNumber) => ({ jobId, rowNumber, cells: '["Sipho","8001015009087"]' })),
        ),
      )
      .execute();

    // Refresh tokens: sign-ins past their absolute end, revoked, and one still standing.
    const token = (
      familyId: string,
      createdAt: string,
      expiresAt: string,
      revokedAt: string | null = null,
    ) => ({
      tokenHash: `${familyId}-${createdAt}`,
      familyId,
      userId: free.ownerId,
      createdAt,
      expiresAt,
      usedAt: null,
      revokedAt,
    });
    await db
      .insertInto('refreshTokens')
      .values([
        // Began 120 days and a minute ago: its 90 days were up 30 days and a minute ago.
        token('ended', older(120), older(90)),
        token('ended', newer(120), newer(90)),
        token('revoked', older(60), older(30), older(30)),
        token('revoked-lately', older(60), newer(30), newer(30)),
        // A sign-in still standing keeps its first token, however old.
        token('standing', older(120), older(90)),
        token('standing', newer(1), later),
      ])
      .execute();
    const session = (familyId: string) => ({
      familyId,
      userId: free.ownerId,
      browser: 'Chrome on Linux',
      address: '198.51.100.7',
      createdAt: older(120),
      lastUsedAt: older(90),
    });
    await db
      .insertInto('signInSessions')
      .values([session('ended'), session('standing')])
      .execute();

    // One-time codes: the held holder's phone is unconfirmed, the free one's confirmed.
    await db
      .updateTable('users')
      .set({ phoneConfirmedAt: instant(now) })
      .where('id', '=', free.ownerId)
      .execute();
    const code = (userId: number, expiresAt: string) => ({
      userId,
      codeHash: `code-${userId}-${expiresAt}`,
      createdAt: expiresAt,
      expiresAt,
      usedAt: null,
    });
    await db
      .insertInto('phoneConfirmations')
      .values([
        code(free.ownerId, older(7)),
        code(free.ownerId, newer(7)),
        code(held.ownerId, older(8)),
        // An unconfirmed phone's newest code stays: "text me a new code" finds the account by it.
        code(held.ownerId, older(7)),
      ])
      .execute();
    for (const table of ['passwordResetTokens', 'passwordCreationTokens'] as const) {
      await db
        .insertInto(table)
        .values([
          { tokenHash: `${table}-old`, userId: free.ownerId, expiresAt: older(7), usedAt: null },
          { tokenHash: `${table}-new`, userId: free.ownerId, expiresAt: newer(7), usedAt: null },
        ])
        .execute();
    }
    const challenge = (expiresAt: string) => ({
      tokenHash: `challenge-${expiresAt}`,
      userId: free.ownerId,
      createdAt: expiresAt,
      expiresAt,
      usedAt: null,
      webauthnChallenge: null,
    });
    await db
      .insertInto('signInChallenges')
      .values([challenge(older(7)), challenge(newer(7))])
      .execute();
    await db
      .insertInto('sendLog')
      .values([
        { key: 'otp-phone:27821112233', createdAt: older(7) },
        { key: 'otp-phone:27821112233', createdAt: newer(7) },
      ])
      .execute();

    kept = await sweepRetention(
      db,
      {
        ...SETTINGS,
        positionFixDays: 0,
        vehicleHistoryDays: 0,
        auditLogDays: 0,
        sentMessageDays: 0,
        importDays: 0,
        shareLinkViewDays: 0,
        // Not kept by 0 (that deletes them at once): kept here by a grace longer than the epoch.
        refreshTokenDays: 100_000,
        oneTimeCodeDays: 100_000,
      },
      now,
    );
    outcome = await sweepRetention(db, SETTINGS, now);
  });

  it('sweeps no class set to 0', () => {
    expect(kept.failed).toEqual([]);
    expect(Object.values(kept.deleted).every((count) => count === 0)).toBe(true);
  });

  it('deletes in each class what is just older than its limit, and keeps a held holder’s', () => {
    expect(outcome.failed).toEqual([]);
    expect({
      positionFixes: outcome.deleted.positionFixes,
      vehicleHistory: outcome.deleted.vehicleHistory,
      auditLog: outcome.deleted.auditLog,
      // Two notifications (the free holder's sent one, a contact's failed one) and an outbox message.
      sentMessages: outcome.deleted.sentMessages,
      imports: outcome.deleted.imports,
      shareLinkViews: outcome.deleted.shareLinkViews,
    }).toEqual({
      positionFixes: 1,
      vehicleHistory: 1,
      auditLog: 1,
      sentMessages: 3,
      imports: 1,
      shareLinkViews: 1,
    });
  });

  it('keeps what is just newer, and everything about the held holder', async () => {
    const db = app.db;
    const idb = withImportTables(db);
    const fixes = await db
      .selectFrom('positionFixes')
      .select(['vehicleId', 'at'])
      .orderBy('vehicleId')
      .execute();
    expect(fixes).toEqual([
      { vehicleId: free.vehicleId, at: newer(30) },
      { vehicleId: held.vehicleId, at: older(30) },
    ]);
    const history = await db
      .selectFrom('vehicleHistory')
      .select(['vehicleId', 'dateTime'])
      .orderBy('vehicleId')
      .execute();
    expect(history).toEqual([
      { vehicleId: free.vehicleId, dateTime: newer(1095) },
      { vehicleId: held.vehicleId, dateTime: older(1095) },
    ]);
    const audit = await db
      .selectFrom('auditLog')
      .select(['subjectUserId', 'occurredAt'])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { subjectUserId: free.ownerId, occurredAt: newer(1825) },
      { subjectUserId: held.ownerId, occurredAt: older(1825) },
    ]);
    const notifications = await db
      .selectFrom('notifications')
      .select(['state', 'createdAt', 'userId'])
      .orderBy('id')
      .execute();
    expect(notifications).toEqual([
      { state: 'Sent', createdAt: newer(365), userId: free.ownerId },
      { state: 'Sending', createdAt: older(365), userId: free.ownerId },
      { state: 'Sent', createdAt: older(365), userId: held.ownerId },
      { state: 'Sent', createdAt: older(365), userId: null },
    ]);
    expect(await db.selectFrom('outbox').select('createdAt').execute()).toEqual([{ createdAt: newer(365) }]);
    const views = await db.selectFrom('shareLinkViews').select('viewedAt').orderBy('id').execute();
    expect(views).toEqual([{ viewedAt: newer(365) }, { viewedAt: older(365) }]);
    const jobs = await idb.selectFrom('importJobs').select('id').orderBy('id').execute();
    expect(jobs.map((job) => job.id)).toEqual([newImport, runningImport]);
    const rows = await idb.selectFrom('importRows').select('jobId').execute();
    expect(rows.map((row) => row.jobId)).toEqual([newImport, newImport, newImport]);
  });

  it('deletes the sign-ins that ended more than its days ago, with their sessions', async () => {
    expect(outcome.deleted.refreshTokens).toBe(2);
    const tokens = await app.db
      .selectFrom('refreshTokens')
      .select(['familyId', 'createdAt'])
      .orderBy('id')
      .execute();
    expect(tokens).toEqual([
      { familyId: 'ended', createdAt: newer(120) },
      { familyId: 'revoked-lately', createdAt: older(60) },
      { familyId: 'standing', createdAt: older(120) },
      { familyId: 'standing', createdAt: newer(1) },
    ]);
    // The ended sign-in keeps a token, so its session stays until that goes too.
    const sessions = await app.db
      .selectFrom('signInSessions')
      .select('familyId')
      .orderBy('familyId')
      .execute();
    expect(sessions.map((row) => row.familyId)).toEqual(['ended', 'standing']);
    // Two minutes on, the ended sign-in's last token and the lately revoked one have had their days.
    const twoMinutesOn = new Date(now.getTime() + 2 * 60_000);
    expect(
      await pruneRefreshTokens(app.db, { now: twoMinutesOn, days: 30, signInLifetimeSeconds: 90 * 86_400 }),
    ).toBe(2);
    const left = await app.db.selectFrom('refreshTokens').select('familyId').execute();
    expect(left.map((row) => row.familyId)).toEqual(['standing', 'standing']);
    const after = await app.db.selectFrom('signInSessions').select('familyId').execute();
    expect(after.map((row) => row.familyId)).toEqual(['standing']);
  });

  it('deletes one-time codes expired more than its days ago, but an unconfirmed phone’s newest', async () => {
    // Two phone codes, a reset link, a creation link, a challenge and a send-log entry.
    expect(outcome.deleted.oneTimeCodes).toBe(6);
    const codes = await app.db
      .selectFrom('phoneConfirmations')
      .select(['userId', 'expiresAt'])
      .orderBy('id')
      .execute();
    expect(codes).toEqual([
      { userId: free.ownerId, expiresAt: newer(7) },
      { userId: held.ownerId, expiresAt: older(7) },
    ]);
    for (const table of ['passwordResetTokens', 'passwordCreationTokens'] as const) {
      const left = await app.db.selectFrom(table).select('tokenHash').execute();
      expect(left).toEqual([{ tokenHash: `${table}-new` }]);
    }
    expect(await app.db.selectFrom('signInChallenges').select('expiresAt').execute()).toEqual([
      { expiresAt: newer(7) },
    ]);
    expect(await app.db.selectFrom('sendLog').select('createdAt').execute()).toEqual([
      { createdAt: newer(7) },
    ]);
  });
});

describe('two sweeps at once', () => {
  it('share the work through batches: every row goes once and neither fails', async () => {
    // More than two statements' worth for one vehicle, a fix a minute.
    const start = now.getTime() - 40 * DAY_MS;
    await insertPositionFixes(
      app.db,
      Array.from({ length: 2_500 }, (_, i) => fix(free.vehicleId, instant(new Date(start + i * 60_000)))),
    );
    const [first, second] = await Promise.all([
      sweepRetention(app.db, SETTINGS, now),
      sweepRetention(app.db, SETTINGS, now),
    ]);
    expect([...first.failed, ...second.failed]).toEqual([]);
    expect(first.deleted.positionFixes + second.deleted.positionFixes).toBe(2_500);
    const left = await app.db
      .selectFrom('positionFixes')
      .select('at')
      .where('vehicleId', '=', free.vehicleId)
      .execute();
    expect(left).toEqual([{ at: newer(30) }]);
  });
});
