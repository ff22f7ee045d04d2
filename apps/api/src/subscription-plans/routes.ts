import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SubscriptionPlanListSchema, SubscriptionPlanSchema } from '@sentinel/domain';
import { ProblemDetailsRef } from '../errors';
import { bool } from './schemas';

export const subscriptionPlansRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
      const rows = await app.db.selectFrom('subscriptionPlans').selectAll().orderBy('id').execute();
      return {
        items: rows.map((row) => ({
          ...row,
          available: bool(row.available),
          isOffline: bool(row.isOffline),
        })),
      };
    },
  );
};
