// Trip replay's server data: a period's fixes (every page) and its trips, stops and events.
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient, ReplayPeriodQuery } from '@sentinel/api-sdk';

export const replayKeys = {
  all: ['replay'] as const,
  byVehicle: (vehicleId: number) => [...replayKeys.all, vehicleId] as const,
  fixes: (vehicleId: number, { from, to }: ReplayPeriodQuery) =>
    [...replayKeys.byVehicle(vehicleId), 'fixes', from, to] as const,
  trips: (vehicleId: number, { from, to }: ReplayPeriodQuery) =>
    [...replayKeys.byVehicle(vehicleId), 'trips', from, to] as const,
};

// A past period does not change; today's grows, and the person can pick the period again.
const STALE_MS = 60_000;

export const replayQueries = {
  /** GET /Vehicles/{id}/Replay/Fixes, every page (one page unless the period is long). */
  fixes: (api: ApiClient, vehicleId: number, period: ReplayPeriodQuery) =>
    queryOptions({
      queryKey: replayKeys.fixes(vehicleId, period),
      queryFn: () => api.replay.allFixes(vehicleId, period),
      staleTime: STALE_MS,
    }),
  /** GET /Vehicles/{id}/Replay/Trips */
  trips: (api: ApiClient, vehicleId: number, period: ReplayPeriodQuery) =>
    queryOptions({
      queryKey: replayKeys.trips(vehicleId, period),
      queryFn: () => api.replay.trips(vehicleId, period),
      staleTime: STALE_MS,
    }),
};
