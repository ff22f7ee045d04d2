/*
 * Lock and unlock as commands: staff ask (request), the device fetches (claim, or a long poll that
 * waits for one) and answers (acknowledge); only a Confirmed or Failed answer changes the stored
 * lock state and writes the LockState history entry, with the state the device reports. Commands
 * nobody answers expire (a sweep, every instance may run it: the guarded updates let one win).
 * The routes and the simulator both come through here, as telemetry comes through its service.
 */
import type { Kysely } from 'kysely';
import type {
  DeviceCommand,
  DeviceCommandAck,
  DeviceCommandDelivery,
  DeviceCommandStatus,
  DeviceCommandType,
  DeviceTestCommand,
} from '@sentinel/domain';
import { recordAudit, SYSTEM_ACTOR } from '../audit/record-audit';
import { dialectOf, isUniqueViolation } from '../db/database';
import type { Database } from '../db/schema';
import type { VehicleEvents } from '../vehicles/vehicle-events';
import { recordLockChange, recordLockCommandEnd } from '../vehicles/vehicle-store';
import {
  claimCommands,
  claimCommandsOfDevices,
  commandView,
  deliveryView,
  dueCommands,
  EXPIRED_REASON,
  expireTestCommands,
  findCommand,
  findTestCommand,
  insertCommand,
  markDeviceSeen,
  markDevicesSeen,
  moveCommand,
  pageCommands,
  testCommandView,
} from './command-queries';

export interface CommandSettings {
  /** How long a command may wait for the device's answer (COMMAND_EXPIRY_SECONDS). @default 600000 (10 minutes) */
  expiryMs?: number;
  /** How often open commands past their time are expired. @default 5000 */
  sweepIntervalMs?: number;
  /** The longest a device's GET /Commands waits for a command. @default 25000 */
  maxWaitMs?: number;
  /** How often a waiting poll looks in the database (commands made through another instance). @default 1000 */
  recheckMs?: number;
}

/** A device as the channel knows it: its id and the vehicle it is linked to (null when free). */
export interface CommandDevice {
  id: number;
  vehicleId: number | null;
}

/** Why a device's answer was refused; the route turns it into its 4xx. */
export class CommandRefusal extends Error {
  readonly status: 400 | 404 | 409;

  constructor(status: 400 | 404 | 409, message: string) {
    super(message);
    this.name = 'CommandRefusal';
    this.status = status;
  }
}

export interface CommandService {
  readonly settings: Required<CommandSettings>;
  /** A new Lock or Unlock for the vehicle's device, replacing a command that still waits. */
  request(input: {
    vehicleId: number;
    deviceId: number;
    type: DeviceCommandType;
    requestedByUserId: number;
  }): Promise<DeviceCommand>;
  /** A person cancels a command that still waits; undefined when it is not the vehicle's. */
  cancel(
    vehicleId: number,
    commandId: number,
    byUserId: number,
  ): Promise<{ command: DeviceCommand; cancelled: boolean } | undefined>;
  list(
    vehicleId: number,
    page: { pageIndex: number; pageSize: number },
  ): Promise<{ items: DeviceCommand[]; totalCount: number }>;
  get(commandId: number): Promise<DeviceCommand | undefined>;
  /**
   * A Lock or Unlock for a free device, to test it (the burn-in bench), replacing its test command
   * that still waits. The device fetches and answers it like any command; no vehicle changes.
   */
  requestTest(input: {
    deviceId: number;
    type: DeviceCommandType;
    requestedByUserId: number;
  }): Promise<DeviceTestCommand>;
  /** A test command of the device; undefined when it has none of that id. */
  getTest(deviceId: number, commandId: number): Promise<DeviceTestCommand | undefined>;
  /** The device's waiting commands (a free device's test commands), handed over now (none when there are none). */
  claim(device: CommandDevice): Promise<DeviceCommandDelivery[]>;
  /** claim for many devices at once (two statements, whatever their number), by device id. */
  claimMany(devices: readonly CommandDevice[]): Promise<Map<number, DeviceCommandDelivery[]>>;
  /** claim, waiting up to waitMs for a command to arrive; ends early when signal aborts. */
  poll(device: CommandDevice, waitMs: number, signal?: AbortSignal): Promise<DeviceCommandDelivery[]>;
  /** The device's answer; throws CommandRefusal for another device's, an unknown or a closed command. */
  acknowledge(device: CommandDevice, commandId: number, ack: DeviceCommandAck): Promise<DeviceCommandStatus>;
  /** Expires the open commands whose time is up; answers how many. */
  expireDue(): Promise<number>;
  /** Ends every waiting poll (the api is closing). */
  close(): void;
}

const DEFAULTS: Required<CommandSettings> = {
  expiryMs: 10 * 60_000,
  sweepIntervalMs: 5_000,
  maxWaitMs: 25_000,
  recheckMs: 1_000,
};

/** A device that asked within this long is online: its next poll follows the previous one at once. */
const onlineWindow = (settings: Required<CommandSettings>) => settings.maxWaitMs + 10_000;

export function createCommandService(
  db: Kysely<Database>,
  events: VehicleEvents,
  options: CommandSettings = {},
): CommandService {
  const settings = { ...DEFAULTS, ...options };
  const window = onlineWindow(settings);
  // Polls waiting on this instance, by device id: woken at once when a command is made here.
  const waiting = new Map<number, Set<() => void>>();
  let closed = false;

  const wake = (deviceId: number) => {
    for (const resolve of waiting.get(deviceId) ?? []) resolve();
  };
  const announce = (vehicleId: number, commandId: number) => events.emit('command', { vehicleId, commandId });

  const view = async (commandId: number) => {
    const row = await findCommand(db, commandId);
    return row && commandView(row, window);
  };

  async function request(input: Parameters<CommandService['request']>[0]): Promise<DeviceCommand> {
    const now = new Date();
    const create = () =>
      db.transaction().execute(async (trx) => {
        // Requests for one vehicle take turns, so each sees (and replaces) the one before it.
        await dialectOf(trx)
          .forUpdate(trx.selectFrom('vehicles').select('id').where('id', '=', input.vehicleId))
          .execute();
        return insertCommand(trx, { ...input, now, expiresAt: new Date(now.getTime() + settings.expiryMs) });
      });
    // The partial unique index refuses a second waiting command should two requests still race.
    const created = await create().catch((error: unknown) => {
      if (isUniqueViolation(error)) return create();
      throw error;
    });
    for (const replaced of created.replaced) {
      await recordLockCommandEnd(db, {
        vehicleId: input.vehicleId,
        commandId: replaced,
        byUserId: input.requestedByUserId,
      });
      announce(input.vehicleId, replaced);
    }
    announce(input.vehicleId, created.id);
    wake(input.deviceId);
    const command = await view(created.id);
    if (!command) throw new Error(`Command ${created.id} vanished.`);
    return command;
  }

  async function claim(device: CommandDevice): Promise<DeviceCommandDelivery[]> {
    const now = new Date();
    await markDeviceSeen(db, device.id, now);
    const rows = await claimCommands(db, device, now);
    rows.sort((a, b) => a.id - b.id);
    // A test command changes no vehicle: nobody watches it live.
    for (const row of rows) if (row.vehicleId !== null) announce(row.vehicleId, row.id);
    return rows.map(deliveryView);
  }

  async function claimMany(devices: readonly CommandDevice[]) {
    const claimed = new Map<number, DeviceCommandDelivery[]>();
    const ids = devices.filter((device) => device.vehicleId !== null).map((device) => device.id);
    if (ids.length === 0) return claimed;
    const now = new Date();
    await markDevicesSeen(db, ids, now);
    const rows = await claimCommandsOfDevices(db, ids, now);
    rows.sort((a, b) => a.id - b.id);
    for (const row of rows) {
      announce(row.vehicleId, row.id);
      claimed.set(row.deviceId, [...(claimed.get(row.deviceId) ?? []), deliveryView(row)]);
    }
    return claimed;
  }

  async function poll(device: CommandDevice, waitMs: number, signal?: AbortSignal) {
    const deadline = Date.now() + Math.min(waitMs, settings.maxWaitMs);
    for (;;) {
      const claimed = await claim(device);
      const left = deadline - Date.now();
      if (claimed.length > 0 || left <= 0 || closed || signal?.aborted) return claimed;
      await new Promise<void>((resolve) => {
        const listeners = waiting.get(device.id) ?? new Set<() => void>();
        waiting.set(device.id, listeners);
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          listeners.delete(done);
          if (listeners.size === 0 && waiting.get(device.id) === listeners) waiting.delete(device.id);
          resolve();
        };
        const timer = setTimeout(done, Math.min(left, settings.recheckMs));
        listeners.add(done);
        signal?.addEventListener('abort', done);
      });
      // A device that went away must not be handed a command it will never read.
      if (signal?.aborted || closed) return [];
    }
  }

  /** The outcome's lock state, checked against what the command asked for. */
  function outcomeLocked(commandId: number, type: string, ack: DeviceCommandAck): boolean {
    if (ack.locked === undefined) {
      throw new CommandRefusal(400, 'Report the lock state (locked) with the outcome.');
    }
    const wanted = type === 'Lock';
    if (ack.status === 'Confirmed' && ack.locked !== wanted) {
      throw new CommandRefusal(
        400,
        `A confirmed ${type} leaves the vehicle ${wanted ? 'locked' : 'unlocked'}; report Failed otherwise.`,
      );
    }
    return ack.locked;
  }

  /** A free device's answer to a test command: stored on the command, nothing else changes. */
  async function acknowledgeTest(
    device: CommandDevice,
    commandId: number,
    ack: DeviceCommandAck,
  ): Promise<DeviceCommandStatus> {
    const row = await findTestCommand(db, commandId);
    if (!row || row.deviceId !== device.id) {
      throw new CommandRefusal(404, `This device has no command ${commandId}.`);
    }
    const now = new Date();
    await markDeviceSeen(db, device.id, now);
    const status = row.status as DeviceCommandStatus;
    if (status !== 'Pending' && status !== 'Delivered') {
      if (status === ack.status) return status;
      throw new CommandRefusal(409, `Command ${commandId} is ${status.toLowerCase()}.`);
    }
    if (Date.parse(row.expiresAt) <= now.getTime()) {
      await expireTestCommands(db, now);
      throw new CommandRefusal(409, `Command ${commandId} has expired.`);
    }
    if (ack.status === 'Delivered') {
      await moveCommand(db, row.id, { status: 'Delivered', from: ['Pending'], now });
      return 'Delivered';
    }
    const locked = outcomeLocked(commandId, row.type, ack);
    const moved = await moveCommand(db, row.id, {
      status: ack.status,
      from: ['Pending', 'Delivered'],
      now,
      resultIsLocked: locked,
      reason: ack.status === 'Failed' ? (ack.reason ?? 'The device could not carry it out') : null,
    });
    if (!moved) {
      const current = await findTestCommand(db, row.id);
      throw new CommandRefusal(409, `Command ${commandId} is ${(current?.status ?? 'gone').toLowerCase()}.`);
    }
    return ack.status;
  }

  async function acknowledge(
    device: CommandDevice,
    commandId: number,
    ack: DeviceCommandAck,
  ): Promise<DeviceCommandStatus> {
    if (device.vehicleId === null) return acknowledgeTest(device, commandId, ack);
    const row = await findCommand(db, commandId);
    // Another device's command reads as unknown: a key proves nothing about other devices.
    if (!row || row.deviceId !== device.id) {
      throw new CommandRefusal(404, `This device has no command ${commandId}.`);
    }
    if (row.vehicleId !== device.vehicleId) {
      throw new CommandRefusal(
        409,
        `Command ${commandId} is for a vehicle this device is no longer linked to.`,
      );
    }
    const now = new Date();
    await markDeviceSeen(db, device.id, now);
    const status = row.status as DeviceCommandStatus;
    if (status === 'Pending' || status === 'Delivered') {
      if (Date.parse(row.expiresAt) <= now.getTime()) {
        await expire(row.id, row.vehicleId, row.requestedByUserId, row.type);
        throw new CommandRefusal(
          409,
          `Command ${commandId} has expired; report the lock state in telemetry.`,
        );
      }
    } else {
      // A device repeating the answer it already gave (its first reply was lost) is told it stands.
      if (status === ack.status) return status;
      throw new CommandRefusal(409, `Command ${commandId} is ${status.toLowerCase()}.`);
    }

    if (ack.status === 'Delivered') {
      if (await moveCommand(db, row.id, { status: 'Delivered', from: ['Pending'], now })) {
        announce(row.vehicleId, row.id);
      }
      return 'Delivered';
    }
    const locked = outcomeLocked(commandId, row.type, ack);
    const moved = await db.transaction().execute(async (trx) => {
      const ok = await moveCommand(trx, row.id, {
        status: ack.status,
        from: ['Pending', 'Delivered'],
        now,
        resultIsLocked: locked,
        reason: ack.status === 'Failed' ? (ack.reason ?? 'The device could not carry it out') : null,
      });
      if (!ok) return false;
      await recordLockChange(trx, {
        vehicleId: row.vehicleId,
        locked,
        byUserId: row.requestedByUserId,
        byAdmin: true,
        commandId: row.id,
        at: now,
      });
      await auditOutcome(trx, row.type, row.vehicleId, row.id, ack.status, { locked });
      return true;
    });
    if (!moved) {
      // Expired or cancelled between the read and the update.
      const current = await findCommand(db, row.id);
      throw new CommandRefusal(409, `Command ${commandId} is ${(current?.status ?? 'gone').toLowerCase()}.`);
    }
    // After the commit, as the vehicle store does: listeners read what is stored.
    events.emit('lock', { vehicleId: row.vehicleId, locked });
    announce(row.vehicleId, row.id);
    return ack.status;
  }

  async function expire(
    commandId: number,
    vehicleId: number,
    requestedByUserId: number | null,
    type: string,
  ) {
    const now = new Date();
    const moved = await db.transaction().execute(async (trx) => {
      const ok = await moveCommand(trx, commandId, {
        status: 'Expired',
        from: ['Pending', 'Delivered'],
        now,
        reason: EXPIRED_REASON,
      });
      if (ok) {
        await recordLockCommandEnd(trx, { vehicleId, commandId, byUserId: requestedByUserId, at: now });
        await auditOutcome(trx, type, vehicleId, commandId, 'Expired');
      }
      return ok;
    });
    if (moved) announce(vehicleId, commandId);
    return moved;
  }

  /** The device's answer (or the lack of one) in the audit log, beside the request staff made. */
  function auditOutcome(
    trx: Kysely<Database>,
    type: string,
    vehicleId: number,
    commandId: number,
    status: DeviceCommandStatus,
    detail: Record<string, unknown> = {},
  ) {
    return recordAudit(trx, SYSTEM_ACTOR, {
      action: type === 'Lock' ? 'VehicleLocked' : 'VehicleUnlocked',
      targetType: 'Vehicle',
      targetId: vehicleId,
      detail: { commandId, status, ...detail },
    });
  }

  return {
    settings,
    request,
    async cancel(vehicleId, commandId, byUserId) {
      const row = await findCommand(db, commandId);
      if (!row || row.vehicleId !== vehicleId) return undefined;
      const now = new Date();
      const cancelled = await db.transaction().execute(async (trx) => {
        const ok = await moveCommand(trx, commandId, {
          status: 'Cancelled',
          from: ['Pending'],
          now,
          reason: 'Cancelled before the device fetched it',
        });
        if (ok) await recordLockCommandEnd(trx, { vehicleId, commandId, byUserId, at: now });
        return ok;
      });
      if (cancelled) announce(vehicleId, commandId);
      const command = await view(commandId);
      return command && { command, cancelled };
    },
    async list(vehicleId, page) {
      const { rows, totalCount } = await pageCommands(db, vehicleId, page);
      const now = Date.now();
      return { items: rows.map((row) => commandView(row, window, now)), totalCount };
    },
    get: view,
    async requestTest(input) {
      const now = new Date();
      const create = () =>
        db.transaction().execute(async (trx) => {
          const created = await insertCommand(trx, {
            ...input,
            vehicleId: null,
            now,
            expiresAt: new Date(now.getTime() + settings.expiryMs),
          });
          return created.id;
        });
      // The partial unique index refuses a second waiting test command should two requests race.
      const id = await create().catch((error: unknown) => {
        if (isUniqueViolation(error)) return create();
        throw error;
      });
      wake(input.deviceId);
      const row = await findTestCommand(db, id);
      if (!row) throw new Error(`Test command ${id} vanished.`);
      return testCommandView(row);
    },
    async getTest(deviceId, commandId) {
      const row = await findTestCommand(db, commandId);
      return row && row.deviceId === deviceId ? testCommandView(row) : undefined;
    },
    claim,
    claimMany,
    poll,
    acknowledge,
    async expireDue() {
      let count = 0;
      for (const due of await dueCommands(db, new Date(), 500)) {
        if (await expire(due.id, due.vehicleId, due.requestedByUserId, due.type)) count += 1;
      }
      return count + (await expireTestCommands(db, new Date()));
    },
    close() {
      closed = true;
      for (const deviceId of [...waiting.keys()]) wake(deviceId);
    },
  };
}
