/*
 * Commands nobody answered in time end Expired: one at a time when its device answers late, or by
 * the sweep (every instance may run it: the guarded update lets one win). An expired command of a
 * vehicle ends its pending LockState entry and is audited; a test command changes nothing else.
 */
import type { Kysely } from 'kysely';
import type { DeviceCommandStatus } from '@sentinel/domain';
import { recordAudit, SYSTEM_ACTOR } from '../audit/record-audit';
import type { Database } from '../db/schema';
import { recordLockCommandEnd } from '../vehicles/vehicle-store';
import type { CommandContext, CommandService } from './command-service';
import { countCommandOutcome } from '../metrics/instruments';
import { dueCommands, EXPIRED_REASON, expireTestCommands, moveCommand } from './command-queries';

/** The device's answer (or the lack of one) in the audit log, beside the request staff made. */
export function auditOutcome(
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

/** Expires one open command of a vehicle; false when it was no longer open. */
export type ExpireCommand = (
  commandId: number,
  vehicleId: number,
  requestedByUserId: number | null,
  type: string,
) => Promise<boolean>;

export function createExpiry(context: CommandContext): Pick<CommandService, 'expireDue'> & {
  expire: ExpireCommand;
} {
  const { db, announce } = context;

  const expire: ExpireCommand = async (commandId, vehicleId, requestedByUserId, type) => {
    const now = new Date();
    const moved = await db.transaction().execute(async (trx) => {
      const ok = await moveCommand(trx, commandId, {
        status: 'Expired',
        from: ['WaitingForSlowdown', 'Pending', 'Delivered'],
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
    if (moved) countCommandOutcome('Expired');
    return moved;
  };

  return {
    expire,
    async expireDue() {
      let count = 0;
      for (const due of await dueCommands(db, new Date(), 500)) {
        if (await expire(due.id, due.vehicleId, due.requestedByUserId, due.type)) count += 1;
      }
      return count + (await expireTestCommands(db, new Date()));
    },
  };
}
