import { SubscriptionPlanListSchema } from '@sentinel/domain';
import type { SubscriptionPlan } from '@sentinel/domain';
import type { Caller } from './caller';

export interface SubscriptionPlansApi {
  /** GET /SubscriptionPlans: every plan. */
  list(): Promise<SubscriptionPlan[]>;
}

export function createSubscriptionPlansApi(caller: Pick<Caller, 'callAuthorised'>): SubscriptionPlansApi {
  return {
    list: async () =>
      (await caller.callAuthorised({ method: 'get', path: 'SubscriptionPlans' }, SubscriptionPlanListSchema))
        .items,
  };
}
