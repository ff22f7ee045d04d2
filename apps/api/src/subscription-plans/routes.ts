import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SubscriptionPlanListSchema, SubscriptionPlanSchema } from '@sentinel/domain';
import { ProblemDetailsRef } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { listSubscriptionPlans } from './plan-queries';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(SubscriptionPlanSchema);
  app.get(
    '/SubscriptionPlans',
    {
      schema: {
        tags: ['Subscription plans'],
        summary: 'Every subscription plan',
        security: [{ bearer: [] }],
        response: {
          200: SubscriptionPlanListSchema,
          401: ProblemDetailsRef,
          403: ProblemDetailsRef,
        },
      },
    },
    async () => {
      return { items: await listSubscriptionPlans(app.db) };
    },
  );
};

/** Subscription plans, for staff. */
export const subscriptionPlansRoutes = routePlugin('subscription-plans', routes);
