/* Reads of subscription plans. */
import type { Kysely } from 'kysely';
import type { SubscriptionPlan } from '@sentinel/domain';
import type { Database } from '../db/schema';
import { bool } from '../routes/schemas';

/** Every subscription plan, in id order. */
export async function listSubscriptionPlans(db: Kysely<Database>): Promise<SubscriptionPlan[]> {
  const rows = await db.selectFrom('subscriptionPlans').selectAll().orderBy('id').execute();
  return rows.map((row) => ({
    ...row,
    available: bool(row.available),
    isOffline: bool(row.isOffline),
  }));
}
