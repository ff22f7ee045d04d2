import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RoleListSchema, RoleSchema } from '@sentinel/domain';
import { ProblemDetailsRef } from '../errors';

export const rolesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(RoleSchema);
  app.get(
    '/Roles',
    {
      // The add-agent form fills its Role selector from this list; only staff may read it.
      schema: {
        tags: ['Roles'],
        summary: 'Every role a user can hold',
        security: [{ bearer: [] }],
        response: {
          200: RoleListSchema,
          401: ProblemDetailsRef,
          403: ProblemDetailsRef,
        },
      },
    },
    async () => {
      const items = await app.db.selectFrom('roles').select(['id', 'name']).orderBy('id').execute();
      return { items };
    },
  );
};
