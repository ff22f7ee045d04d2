import { sql } from 'kysely';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DriverSchema, ref } from '@sentinel/domain';
import type { Driver } from '@sentinel/domain';
import { scopeOf, userInScope } from '../access/scope';
import { notFound, ProblemDetailsRef } from '../errors';
import { bool, ContactEditBody, contactEditColumns, IdParams } from './schemas';

/** Added to the root: vehicles carry their drivers too. */
export const DriverItem = DriverSchema;

export const driverItem = (row: {
  id: number;
  vehicleId: number;
  firstName: string;
  lastName: string;
  email: string;
  phoneCode: string;
  phoneNumber: string;
  idNumber: string;
  idNumberIsSouthAfrican: number;
}): Driver => ({ ...row, idNumberIsSouthAfrican: bool(row.idNumberIsSouthAfrican) });

export const driversRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
      let query = app.db
        .selectFrom('drivers')
        .innerJoin('vehicles', 'vehicles.id', 'drivers.vehicleId')
        .select('drivers.id')
        .where('drivers.id', '=', id);
      if (scope) query = query.where(scope);
      if (!(await query.executeTakeFirst())) throw notFound(`Driver ${id} was not found.`);

      const columns = contactEditColumns(request.body);
      const row = await app.db
        .updateTable('drivers')
        .set(columns)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return driverItem(row);
    },
  );
};
