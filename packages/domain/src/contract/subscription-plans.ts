import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ItemsSchema, ref } from './common';

/** A subscription plan a customer can sign up for. */
export const SubscriptionPlanSchema = Type.Object(
  {
    id: Type.Integer(),
    displayName: Type.String(),
    description: Type.String(),
    available: Type.Boolean(),
    isOffline: Type.Boolean(),
    depositAmountCents: Type.Integer({
      description: 'The deposit due at sign-up, in cents (R1 499 is 149900).',
    }),
  },
  { $id: 'SubscriptionPlan' },
);
export type SubscriptionPlan = Static<typeof SubscriptionPlanSchema>;

/** GET /SubscriptionPlans answer: every plan. */
export const SubscriptionPlanListSchema = ItemsSchema(ref(SubscriptionPlanSchema));
