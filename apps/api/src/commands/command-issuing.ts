/*
 * Staff's side of commands: asking for a Lock or Unlock (a vehicle's, or a free device's test
 * command), cancelling one that still waits, and reading them. A new command replaces the one that
 * still waits, and wakes the device's waiting poll on this instance.
 */
import { currentSpeedKmh, holdsLock, maySendLockNow } from '@sentinel/domain';
import type { DeviceCommand, DeviceTestCommand } from '@sentinel/domain';
import { isUniqueViolation } from '../db/database';
import { recordLockCommandEnd } from '../vehicles/vehicle-store';
import { countCommandOutcome } from '../metrics/instruments';
import { traceCommandIssue } from '../tracing/command-spans';
import { currentTraceParent } from '../tracing/spans';
import type { CommandContext, CommandService } from './command-service';
import {
  commandView,
  findCommand,
  findTestCommand,
  insertCommand,
  lastTwoFixes,
  lockVehicleCommands,
  moveCommand,
  pageCommands,
  testCommandView,
  WAITING,
} from './command-queries';

type Issuing = Pick<
  CommandService,
  'request' | 'sendNow' | 'cancel' | 'list' | 'get' | 'requestTest' | 'getTest'
>;

export function createIssuing(context: CommandContext, wake: (deviceId: number) => void): Issuing {
  const { db, settings, announce, view } = context;

  async function request(input: Parameters<CommandService['request']>[0]): Promise<DeviceCommand> {
    const now = new Date();
    const traceParent = currentTraceParent();
    const create = () =>
      db.transaction().execute(async (trx) => {
        // Requests for one vehicle take turns, so each sees (and replaces) the one before it.
        await lockVehicleCommands(trx, input.vehicleId);
        // Immobilising a moving vehicle waits until its reports say it has slowed down.
        let holdUntilKmh: number | undefined;
        if (input.type === 'Lock') {
          const [previous, latest] = await lastTwoFixes(trx, input.vehicleId);
          const speed = currentSpeedKmh(previous, latest, now);
          if (holdsLock(speed, settings.lockMaxSpeedKmh)) holdUntilKmh = settings.lockMaxSpeedKmh;
        }
        const expiresAt = new Date(now.getTime() + settings.expiryMs);
        return insertCommand(trx, { ...input, now, expiresAt, holdUntilKmh, traceParent });
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

  const sendNow: CommandService['sendNow'] = async (vehicleId, commandId, byUserId) => {
    const row = await findCommand(db, commandId);
    if (!row || row.vehicleId !== vehicleId) return undefined;
    if (row.status !== 'WaitingForSlowdown')
      return { command: commandView(row, context.onlineWindowMs), outcome: 'notHeld' };
    if (!maySendLockNow(row.requestedByUserId, byUserId)) {
      return { command: commandView(row, context.onlineWindowMs), outcome: 'requester' };
    }
    const sent = await moveCommand(db, commandId, {
      status: 'Pending',
      from: ['WaitingForSlowdown'],
      now: new Date(),
    });
    if (sent) {
      announce(vehicleId, commandId);
      wake(row.deviceId);
    }
    const command = await view(commandId);
    if (!command) throw new Error(`Command ${commandId} vanished.`);
    return { command, outcome: sent ? 'sent' : 'notHeld' };
  };

  async function requestTest(
    input: Parameters<CommandService['requestTest']>[0],
  ): Promise<DeviceTestCommand> {
    const now = new Date();
    const traceParent = currentTraceParent();
    const create = () =>
      db.transaction().execute(async (trx) => {
        const created = await insertCommand(trx, {
          ...input,
          vehicleId: null,
          now,
          expiresAt: new Date(now.getTime() + settings.expiryMs),
          traceParent,
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
  }

  return {
    request: (input) => traceCommandIssue(input, () => request(input)),
    sendNow,
    async cancel(vehicleId, commandId, byUserId) {
      const row = await findCommand(db, commandId);
      if (!row || row.vehicleId !== vehicleId) return undefined;
      const now = new Date();
      const cancelled = await db.transaction().execute(async (trx) => {
        const ok = await moveCommand(trx, commandId, {
          status: 'Cancelled',
          from: WAITING,
          now,
          reason: 'Cancelled before the device fetched it',
        });
        if (ok) await recordLockCommandEnd(trx, { vehicleId, commandId, byUserId, at: now });
        return ok;
      });
      if (cancelled) announce(vehicleId, commandId);
      if (cancelled) countCommandOutcome('Cancelled');
      const command = await view(commandId);
      return command && { command, cancelled };
    },
    async list(vehicleId, page) {
      const { rows, totalCount } = await pageCommands(db, vehicleId, page);
      const now = Date.now();
      return { items: rows.map((row) => commandView(row, context.onlineWindowMs, now)), totalCount };
    },
    get: view,
    requestTest: (input) => traceCommandIssue(input, () => requestTest(input)),
    async getTest(deviceId, commandId) {
      const row = await findTestCommand(db, commandId);
      return row && row.deviceId === deviceId ? testCommandView(row) : undefined;
    },
  };
}
