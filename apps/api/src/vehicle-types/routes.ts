import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  VEHICLE_SEARCH_RESULT_COUNT,
  VehicleTypeSchema,
  VehicleTypeSearchAnswerSchema,
  VehicleTypeSearchQuerySchema,
} from '@sentinel/domain';
import { ProblemDetailsRef } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { searchVehicleTypes } from './vehicle-type-queries';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(VehicleTypeSchema);

  app.get(
    '/VehicleTypes/Search',
    {
      schema: {
        tags: ['VehicleTypes'],
        summary: 'Search the vehicle-type catalogue (make, variant, makeVariant), best matches first',
        security: [{ bearer: [] }],
        querystring: VehicleTypeSearchQuerySchema,
        response: {
          200: VehicleTypeSearchAnswerSchema,
          400: ProblemDetailsRef,
          401: ProblemDetailsRef,
          403: ProblemDetailsRef,
        },
      },
    },
    async (request) =>
      searchVehicleTypes(
        app.db,
        request.query.SearchPhrase,
        request.query.ResultCount ?? VEHICLE_SEARCH_RESULT_COUNT,
      ),
  );
};

/** The vehicle-type catalogue the vehicle step searches. */
export const vehicleTypesRoutes = routePlugin('vehicle-types', routes);
