/*
 * Every read and write of device_test_commands: lock and unlock sent to a free device to test it.
 * The same life as a vehicle's command (Pending, Delivered, then Confirmed, Failed, Expired or
 * Cancelled), with the same guarded updates, but no vehicle: nothing else changes with it.
 */
import type { Kysely, Transaction } from 'kysely';
import type {
  DeviceCommandDelivery,
  DeviceCommandStatus,
  DeviceCommandType,
  DeviceTestCommand,
} from '@sentinel/domain';
import { instant } from '../db/database';
import type { Database } from '../db/schema';
import { nullableBool } from '../routes/schemas';
import { REPLACED_REASON } from './command-queries';

type Db = Kysely<Database> | Transaction<Database>;

function testCommandQuery(db: Db) {
  return db
    .selectFrom('deviceTestCommands as command')
    .innerJoin('devices', 'devices.id', 'command.deviceId')
    .select([
      'command.id',
      'command.deviceId',
      'devices.serialNumber',
      'command.type',
      'command.status',
      'command.requestedAt',
      'command.expiresAt',
      'command.deliveredAt',
      'command.completedAt',
      'command.resultIsLocked',
      'command.reason',
    ]);
}

export type TestCommandRow = Awaited<
  ReturnType<ReturnType<typeof testCommandQuery>['executeTakeFirstOrThrow']>
>;

export function testCommandView(row: TestCommandRow): DeviceTestCommand {
  return {
    id: row.id,
    serialNumber: row.serialNumber,
    type: row.type as DeviceCommandType,
    status: row.status as DeviceCommandStatus,
    requestedDateTime: row.requestedAt,
    expiresDateTime: row.expiresAt,
    deliveredDateTime: row.deliveredAt,
    completedDateTime: row.completedAt,
    resultIsLocked: nullableBool(row.resultIsLocked),
    reason: row.reason,
  };
}

export function findTestCommand(db: Db, commandId: number): Promise<TestCommandRow | undefined> {
  return testCommandQuery(db).where('command.id', '=', commandId).executeTakeFirst();
}

/** Replaces the device's waiting test command (if any) with a new one; answers the new one's id. */
export async function insertTestCommand(
  trx: Transaction<Database>,
  command: {
    deviceId: number;
    type: DeviceCommandType;
    requestedByUserId: number;
    now: Date;
    expiresAt: Date;
  },
): Promise<number> {
  await trx
    .updateTable('deviceTestCommands')
    .set({ status: 'Cancelled', completedAt: instant(command.now), reason: REPLACED_REASON })
    .where('deviceId', '=', command.deviceId)
    .where('status', '=', 'Pending')
    .execute();
  const { id } = await trx
    .insertInto('deviceTestCommands')
    .values({
      deviceId: command.deviceId,
      type: command.type,
      status: 'Pending',
      requestedByUserId: command.requestedByUserId,
      requestedAt: instant(command.now),
      expiresAt: instant(command.expiresAt),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Hands the device its waiting test commands (Pending to Delivered), as deliveries. */
export async function claimTestCommands(
  db: Db,
  deviceId: number,
  now: Date,
): Promise<DeviceCommandDelivery[]> {
  const rows = await db
    .updateTable('deviceTestCommands')
    .set({ status: 'Delivered', deliveredAt: instant(now) })
    .where('deviceId', '=', deviceId)
    .where('status', '=', 'Pending')
    .where('expiresAt', '>', instant(now))
    .returning(['id', 'type', 'requestedAt', 'expiresAt'])
    .execute();
  return rows
    .sort((a, b) => a.id - b.id)
    .map((row) => ({
      id: row.id,
      type: row.type as DeviceCommandType,
      requestedDateTime: row.requestedAt,
      expiresDateTime: row.expiresAt,
    }));
}

/** Expires every open test command whose time is up, in one statement; answers how many. */
export async function expireTestCommands(db: Db, now: Date): Promise<number> {
  const result = await db
    .updateTable('deviceTestCommands')
    .set({ status: 'Expired', completedAt: instant(now), reason: 'The device did not answer in time' })
    .where('status', 'in', ['Pending', 'Delivered'])
    .where('expiresAt', '<=', instant(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
