/* Demo subscription plans, keyed by display name. */
import type { Transaction } from 'kysely';
import type { Database } from '../schema';
import { flag } from './generators';

export interface DemoPlan {
  displayName: string;
  description: string;
  available: boolean;
  isOffline: boolean;
  depositAmountCents: number;
}

/** The deposit is R1 499 (spec part 2 §9). */
export const DEMO_PLANS: readonly DemoPlan[] = [
  {
    displayName: 'Sentinel Essential',
    description: 'Live tracking, remote lock and unlock, and tamper alerts on the mobile app.',
    available: true,
    isOffline: false,
    depositAmountCents: 149_900,
  },
  {
    displayName: 'Sentinel Plus',
    description: 'Everything in Essential, plus Aura armed response and Capital Air incident support.',
    available: true,
    isOffline: false,
    depositAmountCents: 149_900,
  },
  {
    displayName: 'Sentinel Offline',
    description: 'Paid at a branch instead of by card; the same cover as Essential.',
    available: true,
    isOffline: true,
    depositAmountCents: 149_900,
  },
];

/** Adds the missing plans; answers every plan's id (in DEMO_PLANS order). */
export async function seedPlans(trx: Transaction<Database>): Promise<number[]> {
  const planIds: number[] = [];
  for (const plan of DEMO_PLANS) {
    const existing = await trx
      .selectFrom('subscriptionPlans')
      .select('id')
      .where('displayName', '=', plan.displayName)
      .executeTakeFirst();
    const id =
      existing?.id ??
      (
        await trx
          .insertInto('subscriptionPlans')
          .values({
            displayName: plan.displayName,
            description: plan.description,
            available: flag(plan.available),
            isOffline: flag(plan.isOffline),
            depositAmountCents: plan.depositAmountCents,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    planIds.push(id);
  }
  return planIds;
}
