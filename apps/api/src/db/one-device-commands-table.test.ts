import { Migrator, sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCommandService } from '../commands/command-service';
import { VehicleEvents } from '../vehicles/vehicle-events';
import { dialectOf, isUniqueViolation } from './database';
import { MIGRATIONS, migrateToLatest } from './migrations';
import type { Database } from './schema';
import { emptyDatabase } from './testing/empty-database';

/** The schema as it stood before 0014: vehicles' commands and test commands in two tables. */
const BEFORE_ONE_TABLE = '0013-device-test-commands';

function migrator(db: Kysely<Database>): Migrator {
  return new Migrator({ db, provider: { getMigrations: () => Promise.resolve(MIGRATIONS) } });
}

const onPostgres = process.env.SENTINEL_TEST_ENGINE === 'postgres';

// An empty database of the suite's engine, migrated step by step below.
let db: Kysely<Database>;
let dispose: () => Promise<void>;

beforeEach(async () => {
  ({ db, dispose } = await emptyDatabase());
});

afterEach(async () => {
  await dispose();
});

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 5, 8, minutes)).toISOString();
const later = new Date(Date.now() + 60 * 60_000).toISOString();

/** A database at 0013 holding commands of both kinds, a history entry naming one and an audit entry. */
async function databaseAt0013() {
  const { error } = await migrator(db).migrateTo(BEFORE_ONE_TABLE);
  expect(error).toBeUndefined();
  const user = await db
    .insertInto('users')
    .values({
      email: 'bench.technician@example.co.za',
      firstName: 'Thandi',
      lastName: 'Mokoena',
      phoneNumber: '821234567',
      createdOnDateTime: at(0),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const vehicle = await db
    .insertInto('vehicles')
    .values({
      userId: user.id,
      registrationNumber: 'CA 123-456',
      make: 'Toyota',
      model: 'Hilux',
      makeVariant: 'Toyota Hilux',
      registrationYear: '2022',
      vehicleColour: 'White',
      createdOnDateTime: at(0),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [fitted, free, other] = await db
    .insertInto('devices')
    .values([
      { serialNumber: 'SN-FITTED', vehicleId: vehicle.id, createdOnDateTime: at(0) },
      { serialNumber: 'SN-FREE', vehicleId: null, createdOnDateTime: at(0) },
      { serialNumber: 'SN-OTHER', vehicleId: null, createdOnDateTime: at(0) },
    ])
    .returning('id')
    .execute();
  const command = {
    vehicleId: vehicle.id,
    deviceId: fitted!.id,
    requestedByUserId: user.id,
    expiresAt: later,
  };
  const vehicleCommands = await db
    .insertInto('deviceCommands')
    .values([
      {
        ...command,
        type: 'Lock',
        status: 'Confirmed',
        requestedAt: at(1),
        deliveredAt: at(2),
        completedAt: at(3),
        resultIsLocked: 1,
        reason: null,
      },
      { ...command, type: 'Unlock', status: 'Pending', requestedAt: at(4) },
      { ...command, type: 'Lock', status: 'Cancelled', requestedAt: at(5) },
    ])
    .returning('id')
    .execute();
  // The newest was deleted: its id stays used, so no moved command may take it.
  await db.deleteFrom('deviceCommands').where('id', '=', vehicleCommands[2]!.id).execute();
  await db
    .insertInto('vehicleHistory')
    .values({
      vehicleId: vehicle.id,
      dateTime: at(3),
      type: 'LockState',
      isLocked: 1,
      commandId: vehicleCommands[0]!.id,
    })
    .execute();
  // Written as 0013's code wrote them; the table has no type in the schema any more.
  await sql`insert into device_test_commands
      (device_id, type, status, requested_by_user_id, requested_at, expires_at, delivered_at,
       completed_at, result_is_locked, reason)
    values
      (${free!.id}, 'Lock', 'Confirmed', ${user.id}, ${at(10)}, ${later}, ${at(11)}, ${at(12)}, 1, null),
      (${free!.id}, 'Unlock', 'Pending', ${user.id}, ${at(13)}, ${later}, null, null, null, null),
      (${other!.id}, 'Lock', 'Failed', ${user.id}, ${at(14)}, ${later}, ${at(15)}, ${at(16)}, 0, 'Relay stuck'),
      (${other!.id}, 'Unlock', 'Cancelled', ${user.id}, ${at(17)}, ${later}, null, ${at(18)}, null, null)`.execute(
    db,
  );
  const testCommands = await sql<{ id: number }>`select id from device_test_commands order by id`.execute(db);
  const [firstTest, , , deletedTest] = testCommands.rows;
  for (const [serialNumber, deviceId, type, commandId] of [
    ['SN-FREE', free!.id, 'Lock', firstTest!.id],
    ['SN-OTHER', other!.id, 'Unlock', deletedTest!.id],
  ] as const) {
    // Written as the api of 0013 wrote it: today's recordAudit fills columns that came later.
    await sql`insert into audit_log (occurred_at, user_id, user_email, ip_address, user_agent, action, target_type, target_id, detail)
      values (${at(20)}, ${user.id}, null, '127.0.0.1', 'bench', 'DeviceTestCommandSent', 'Device', ${String(deviceId)},
        ${JSON.stringify({ serialNumber, type, commandId })})`.execute(db);
  }
  // The newest test command was deleted too: its audit entry still names it.
  await sql`delete from device_test_commands where id = ${deletedTest!.id}`.execute(db);
  return {
    userId: user.id,
    vehicleId: vehicle.id,
    fittedId: fitted!.id,
    freeId: free!.id,
    otherId: other!.id,
    vehicleCommandIds: vehicleCommands.map((row) => row.id),
  };
}

const COLUMNS = [
  'deviceId',
  'type',
  'status',
  'requestedByUserId',
  'requestedAt',
  'expiresAt',
  'deliveredAt',
  'completedAt',
  'resultIsLocked',
  'reason',
] as const;

describe(`migration 0014 on an existing database (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('moves every test command into device_commands, keeps every vehicle command and what names them', async () => {
    const before = await databaseAt0013();
    const vehicleRowsBefore = await db.selectFrom('deviceCommands').selectAll().orderBy('id').execute();
    const testRowsBefore = await sql<Record<(typeof COLUMNS)[number], unknown>>`
      select ${sql.join(COLUMNS.map((column) => sql.ref(column)))} from device_test_commands order by id`.execute(
      db,
    );

    const applied = await migrateToLatest(db);

    // 0014 first, then whatever came after it, each applied.
    expect(applied[0]).toMatchObject({ migrationName: '0014-one-device-commands-table', status: 'Success' });
    expect(applied.filter((result) => result.status !== 'Success')).toEqual([]);
    await expect(sql`select count(*) from device_test_commands`.execute(db)).rejects.toThrow(
      /device_test_commands/,
    );
    // Every vehicle command as it was, with its id (in the columns it had: later migrations add more).
    const kept = await db
      .selectFrom('deviceCommands')
      .selectAll()
      .where('vehicleId', 'is not', null)
      .orderBy('id')
      .execute();
    const columnsBefore = Object.keys(vehicleRowsBefore[0]!);
    expect(
      kept.map((row) =>
        Object.fromEntries(Object.entries(row).filter(([column]) => columnsBefore.includes(column))),
      ),
    ).toEqual(vehicleRowsBefore);
    // Every test command, in its order, with no vehicle and an id above any ever handed out.
    const moved = await db
      .selectFrom('deviceCommands')
      .select(['id', ...COLUMNS])
      .where('vehicleId', 'is', null)
      .orderBy('id')
      .execute();
    expect(moved.map(({ id: _id, ...row }) => row)).toEqual(testRowsBefore.rows);
    const highestBefore = Math.max(...before.vehicleCommandIds);
    expect(moved.every((row) => row.id > highestBefore)).toBe(true);
    // The history entry still names its command: the rebuild did not clear the reference.
    expect(
      await db.selectFrom('vehicleHistory').select('commandId').where('type', '=', 'LockState').execute(),
    ).toEqual([{ commandId: before.vehicleCommandIds[0] }]);
    // The audit entries name the moved command by its new id, and the deleted one by an id no
    // command will take.
    const audit = await db
      .selectFrom('auditLog')
      .select('detail')
      .where('action', '=', 'DeviceTestCommandSent')
      .orderBy('id')
      .execute();
    const [sentFirst, sentDeleted] = audit.map((row) => JSON.parse(row.detail ?? 'null') as unknown);
    expect(sentFirst).toEqual({ serialNumber: 'SN-FREE', type: 'Lock', commandId: moved[0]!.id });
    expect(sentDeleted).toEqual({
      serialNumber: 'SN-OTHER',
      type: 'Unlock',
      commandId: expect.any(Number) as number,
    });
    const deletedId = (sentDeleted as { commandId: number }).commandId;
    expect(deletedId).toBeGreaterThan(Math.max(...moved.map((row) => row.id)));

    // The api's own queries find every command, each kind only where it belongs.
    const commands = createCommandService(db, new VehicleEvents());
    const [confirmedTest, pendingTest, failedTest] = moved;
    expect(await commands.getTest(before.freeId, confirmedTest!.id)).toMatchObject({
      serialNumber: 'SN-FREE',
      type: 'Lock',
      status: 'Confirmed',
      resultIsLocked: true,
    });
    expect(await commands.getTest(before.otherId, failedTest!.id)).toMatchObject({
      serialNumber: 'SN-OTHER',
      status: 'Failed',
      reason: 'Relay stuck',
    });
    expect(await commands.get(pendingTest!.id)).toBeUndefined();
    expect(await commands.getTest(before.fittedId, before.vehicleCommandIds[1]!)).toBeUndefined();
    const listed = await commands.list(before.vehicleId, { pageIndex: 0, pageSize: 10 });
    expect(listed.items.map((item) => [item.id, item.status])).toEqual([
      [before.vehicleCommandIds[1], 'Pending'],
      [before.vehicleCommandIds[0], 'Confirmed'],
    ]);
    expect(await commands.claim({ id: before.freeId, vehicleId: null })).toEqual([
      expect.objectContaining({ id: pendingTest!.id, type: 'Unlock' }),
    ]);
    expect(await commands.claim({ id: before.fittedId, vehicleId: before.vehicleId })).toEqual([
      expect.objectContaining({ id: before.vehicleCommandIds[1], type: 'Unlock' }),
    ]);

    // New commands of both kinds are numbered after the moved ones.
    const test = await commands.requestTest({
      deviceId: before.freeId,
      type: 'Lock',
      requestedByUserId: before.userId,
    });
    const lock = await commands.request({
      vehicleId: before.vehicleId,
      deviceId: before.fittedId,
      type: 'Lock',
      requestedByUserId: before.userId,
    });
    expect(test.id).toBeGreaterThan(deletedId);
    expect(lock.id).toBeGreaterThan(test.id);
    commands.close();

    // One waiting test command per free device, one waiting command per vehicle, side by side.
    const second = await db
      .insertInto('deviceCommands')
      .values({
        vehicleId: null,
        deviceId: before.freeId,
        type: 'Unlock',
        status: 'Pending',
        requestedByUserId: before.userId,
        requestedAt: at(30),
        expiresAt: later,
      })
      .execute()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isUniqueViolation(second)).toBe(true);
    await db
      .insertInto('deviceCommands')
      .values({
        vehicleId: null,
        deviceId: before.otherId,
        type: 'Unlock',
        status: 'Pending',
        requestedByUserId: before.userId,
        requestedAt: at(31),
        expiresAt: later,
      })
      .execute();

    // The reference from the history still acts on the rebuilt table: deleting the command clears it.
    await db.deleteFrom('deviceCommands').where('id', '=', before.vehicleCommandIds[0]!).execute();
    expect(
      await db.selectFrom('vehicleHistory').select('commandId').where('type', '=', 'LockState').execute(),
    ).toEqual([{ commandId: null }]);
    if (dialectOf(db).name === 'sqlite') {
      // The connection goes on with foreign keys enforced, as the api opened it.
      expect((await sql<{ foreignKeys: number }>`pragma foreign_keys`.execute(db)).rows).toEqual([
        { foreignKeys: 1 },
      ]);
    }
    const orphan = await db
      .insertInto('vehicleHistory')
      .values({ vehicleId: before.vehicleId, dateTime: at(40), type: 'LockState', commandId: 999_999 })
      .execute()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(orphan).toBeInstanceOf(Error);
  });

  it('goes back to two tables and up again without losing a command', async () => {
    const before = await databaseAt0013();
    await migrateToLatest(db);
    const all = await db.selectFrom('deviceCommands').selectAll().orderBy('id').execute();

    const down = await migrator(db).migrateTo(BEFORE_ONE_TABLE);

    expect(down.error).toBeUndefined();
    const backToTests = await sql<{ id: number; deviceId: number }>`
      select id, device_id from device_test_commands order by id`.execute(db);
    expect(backToTests.rows).toEqual(
      all.filter((row) => row.vehicleId === null).map((row) => ({ id: row.id, deviceId: row.deviceId })),
    );
    expect(await db.selectFrom('deviceCommands').select('id').orderBy('id').execute()).toEqual(
      before.vehicleCommandIds.slice(0, 2).map((id) => ({ id })),
    );
    const noVehicle = await db
      .insertInto('deviceCommands')
      .values({
        vehicleId: null,
        deviceId: before.freeId,
        type: 'Lock',
        status: 'Pending',
        requestedAt: at(50),
        expiresAt: later,
      })
      .execute()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(noVehicle).toBeInstanceOf(Error);

    await migrateToLatest(db);

    expect(await db.selectFrom('deviceCommands').selectAll().orderBy('id').execute()).toEqual(
      all.map((row) => (row.vehicleId === null ? { ...row, id: expect.any(Number) as number } : row)),
    );
  });
});
