import { sql } from 'kysely';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DriverSchema, ref } from '@sentinel/domain';
import { scopeOf, userInScope } from '../access/scope';
import { notFound, ProblemDetailsRef } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { driverContact, recordContactChanges } from '../audit/record-audit';
import { inTransaction } from '../db/database';
import { ContactEditBody, contactEditColumns, IdParams } from '../routes/schemas';
import { driverExists, updateDriverContact } from './driver-queries';

/** Added to the root: vehicles carry their drivers too. */
export const DriverItem = DriverSchema;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/Drivers/:id',
    {
      schema: {
        tags: ['Drivers'],
        summary:
          "Edit a driver's contact details: email and phoneNumber; other fields are read-only and ignored",
        security: [{ bearer: [] }],
        params: IdParams,
        body: ContactEditBody,
        response: {
          200: ref(DriverSchema),
          400: ProblemDetailsRef,
          401: ProblemDetailsRef,
          403: ProblemDetailsRef,
          404: ProblemDetailsRef,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const scope = userInScope(await scopeOf(app.db, request.user!), sql.ref<number>('vehicles.userId'));
      if (!(await driverExists(app.db, id, scope))) throw notFound(`Driver ${id} was not found.`);
      const [before, columns] = [await driverContact(app.db, id), contactEditColumns(request.body)];
      return inTransaction(app.db, async (trx) => {
        const driver = await updateDriverContact(trx, id, columns);
        await recordContactChanges(trx, request, { type: 'Driver', id }, before!, columns);
        return driver;
      });
    },
  );
};

/** Drivers: contact edits by staff (scoped to the vehicle's owner). */
export const driversRoutes = routePlugin('drivers', routes);
