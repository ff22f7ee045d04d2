import type { Caller, ListResponse } from './caller';

export interface SubscriptionPlan {
  id: number;
  displayName: string;
  description: string;
  available: boolean;
  isOffline: boolean;
  /** The deposit due at sign-up, in cents. */
  depositAmountCents: number;
}

export interface SubscriptionPlansApi {
  /** GET /SubscriptionPlans: every plan. */
  list(): Promise<SubscriptionPlan[]>;
}

export function createSubscriptionPlansApi(caller: Pick<Caller, 'callAuthorised'>): SubscriptionPlansApi {
  return {
    list: async () =>
      (
        await caller.callAuthorised<ListResponse<SubscriptionPlan>>({
          method: 'get',
          path: 'SubscriptionPlans',
        })
      ).items,
  };
}
