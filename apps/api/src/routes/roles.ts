import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RoleListSchema, RoleSchema } from '@sentinel/domain';
import { ProblemDetailsRef } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { listRoles } from '../users/user-queries';

const routes: FastifyPluginAsyncTypebox = async (app) => {
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
      return { items: await listRoles(app.db) };
    },
  );
};

/** The roles list, for staff (registered in the staff group). */
export const rolesRoutes = routePlugin('roles', routes);
