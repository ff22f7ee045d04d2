// The vehicle history's server data: pages of entries, newest first, loaded as the person scrolls.
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@sentinel/api-sdk';
import { historyKeys, nextPageIndex } from '../../../lib/server-cache';

/** Entries per request; older ones load as the list is scrolled. */
export const HISTORY_PAGE_SIZE = 20;

export const historyQueries = {
  /** GET /Vehicles/{id}/History, page by page (the server orders by dateTime descending). */
  list: (api: ApiClient, vehicleId: number) =>
    infiniteQueryOptions({
      queryKey: historyKeys.byVehicle(vehicleId),
      queryFn: ({ pageParam }) =>
        api.vehicles.history(vehicleId, { pageIndex: pageParam, pageSize: HISTORY_PAGE_SIZE }),
      initialPageParam: 0,
      getNextPageParam: nextPageIndex,
    }),
};
