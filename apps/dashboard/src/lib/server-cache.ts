// What several features share of the query cache: the root keys of the resources they all show, the
// one query of a client's vehicles (the client list's expanded card and View account show the same
// answer), the paging rule of the server's lists, and the in-place update of a cached vehicle.
import { queryOptions } from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { allPages, eq } from '@sentinel/api-sdk';
import type { ApiClient, Page, Vehicle } from '@sentinel/api-sdk';

export const userKeys = { all: ['users'] as const };

/** A vehicle's history pages; apart from vehicleKeys, whose lists hold vehicles, not entries. */
export const historyKeys = {
  all: ['history'] as const,
  byVehicle: (vehicleId: number) => [...historyKeys.all, vehicleId] as const,
};

export const vehicleKeys = {
  all: ['vehicles'] as const,
  byOwner: (userId: number) => [...vehicleKeys.all, 'owner', userId] as const,
};

// Most clients have a handful of vehicles and one page holds them all; a fleet account has more.
const OWNER_VEHICLES_PAGE_SIZE = 100;

/**
 * GET /Vehicles?$filter=userId eq {id}: every vehicle of a client, one page after another until
 * all are in, so a fleet account's View account is never cut off at a page.
 */
export const ownerVehiclesQuery = (api: ApiClient, userId: number, pageSize = OWNER_VEHICLES_PAGE_SIZE) =>
  // The page size changes how the vehicles are fetched, not which: one cache entry per owner.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  queryOptions({
    queryKey: vehicleKeys.byOwner(userId),
    queryFn: (): Promise<Page<Vehicle>> =>
      allPages((page) => api.vehicles.list({ filter: eq('userId', userId), pageSize, ...page })),
  });

/** The next page of a server list, or undefined once everything is loaded (or a page came back empty). */
export function nextPageIndex<T>(lastPage: Page<T>, pages: readonly Page<T>[]): number | undefined {
  const loaded = pages.reduce((count, page) => count + page.items.length, 0);
  return lastPage.items.length > 0 && loaded < lastPage.totalCount ? lastPage.pageIndex + 1 : undefined;
}

/** Every item of an infinite list's loaded pages, in order. */
export const pageItems = <T>(data: InfiniteData<Page<T>> | undefined): T[] =>
  data?.pages.flatMap((page) => page.items) ?? [];

function isPage(value: unknown): value is Page<Vehicle> {
  return typeof value === 'object' && value !== null && Array.isArray((value as Page<Vehicle>).items);
}

function isInfinite(value: unknown): value is InfiniteData<Page<Vehicle>> {
  return typeof value === 'object' && value !== null && Array.isArray((value as InfiniteData<unknown>).pages);
}

/**
 * Applies what a call answered about one vehicle to every cached list that holds it (a client's
 * vehicles, the vehicle tabs' pages), so each screen shows it without asking again.
 */
export function patchCachedVehicle(
  queryClient: QueryClient,
  vehicleId: number,
  patch: (vehicle: Vehicle) => Vehicle,
): void {
  const patchPage = (page: Page<Vehicle>): Page<Vehicle> =>
    page.items.some((vehicle) => vehicle.id === vehicleId)
      ? { ...page, items: page.items.map((vehicle) => (vehicle.id === vehicleId ? patch(vehicle) : vehicle)) }
      : page;
  queryClient.setQueriesData<unknown>({ queryKey: vehicleKeys.all }, (data: unknown) => {
    if (isInfinite(data)) return { ...data, pages: data.pages.map(patchPage) };
    if (isPage(data)) return patchPage(data);
    return data;
  });
}
