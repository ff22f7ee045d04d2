/*
 * Every read and write of device_commands. A command's life: WaitingForSlowdown (a lock held while
 * the vehicle moves; at most one per vehicle), Pending (waiting for the device; at most one per
 * vehicle), Delivered (the device fetched it), then Confirmed or Failed (the device's
 * answer), Expired (no answer in time) or Cancelled (by a person, or replaced while it waited).
 * Every status change is a guarded update (`where status in (...)`), so two instances or two
 * requests racing over one command cannot both move it. A command with no vehicle is a test
 * command of a free device (the burn-in bench): the same life, at most one waiting per device, and
 * nothing else changes with it. Readers of a vehicle's commands see only rows of that vehicle, and
 * readers of test commands only rows with no vehicle.
 */
import type { Kysely, Transaction } from 'kysely';
import type {
  DeviceCommand,
  DeviceCommandDelivery,
  DeviceCommandStatus,
  DeviceCommandType,
  DeviceTestCommand,
  LockReason,
  RecordedFix,
} from '@sentinel/domain';
import { dialectOf, instant } from '../db/database';
import type { Database } from '../db/schema';
import { nullableBool } from '../routes/schemas';

type Db = Kysely<Database> | Transaction<Database>;

const OPEN: DeviceCommandStatus[] = ['WaitingForSlowdown', 'Pending', 'Delivered'];

/** Commands not yet handed to the device: a newer one replaces them, a person may cancel them. */
export const WAITING: DeviceCommandStatus[] = ['WaitingForSlowdown', 'Pending'];

/** Why a waiting command was cancelled by a newer one, for a vehicle's command and a test command alike. */
const REPLACED_REASON = 'Replaced by a newer command';

/** Why an open command ended Expired, for a vehicle's command and a test command alike. */
export const EXPIRED_REASON = 'The device did not answer in time';

function commandQuery(db: Db) {
  return db
    .selectFrom('deviceCommands as command')
    .innerJoin('devices', 'devices.id', 'command.deviceId')
    .leftJoin('users as requestedBy', 'requestedBy.id', 'command.requestedByUserId')
    .select([
      'command.id',
      'command.vehicleId',
      'command.deviceId',
      'command.type',
      'command.status',
      'command.requestedByUserId',
      'command.requestedAt',
      'command.expiresAt',
      'command.deliveredAt',
      'command.completedAt',
      'command.resultIsLocked',
      'command.reason',
      'command.lockReason',
      'command.lockNote',
      'command.traceParent',
      'devices.serialNumber',
      'devices.commandsSeenAt',
      'requestedBy.firstName as requestedByUserFirstName',
      'requestedBy.lastName as requestedByUserLastName',
    ]);
}

/** A vehicle's commands only. */
function vehicleCommandQuery(db: Db) {
  return commandQuery(db).where('command.vehicleId', 'is not', null).$narrowType<{ vehicleId: number }>();
}

/** Test commands of free devices only. */
function testCommandQuery(db: Db) {
  return commandQuery(db).where('command.vehicleId', 'is', null).$narrowType<{ vehicleId: null }>();
}

type CommandRow = Awaited<ReturnType<ReturnType<typeof vehicleCommandQuery>['executeTakeFirstOrThrow']>>;
type TestCommandRow = Awaited<ReturnType<ReturnType<typeof testCommandQuery>['executeTakeFirstOrThrow']>>;

/** The command as staff see it; online when the device asked for commands within onlineWindowMs. */
export function commandView(row: CommandRow, onlineWindowMs: number, now = Date.now()): DeviceCommand {
  const seen = row.commandsSeenAt === null ? Number.NEGATIVE_INFINITY : Date.parse(row.commandsSeenAt);
  return {
    id: row.id,
    vehicleId: row.vehicleId,
    type: row.type as DeviceCommandType,
    status: row.status as DeviceCommandStatus,
    deviceOnline: now - seen <= onlineWindowMs,
    requestedDateTime: row.requestedAt,
    requestedByUserId: row.requestedByUserId,
    requestedByUserFirstName: row.requestedByUserFirstName,
    requestedByUserLastName: row.requestedByUserLastName,
    expiresDateTime: row.expiresAt,
    deliveredDateTime: row.deliveredAt,
    completedDateTime: row.completedAt,
    resultIsLocked: nullableBool(row.resultIsLocked),
    reason: row.reason,
    lockReason: row.lockReason,
    lockNote: row.lockNote,
  };
}

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

export function deliveryView(
  row: Pick<CommandRow, 'id' | 'type' | 'requestedAt' | 'expiresAt'>,
): DeviceCommandDelivery {
  return {
    id: row.id,
    type: row.type as DeviceCommandType,
    requestedDateTime: row.requestedAt,
    expiresDateTime: row.expiresAt,
  };
}

/** A vehicle's command; undefined for a test command. */
export function findCommand(db: Db, commandId: number): Promise<CommandRow | undefined> {
  return vehicleCommandQuery(db).where('command.id', '=', commandId).executeTakeFirst();
}

/** A free device's test command; undefined for a vehicle's command. */
export function findTestCommand(db: Db, commandId: number): Promise<TestCommandRow | undefined> {
  return testCommandQuery(db).where('command.id', '=', commandId).executeTakeFirst();
}

/** A page of the vehicle's commands, newest first. */
export async function pageCommands(
  db: Db,
  vehicleId: number,
  page: { pageIndex: number; pageSize: number },
): Promise<{ rows: CommandRow[]; totalCount: number }> {
  const [rows, total] = await Promise.all([
    vehicleCommandQuery(db)
      .where('command.vehicleId', '=', vehicleId)
      .orderBy('command.id', 'desc')
      .limit(page.pageSize)
      .offset(page.pageIndex * page.pageSize)
      .execute(),
    db
      .selectFrom('deviceCommands')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('vehicleId', '=', vehicleId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(total.count) };
}

interface NewCommand {
  /** Null for a test command of a free device. */
  vehicleId: number | null;
  deviceId: number;
  type: DeviceCommandType;
  requestedByUserId: number;
  now: Date;
  expiresAt: Date;
  lockReason?: LockReason | undefined;
  lockNote?: string | undefined;
  /** A lock held while the vehicle moves: released by a report at or below this speed. */
  holdUntilKmh?: number | undefined;
  /** The trace the command continues (a W3C traceparent); null when not traced. */
  traceParent?: string | null;
}

/** Locks the vehicle's row for the rest of the transaction, so requests for one vehicle take turns. */
export async function lockVehicleCommands(trx: Transaction<Database>, vehicleId: number): Promise<void> {
  await dialectOf(trx)
    .forUpdate(trx.selectFrom('vehicles').select('id').where('id', '=', vehicleId))
    .execute();
}

/**
 * Replaces the vehicle's waiting command (or the free device's waiting test command), if any, with
 * a new one, in the caller's transaction. Returns the new command's id and the ids it replaced.
 */
export async function insertCommand(
  trx: Transaction<Database>,
  command: NewCommand,
): Promise<{ id: number; replaced: number[] }> {
  const replaced = await trx
    .updateTable('deviceCommands')
    .set({ status: 'Cancelled', completedAt: instant(command.now), reason: REPLACED_REASON })
    .where((eb) =>
      command.vehicleId === null
        ? eb.and([eb('vehicleId', 'is', null), eb('deviceId', '=', command.deviceId)])
        : eb('vehicleId', '=', command.vehicleId),
    )
    .where('status', 'in', WAITING)
    .returning('id')
    .execute();
  const held = command.holdUntilKmh !== undefined;
  const { id } = await trx
    .insertInto('deviceCommands')
    .values({
      vehicleId: command.vehicleId,
      deviceId: command.deviceId,
      type: command.type,
      status: held ? 'WaitingForSlowdown' : 'Pending',
      requestedByUserId: command.requestedByUserId,
      requestedAt: instant(command.now),
      expiresAt: instant(command.expiresAt),
      lockReason: command.lockReason ?? null,
      lockNote: command.lockNote ?? null,
      releaseAtKmh: command.holdUntilKmh ?? null,
      traceParent: command.traceParent ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, replaced: replaced.map((row) => row.id) };
}

/**
 * Hands the device its waiting commands (Pending to Delivered) and answers them: a fitted device's
 * for the vehicle it is linked to, a free device's test commands.
 */
export function claimCommands(db: Db, device: { id: number; vehicleId: number | null }, now: Date) {
  const { vehicleId } = device;
  return db
    .updateTable('deviceCommands')
    .set({ status: 'Delivered', deliveredAt: instant(now) })
    .where('deviceId', '=', device.id)
    .where((eb) => (vehicleId === null ? eb('vehicleId', 'is', null) : eb('vehicleId', '=', vehicleId)))
    .where('status', '=', 'Pending')
    .where('expiresAt', '>', instant(now))
    .returning(['id', 'vehicleId', 'type', 'requestedAt', 'expiresAt', 'traceParent'])
    .execute();
}

/**
 * claimCommands for many devices in one statement (the simulator's fleet every round, a gateway's
 * held devices): the commands of each device for the vehicle it is still linked to, and a free
 * device's test commands.
 */
export function claimCommandsOfDevices(db: Db, deviceIds: readonly number[], now: Date) {
  return db
    .updateTable('deviceCommands')
    .set({ status: 'Delivered', deliveredAt: instant(now) })
    .where('deviceId', 'in', [...deviceIds])
    .where('status', '=', 'Pending')
    .where('expiresAt', '>', instant(now))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('devices')
          .select('devices.id')
          .whereRef('devices.id', '=', 'deviceCommands.deviceId')
          .where((device) =>
            device.or([
              device('devices.vehicleId', '=', device.ref('deviceCommands.vehicleId')),
              device.and([
                device('devices.vehicleId', 'is', null),
                device('deviceCommands.vehicleId', 'is', null),
              ]),
            ]),
          ),
      ),
    )
    .returning(['id', 'vehicleId', 'deviceId', 'type', 'requestedAt', 'expiresAt', 'traceParent'])
    .execute();
}

/**
 * The devices that have a command waiting to be handed over now, whatever device they are: few
 * at any time (at most one per vehicle and one per free device), read through the status and
 * expiry index, so a poll for thousands of devices looks for their commands at this cost.
 */
export async function devicesWithPendingCommands(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('deviceCommands')
    .select('deviceId')
    .distinct()
    .where('status', '=', 'Pending')
    .where('expiresAt', '>', instant(now))
    .execute();
  return rows.map((row) => row.deviceId);
}

/** Notes that these devices asked for commands now (they are online). */
export async function markDevicesSeen(db: Db, deviceIds: readonly number[], now: Date): Promise<void> {
  await db
    .updateTable('devices')
    .set({ commandsSeenAt: instant(now) })
    .where('id', 'in', [...deviceIds])
    .execute();
}

/** Notes that the device asked for commands now (it is online). */
export async function markDeviceSeen(db: Db, deviceId: number, now: Date): Promise<void> {
  await db
    .updateTable('devices')
    .set({ commandsSeenAt: instant(now) })
    .where('id', '=', deviceId)
    .execute();
}

interface CommandEnd {
  status: Extract<
    DeviceCommandStatus,
    'Pending' | 'Delivered' | 'Confirmed' | 'Failed' | 'Expired' | 'Cancelled'
  >;
  /** Only from these statuses; the update changes nothing otherwise. */
  from: readonly DeviceCommandStatus[];
  now: Date;
  resultIsLocked?: boolean;
  reason?: string | null;
}

/** Moves one command (a vehicle's or a test command) on, if it is still in one of `from`; true when it moved. */
export async function moveCommand(db: Db, commandId: number, end: CommandEnd): Promise<boolean> {
  const at = instant(end.now);
  const result = await db
    .updateTable('deviceCommands')
    .set({
      status: end.status,
      // Pending again is a held lock released: nothing ends, nothing is handed over yet.
      ...(end.status === 'Pending'
        ? {}
        : end.status === 'Delivered'
          ? { deliveredAt: at }
          : { completedAt: at }),
      ...(end.resultIsLocked === undefined ? {} : { resultIsLocked: end.resultIsLocked ? 1 : 0 }),
      ...(end.reason === undefined ? {} : { reason: end.reason }),
    })
    .where('id', '=', commandId)
    .where('status', 'in', [...end.from])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Open vehicle commands whose time is up (at most `limit`), for the expiry sweep. */
export function dueCommands(db: Db, now: Date, limit: number) {
  return db
    .selectFrom('deviceCommands')
    .select(['id', 'vehicleId', 'requestedByUserId', 'type'])
    .where('vehicleId', 'is not', null)
    .$narrowType<{ vehicleId: number }>()
    .where('status', 'in', OPEN)
    .where('expiresAt', '<=', instant(now))
    .orderBy('expiresAt')
    .limit(limit)
    .execute();
}

/**
 * Expires every open test command whose time is up, in one statement (a test writes no history, so
 * there is nothing to do per command); answers how many.
 */
export async function expireTestCommands(db: Db, now: Date): Promise<number> {
  const result = await db
    .updateTable('deviceCommands')
    .set({ status: 'Expired', completedAt: instant(now), reason: EXPIRED_REASON })
    .where('vehicleId', 'is', null)
    .where('status', 'in', OPEN)
    .where('expiresAt', '<=', instant(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The vehicle's newest two position fixes, oldest first (fewer when it has fewer). */
export async function lastTwoFixes(db: Db, vehicleId: number, before?: string): Promise<RecordedFix[]> {
  const rows = await db
    .selectFrom('positionFixes')
    .select(['at', 'latitudeDegrees', 'longitudeDegrees'])
    .where('vehicleId', '=', vehicleId)
    .$call((query) => (before === undefined ? query : query.where('at', '<=', before)))
    .orderBy('at', 'desc')
    .limit(2)
    .execute();
  return rows.reverse();
}

/** The vehicle's held lock (at most one), with the speed that releases it. */
export function findHeldCommand(db: Db, vehicleId: number) {
  return db
    .selectFrom('deviceCommands')
    .select(['id', 'deviceId', 'releaseAtKmh', 'expiresAt'])
    .where('vehicleId', '=', vehicleId)
    .where('status', '=', 'WaitingForSlowdown')
    .executeTakeFirst();
}
