/*
 * A held lock (WaitingForSlowdown) is released by the first report whose speed, from its fix and
 * the fix before, is at or below the speed the lock was held for: it becomes Pending inside the
 * report's transaction, and the device fetches it as any other command (its waiting poll finds it
 * at its next look in the database). Every fix runs the look-up, so it is a prepared statement on
 * a partial index that holds only the held locks.
 */
import type { Transaction } from 'kysely';
import { currentSpeedKmh } from '@sentinel/domain';
import { instant } from '../db/database';
import type { Database } from '../db/schema';
import { preparedQuery } from '../telemetry/prepared-query';
import type { VehicleEvents } from '../vehicles/vehicle-events';
import { lastTwoFixes, moveCommand } from './command-queries';

const heldLock = preparedQuery(['vehicleId'], (db, param) =>
  db
    .selectFrom('deviceCommands')
    .select(['id', 'releaseAtKmh'])
    .where('vehicleId', '=', param('vehicleId'))
    .where('status', '=', 'WaitingForSlowdown'),
);

/**
 * Releases the vehicle's held lock when the fix just stored (at `at`) says it has slowed down;
 * the command's live message goes out through `events` (the batch's held bus, after the commit).
 * True when it released one.
 */
export async function releaseHeldLock(
  trx: Transaction<Database>,
  events: VehicleEvents,
  vehicleId: number,
  at: Date,
): Promise<boolean> {
  const held = (await heldLock(trx, { vehicleId })).rows[0];
  if (!held) return false;
  const [previous, latest] = await lastTwoFixes(trx, vehicleId, instant(at));
  // The speed between this fix and the one before it, as of this fix (a late fix is judged by its own time).
  const speed = currentSpeedKmh(previous, latest, at);
  if (speed > (held.releaseAtKmh ?? 0)) return false;
  const released = await moveCommand(trx, held.id, {
    status: 'Pending',
    from: ['WaitingForSlowdown'],
    now: new Date(),
  });
  if (released) events.emit('command', { vehicleId, commandId: held.id });
  return released;
}
