import { sql } from 'kysely';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_STOP_MINIMUM_SECONDS,
  DEFAULT_STOP_RADIUS_METRES,
  ReplayFixesQuerySchema,
  ReplayFixPageSchema,
  replayPeriodError,
  ReplayPeriodQuerySchema,
  ReplayTripsSchema,
} from '@sentinel/domain';
import type { ReplayPeriodQuery } from '@sentinel/domain';
import { scopeOf, userInScope } from '../access/scope';
import { ApiError, notFound, ProblemDetailsRef } from '../errors';
import { routePlugin } from '../plugins/route-plugin';
import { recordVehicleView } from '../privacy/record-view';
import { IdParams, ListAnswers } from '../routes/schemas';
import { vehicleExists } from '../vehicles/vehicle-queries';
import { DEFAULT_REPLAY_MAX_FIXES, REPLAY_PAGE_FIXES, replayFixesPage, replayTrips } from './replay-queries';
import type { ReplaySettings } from './replay-queries';

/**
 * The stop thresholds, REPLAY_STOP_RADIUS_METRES (100) and REPLAY_STOP_MINUTES (5), and the most
 * fixes one call reads, REPLAY_MAX_FIXES (1,500,000).
 */
export function replaySettingsFromEnv(env: NodeJS.ProcessEnv = process.env): ReplaySettings {
  const positive = (value: string | undefined, fallback: number) => {
    const number = Number(value);
    return value !== undefined && value !== '' && Number.isFinite(number) && number > 0 ? number : fallback;
  };
  return {
    radiusMetres: positive(env['REPLAY_STOP_RADIUS_METRES'], DEFAULT_STOP_RADIUS_METRES),
    minimumSeconds: positive(env['REPLAY_STOP_MINUTES'], DEFAULT_STOP_MINIMUM_SECONDS / 60) * 60,
    maxFixes: Math.floor(positive(env['REPLAY_MAX_FIXES'], DEFAULT_REPLAY_MAX_FIXES)),
    pageFixes: REPLAY_PAGE_FIXES,
  };
}

/** The period as stored instants (ISO with milliseconds), or a 400 naming what is wrong. */
function storedPeriod(query: ReplayPeriodQuery): ReplayPeriodQuery {
  const error = replayPeriodError(query);
  if (error !== undefined) throw new ApiError('validation', { Period: [error] });
  return { from: new Date(query.from).toISOString(), to: new Date(query.to).toISOString() };
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const settings = replaySettingsFromEnv();
  // The same scoping as the vehicle's history: outside a Company-Admin's companies is a 404.
  const visibleVehicle = async (request: FastifyRequest, vehicleId: number) => {
    const scope = userInScope(await scopeOf(app.db, request.user!), sql.ref<number>('vehicles.userId'));
    if (!(await vehicleExists(app.db, vehicleId, scope)))
      throw notFound(`Vehicle ${vehicleId} was not found.`);
  };

  app.get(
    '/Vehicles/:id/Replay/Fixes',
    {
      schema: {
        tags: ['Vehicles'],
        summary: "One page of the vehicle's GPS fixes in a period, oldest first, for trip replay",
        description:
          'A period of at most 31 days holding at most REPLAY_MAX_FIXES fixes (1,500,000 by default; ' +
          'more is a 400 at Period). More than 3000 fixes are thinned (Douglas-Peucker) keeping ' +
          'turns and every stop, then paged ($pagesize up to 5000, $pageindex).',
        security: [{ bearer: [] }],
        params: IdParams,
        querystring: ReplayFixesQuerySchema,
        response: { ...ListAnswers(ReplayFixPageSchema), 404: ProblemDetailsRef },
      },
    },
    async (request) => {
      const vehicleId = request.params.id;
      const period = storedPeriod(request.query);
      await visibleVehicle(request, vehicleId);
      const page = await replayFixesPage(app.db, vehicleId, { ...request.query, ...period }, settings);
      await recordVehicleView(app.db, request, vehicleId, 'TripReplay');
      return page;
    },
  );

  app.get(
    '/Vehicles/:id/Replay/Trips',
    {
      schema: {
        tags: ['Vehicles'],
        summary: "The vehicle's trips, stops and lock, unlock and tamper entries in a period",
        description:
          'Computed from every stored fix: a stop is staying within the stop radius for at least ' +
          'the stop duration (settings, 100 m and 5 minutes by default); trips run between stops. ' +
          'A period holding more than REPLAY_MAX_FIXES fixes (1,500,000 by default) is a 400 at Period.',
        security: [{ bearer: [] }],
        params: IdParams,
        querystring: ReplayPeriodQuerySchema,
        response: { ...ListAnswers(ReplayTripsSchema), 404: ProblemDetailsRef },
      },
    },
    async (request) => {
      const vehicleId = request.params.id;
      const period = storedPeriod(request.query);
      await visibleVehicle(request, vehicleId);
      const trips = await replayTrips(app.db, vehicleId, period, settings);
      await recordVehicleView(app.db, request, vehicleId, 'TripReplay');
      return trips;
    },
  );
};

/** Trip replay of a vehicle: staff (scoped to the vehicle's owner). */
export const replayRoutes = routePlugin('replay', routes);
