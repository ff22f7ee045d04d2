// The geofence screens' server data: the list, the scope targets the editor searches, and the
// calls that save, remove and try a geofence.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { and, contains, eq, or } from '@sentinel/api-sdk';
import type {
  ApiClient,
  CompanyListFields,
  GeofenceInput,
  UserListFields,
  VehicleListFields,
} from '@sentinel/api-sdk';
import { ROLE } from '@sentinel/domain';
import type { GeofenceScopeTarget, GeofenceTargetKind } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { nextPageIndex } from '../../../lib/server-cache';

/** Geofences per request; more load as the person scrolls. */
export const GEOFENCE_PAGE_SIZE = 50;
/** Targets the scope's field offers for what is typed; more letters narrow them. */
export const GEOFENCE_TARGET_LOOKUP_SIZE = 20;
/** The scope's target field searches from this many characters (the editor's own threshold). */
export const GEOFENCE_TARGET_MIN_LENGTH = 2;

export const geofenceKeys = {
  all: ['geofences'] as const,
  lists: () => [...geofenceKeys.all, 'list'] as const,
  targets: (kind: GeofenceTargetKind, text: string) =>
    [...geofenceKeys.all, 'targets', kind, text.trim().toLowerCase()] as const,
};

const words = (text: string) => text.trim().split(/\s+/).filter(Boolean);

/** One page of the vehicles, account holders or companies whose name holds every typed word. */
async function searchTargets(
  api: ApiClient,
  kind: GeofenceTargetKind,
  text: string,
): Promise<GeofenceScopeTarget[]> {
  const page = { pageSize: GEOFENCE_TARGET_LOOKUP_SIZE };
  switch (kind) {
    case 'Vehicle': {
      const vehicles = await api.vehicles.list({
        filter: contains<VehicleListFields>('registrationNumber', text.trim()),
        orderBy: [{ field: 'registrationNumber' }],
        ...page,
      });
      return vehicles.items.map((vehicle) => ({ id: vehicle.id, name: vehicle.registrationNumber }));
    }
    case 'AccountHolder': {
      const holders = await api.users.list({
        filter: and(
          eq<UserListFields>('role', ROLE.accountHolder),
          ...words(text).map((word) =>
            or(contains<UserListFields>('firstName', word), contains<UserListFields>('lastName', word)),
          ),
        ),
        orderBy: [{ field: 'firstName' }, { field: 'lastName' }],
        ...page,
      });
      return holders.items.map((user) => ({ id: user.id, name: `${user.firstName} ${user.lastName}` }));
    }
    case 'Company': {
      const companies = await api.companies.list({
        filter: and(...words(text).map((word) => contains<CompanyListFields>('name', word))),
        orderBy: [{ field: 'name' }],
        ...page,
      });
      return companies.items.map((company) => ({ id: company.id, name: company.name }));
    }
  }
}

export const geofenceQueries = {
  /** GET /Geofences page by page, by name (the server's order): those the caller may see. */
  list: (api: ApiClient) =>
    infiniteQueryOptions({
      queryKey: geofenceKeys.lists(),
      queryFn: ({ pageParam }) => api.geofences.list({ pageSize: GEOFENCE_PAGE_SIZE, pageIndex: pageParam }),
      initialPageParam: 0,
      getNextPageParam: nextPageIndex,
    }),
  /** The scope's target field: asked once enough is typed. */
  targets: (api: ApiClient, kind: GeofenceTargetKind, text: string) =>
    // The app has one api client, so no key holds it (the other queries only call it inline).
    // eslint-disable-next-line @tanstack/query/exhaustive-deps
    queryOptions({
      queryKey: geofenceKeys.targets(kind, text),
      queryFn: () => searchTargets(api, kind, text),
      enabled: text.trim().length >= GEOFENCE_TARGET_MIN_LENGTH,
      staleTime: 30_000,
    }),
};

/** POST /Geofences, or PUT /Geofences/{id} for a stored one; the list is asked again. */
export function useSaveGeofenceMutation(geofenceId: number | undefined) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GeofenceInput) =>
      geofenceId === undefined ? api.geofences.create(input) : api.geofences.update(geofenceId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: geofenceKeys.lists() }),
  });
}

/** DELETE /Geofences/{id}; the list is asked again. */
export function useDeleteGeofenceMutation() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (geofenceId: number) => api.geofences.remove(geofenceId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: geofenceKeys.lists() }),
  });
}

/** POST /Geofences/Preview: 'Try on the last 7 days' of the unsaved form. */
export function usePreviewGeofenceMutation() {
  const api = useApiClient();
  return useMutation({ mutationFn: (input: GeofenceInput) => api.geofences.preview(input) });
}
