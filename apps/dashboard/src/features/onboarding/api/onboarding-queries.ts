// Onboarding's server data: the pipeline tabs (vehicles by onboarding status, page by page), the
// vehicle-type search, and the vehicle step's writes, which send the lists to be asked again.
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { eq } from '@sentinel/api-sdk';
import type { ApiClient, CreateDriverRequest, CreateVehicleRequest } from '@sentinel/api-sdk';
import { SEARCH_MIN_CHARACTERS } from '@sentinel/domain';
import type { OnboardingStatus } from '@sentinel/domain';
import { useApiClient } from '../../../lib/api-client';
import { nextPageIndex, userKeys, vehicleKeys } from '../../../lib/server-cache';

/** Rows per request; more load as the person scrolls. */
export const PIPELINE_PAGE_SIZE = 20;

// The lists of each tab sit under vehicleKeys.all, so any vehicle change elsewhere refreshes them.
export const onboardingKeys = {
  pipeline: (status: OnboardingStatus) => vehicleKeys.list('onboarding', { status }),
  vehicleTypes: (phrase: string) => ['vehicle-types', phrase.trim().toLowerCase()] as const,
};

export const onboardingQueries = {
  /** GET /Vehicles?$filter=onBoardingStatus eq {status}, newest first, page by page. */
  pipeline: (api: ApiClient, status: OnboardingStatus) =>
    infiniteQueryOptions({
      queryKey: onboardingKeys.pipeline(status),
      queryFn: ({ pageParam }) =>
        api.vehicles.list({
          filter: eq('onBoardingStatus', status),
          orderBy: [{ field: 'createdOnDateTime', direction: 'desc' }],
          pageSize: PIPELINE_PAGE_SIZE,
          pageIndex: pageParam,
        }),
      initialPageParam: 0,
      getNextPageParam: nextPageIndex,
      // Other agents move vehicles between tabs too: VehicleOnboardingStatusMessage asks an open tab
      // again (see the live feature), and each visit asks again for moves made while disconnected.
      staleTime: 0,
    }),
  /** GET /VehicleTypes/Search, from three characters; the last answer stays while the next loads. */
  vehicleTypes: (api: ApiClient, phrase: string) =>
    queryOptions({
      queryKey: onboardingKeys.vehicleTypes(phrase),
      queryFn: () => api.onboarding.searchVehicleTypes(phrase.trim()),
      enabled: phrase.trim().length >= SEARCH_MIN_CHARACTERS,
      placeholderData: keepPreviousData,
      // The catalogue changes with a release, not during a shift.
      staleTime: 60 * 60_000,
    }),
};

/** POST /Vehicles: the client's lists and the pipeline are asked again when next shown. */
export function useCreateVehicle() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateVehicleRequest) => api.onboarding.createVehicle(request),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
      await queryClient.invalidateQueries({ queryKey: userKeys.all, refetchType: 'none' });
    },
  });
}

/** POST /Drivers: the vehicle moves from 'Outstanding details' to 'Booking pending'. */
export function useCreateDriver() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateDriverRequest) => api.onboarding.createDriver(request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vehicleKeys.all }),
  });
}
