/*
 * The reads and small writes around an erasure: which user is an account holder, what stands in
 * the way of erasing them (subscriptions not ended, a legal hold), setting and lifting the hold,
 * and ending a vehicle's subscriptions. The erasure itself is erase-holder.ts.
 */
import type { Kysely } from 'kysely';
import { NOT_ENDED_SUBSCRIPTION_STATUSES, ROLE } from '@sentinel/domain';
import type { ErasureFacts, LegalHold } from '@sentinel/domain';
import { dialectOf, instant } from '../db/database';
import type { Database, User } from '../db/schema';

type Db = Kysely<Database>;

/**
 * The account holder with this id, their row locked until the transaction ends (on PostgreSQL),
 * so a legal hold set or an erasure under way meanwhile waits; undefined for anyone else.
 */
export async function findHolder(db: Db, userId: number): Promise<User | undefined> {
  return dialectOf(db)
    .forUpdate(
      db
        .selectFrom('users')
        .selectAll('users')
        .where('users.id', '=', userId)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('userRoles')
              .innerJoin('roles', 'roles.id', 'userRoles.roleId')
              .select('userRoles.userId')
              .whereRef('userRoles.userId', '=', 'users.id')
              .where('roles.name', '=', ROLE.accountHolder),
          ),
        ),
    )
    .executeTakeFirst();
}

/**
 * The holder's vehicles with a subscription that has not ended: the vehicle still names one (the
 * seed's demo vehicles name a subscription that has no row), or a subscription row of it is in a
 * status that has not ended. The vehicles are locked first, so a subscription taken out meanwhile
 * waits for the erasure (it updates the vehicle) and then finds the holder erased.
 */
export async function subscriptionsNotEnded(db: Db, holderId: number): Promise<number> {
  await dialectOf(db)
    .forUpdate(db.selectFrom('vehicles').select('id').where('userId', '=', holderId))
    .execute();
  const row = await db
    .selectFrom('vehicles')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('vehicles.userId', '=', holderId)
    .where((eb) =>
      eb.or([
        eb('vehicles.subscriptionId', 'is not', null),
        eb.exists(
          eb
            .selectFrom('subscriptions')
            .select('subscriptions.id')
            .whereRef('subscriptions.vehicleId', '=', 'vehicles.id')
            .where('subscriptions.status', 'in', NOT_ENDED_SUBSCRIPTION_STATUSES),
        ),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function erasureFacts(db: Db, holder: User): Promise<ErasureFacts> {
  return {
    subscriptionsNotEnded: await subscriptionsNotEnded(db, holder.id),
    legalHoldReason: holder.legalHoldReason,
  };
}

export function legalHoldOf(holder: Pick<User, 'legalHoldReason' | 'legalHoldSetAt'>): LegalHold | null {
  if (holder.legalHoldReason === null) return null;
  return { reason: holder.legalHoldReason, setAt: holder.legalHoldSetAt ?? '' };
}

/** Sets (or replaces) the holder's legal hold; answers it as stored. */
export async function setLegalHold(
  db: Db,
  holderId: number,
  reason: string,
  byUserId: number,
): Promise<LegalHold> {
  const setAt = instant();
  await db
    .updateTable('users')
    .set({ legalHoldReason: reason, legalHoldSetAt: setAt, legalHoldSetByUserId: byUserId })
    .where('id', '=', holderId)
    .execute();
  return { reason, setAt };
}

export async function clearLegalHold(db: Db, holderId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ legalHoldReason: null, legalHoldSetAt: null, legalHoldSetByUserId: null })
    .where('id', '=', holderId)
    .execute();
}

/** The vehicle and its owner, the vehicle locked until the transaction ends (on PostgreSQL). */
export function findVehicleForEnd(db: Db, vehicleId: number) {
  return dialectOf(db)
    .forUpdate(
      db
        .selectFrom('vehicles')
        .select(['id', 'userId', 'subscriptionId', 'subscriptionPlanId', 'registrationNumber'])
        .where('id', '=', vehicleId),
    )
    .executeTakeFirst();
}

/**
 * Ends every subscription of the vehicle that has not ended: their rows become Ended, a deposit
 * link still open stops working (its payment is Superseded, as a newer link's predecessor is), and
 * the vehicle names no subscription or plan any more. Answers how many subscriptions ended: the
 * vehicle's current one counts even when it has no row (the seed's demo vehicles).
 */
export async function endVehicleSubscriptions(
  db: Db,
  vehicle: { id: number; subscriptionId: number | null },
): Promise<number> {
  const open = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('vehicleId', '=', vehicle.id)
    .where('status', 'in', NOT_ENDED_SUBSCRIPTION_STATUSES)
    .execute();
  const ids = open.map((row) => row.id);
  if (ids.length > 0) {
    await db.updateTable('subscriptions').set({ status: 'Ended' }).where('id', 'in', ids).execute();
    await db
      .updateTable('payments')
      .set({ status: 'Superseded' })
      .where('subscriptionId', 'in', ids)
      .where('status', '=', 'Pending')
      .execute();
  }
  await db
    .updateTable('vehicles')
    .set({ subscriptionId: null, subscriptionPlanId: null })
    .where('id', '=', vehicle.id)
    .execute();
  const currentHasNoRow = vehicle.subscriptionId !== null && !ids.includes(vehicle.subscriptionId);
  return ids.length + (currentHasNoRow ? 1 : 0);
}
