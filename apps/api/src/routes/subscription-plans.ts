import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { STAFF_ROLES } from '@sentinel/domain';
import { ProblemDetailsRef } from '../errors';
import { bool } from './schemas';

const PlanItem = Type.Object({
  id: Type.Integer(),
  displayName: Type.String(),
  description: Type.String(),
  available: Type.Boolean(),
  isOffline: Type.Boolean(),
  /** The deposit due at sign-up, in cents (R1 499 is 149900). */
  depositAmountCents: Type.Integer(),
});

export const subscriptionPlansRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/SubscriptionPlans',
    {
      onRequest: [app.authenticate, app.requireRoles(...STAFF_ROLES)],
      schema: {
        tags: ['Subscription plans'],
        summary: 'Every subscription plan',
        security: [{ bearer: [] }],
        response: {
          200: Type.Object({ items: Type.Array(PlanItem) }),
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
