import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { HistoryEntrySchema, HistoryPageSchema } from '@sentinel/domain';
import { scopeOf, userInScope } from '../access/scope';
import { notFound, ProblemDetailsRef } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { recordVehicleView } from '../privacy/record-view';
import { IdParams, ListAnswers, ListQuerystring } from '../routes/schemas';
import { vehicleExists } from '../vehicles/vehicle-queries';
import { historyCsv } from './history-csv';
import { pageHistory } from './history-queries';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(HistoryEntrySchema);
  const visibleVehicle = async (request: FastifyRequest, vehicleId: number) => {
    const scope = userInScope(await scopeOf(app.db, request.user!), sql.ref<number>('vehicles.userId'));
    if (!(await vehicleExists(app.db, vehicleId, scope)))
      throw notFound(`Vehicle ${vehicleId} was not found.`);
  };

  app.get(
    '/Vehicles/:id/History',
    {
      schema: {
        tags: ['Vehicles'],
        summary:
          "One page of the vehicle's history, newest first (dateTime desc) unless $orderby says otherwise",
        description:
          'Order and filter fields: dateTime, type. Pages as every list does ($pagesize, $pageindex); ' +
          'totalCount counts every entry that matches. GET /Vehicles/{id}/History/Csv holds them all.',
        security: [{ bearer: [] }],
        params: IdParams,
        querystring: ListQuerystring,
        response: { ...ListAnswers(HistoryPageSchema), 404: ProblemDetailsRef },
      },
    },
    async (request) => {
      const vehicleId = request.params.id;
      await visibleVehicle(request, vehicleId);
      const page = await pageHistory(app.db, vehicleId, request.query);
      await recordVehicleView(app.db, request, vehicleId, 'VehicleHistory');
      return page;
    },
  );

  app.get(
    '/Vehicles/:id/History/Csv',
    {
      schema: {
        tags: ['Vehicles'],
        summary: "The vehicle's whole history as a CSV file (RFC 4180), newest first",
        security: [{ bearer: [] }],
        params: IdParams,
        produces: ['text/csv'],
        response: {
          // Streamed a chunk at a time; the document still reads it as text.
          200: Type.Unsafe<string | Readable>(Type.String()),
          401: ProblemDetailsRef,
          403: ProblemDetailsRef,
          404: ProblemDetailsRef,
        },
      },
    },
    async (request, reply) => {
      const vehicleId = request.params.id;
      await visibleVehicle(request, vehicleId);
      await recordVehicleView(app.db, request, vehicleId, 'VehicleHistoryCsv');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="Vehicle-${vehicleId}-history.csv"`)
        .send(Readable.from(historyCsv(app.db, vehicleId)));
    },
  );
};

/** A vehicle's history, paged and as CSV: staff (scoped to the vehicle's owner). */
export const historyRoutes = routePlugin('history', routes);
