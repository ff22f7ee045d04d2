/* Subscriptions of vehicles to plans, and the deposit links sent to their owners. */
import type { Kysely } from 'kysely';
import type { Subscription } from '@sentinel/domain';
import { instant } from '../db/database';
import type { Database, SubscriptionStatus } from '../db/schema';

export function findPlan(db: Kysely<Database>, id: number) {
  return db.selectFrom('subscriptionPlans').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findSubscription(db: Kysely<Database>, id: number) {
  return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface NewSubscription {
  vehicleId: number;
  subscriptionPlanId: number;
  isOffline: boolean;
  depositAmountCents: number;
  createdByUserId: number;
}

/** Stores the subscription and names it and its plan on the vehicle. */
export async function insertSubscription(db: Kysely<Database>, input: NewSubscription): Promise<number> {
  const status: SubscriptionStatus = input.isOffline ? 'Offline' : 'Deposit-Pending';
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('subscriptions')
      .values({ ...input, isOffline: input.isOffline ? 1 : 0, status, createdOnDateTime: instant() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('vehicles')
      .set({ subscriptionId: id, subscriptionPlanId: input.subscriptionPlanId })
      .where('id', '=', input.vehicleId)
      .execute();
    return id;
  });
}

/** The vehicle's owner, to whom the deposit link goes. */
export function ownerOf(db: Kysely<Database>, vehicleId: number) {
  return db
    .selectFrom('vehicles')
    .innerJoin('users', 'users.id', 'vehicles.userId')
    .select([
      'users.email',
      'users.phoneCode',
      'users.phoneNumber',
      'users.firstName',
      'vehicles.registrationNumber',
    ])
    .where('vehicles.id', '=', vehicleId)
    .executeTakeFirstOrThrow();
}

export function subscriptionItem(
  row: {
    id: number;
    vehicleId: number;
    subscriptionPlanId: number;
    isOffline: number;
    status: SubscriptionStatus;
    depositAmountCents: number;
  },
  paymentUrl: string | null,
): Subscription {
  return {
    id: row.id,
    vehicleId: row.vehicleId,
    subscriptionPlanId: row.subscriptionPlanId,
    isOffline: row.isOffline === 1,
    status: row.status,
    depositAmountCents: row.depositAmountCents,
    paymentUrl,
  };
}
