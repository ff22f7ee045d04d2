// The client list's server data: each tab's list as an infinite query over the server's pages.
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@sentinel/api-sdk';
import type { SortOption } from '@sentinel/domain';
import { nextPageIndex, userKeys, vehicleKeys } from '../../../lib/server-cache';
import { listQuery } from './list-queries';
import type { ClientTab } from './list-queries';

export interface ClientListFilters {
  tab: ClientTab;
  search: string;
  sort: SortOption;
}

export const clientQueries = {
  /** GET /Users, page by page, for the account-holder tabs (Active clients, No vehicles). */
  users: (api: ApiClient, filters: ClientListFilters) =>
    infiniteQueryOptions({
      queryKey: userKeys.list('client-list', filters),
      queryFn: ({ pageParam }) =>
        api.users.list(listQuery(filters.tab, filters.search, filters.sort, pageParam)),
      initialPageParam: 0,
      getNextPageParam: nextPageIndex,
    }),
  /** GET /Vehicles, page by page, for the vehicle tabs (Booking pending, Scheduled). */
  vehicles: (api: ApiClient, filters: ClientListFilters) =>
    infiniteQueryOptions({
      queryKey: vehicleKeys.list('client-list', filters),
      queryFn: ({ pageParam }) =>
        api.vehicles.list(listQuery(filters.tab, filters.search, filters.sort, pageParam)),
      initialPageParam: 0,
      getNextPageParam: nextPageIndex,
    }),
};
