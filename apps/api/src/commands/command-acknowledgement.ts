/*
 * The device's answer to a command: Delivered (it has it), then Confirmed or Failed with the lock
 * state it reports. Only that outcome changes the vehicle's stored lock state, in the same
 * transaction as the command and its audit entry; a free device's answer to a test command is
 * stored on the command alone. A repeated answer (the first reply was lost) is told it stands.
 */
import type { DeviceCommandAck, DeviceCommandStatus } from '@sentinel/domain';
import { recordLockChange } from '../vehicles/vehicle-store';
import { countCommandOutcome } from '../metrics/instruments';
import { traceCommandAcknowledgement } from '../tracing/command-spans';
import { auditOutcome } from './command-expiry';
import type { ExpireCommand } from './command-expiry';
import type { CommandContext, CommandDevice, CommandService } from './command-service';
import {
  expireTestCommands,
  findCommand,
  findTestCommand,
  markDeviceSeen,
  moveCommand,
} from './command-queries';

/** Why a device's answer was refused; the route turns it into its 4xx. */
export class CommandRefusal extends Error {
  readonly status: 400 | 404 | 409;

  constructor(status: 400 | 404 | 409, message: string) {
    super(message);
    this.name = 'CommandRefusal';
    this.status = status;
  }
}

/** The outcome's lock state, checked against what the command asked for. */
function outcomeLocked(type: string, ack: DeviceCommandAck): boolean {
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

/** How a reported outcome ends a command, a vehicle's or a free device's test alike. */
function outcomeEnd(type: string, ack: DeviceCommandAck, now: Date) {
  return {
    status: ack.status,
    from: ['Pending', 'Delivered'] as const,
    now,
    resultIsLocked: outcomeLocked(type, ack),
    reason: ack.status === 'Failed' ? (ack.reason ?? 'The device could not carry it out') : null,
  };
}

export function createAcknowledgement(
  context: CommandContext,
  expire: ExpireCommand,
): Pick<CommandService, 'acknowledge'> {
  const { db, events, announce } = context;

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
    const moved = await moveCommand(db, row.id, outcomeEnd(row.type, ack, now));
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
    return traceCommandAcknowledgement(row, ack, () => answer(row, device, ack));
  }

  /** The device's answer to its vehicle's command `row`, in the command's trace. */
  async function answer(
    row: NonNullable<Awaited<ReturnType<typeof findCommand>>>,
    device: CommandDevice,
    ack: DeviceCommandAck,
  ): Promise<DeviceCommandStatus> {
    const commandId = row.id;
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
    const end = outcomeEnd(row.type, ack, now);
    const locked = end.resultIsLocked;
    const moved = await db.transaction().execute(async (trx) => {
      const ok = await moveCommand(trx, row.id, end);
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
    countCommandOutcome(ack.status, row.requestedAt);
    return ack.status;
  }

  return { acknowledge };
}
