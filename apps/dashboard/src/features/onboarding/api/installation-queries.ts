// The installation screen's server data: the vehicle, regions, centres, a centre's slots and the free
// devices; and the booking writes, which send the vehicle lists to be asked again.
import { queryOptions, useMutation, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import type {
  ApiClient,
  CreateInstallationBookingRequest,
  LinkDeviceFreeRequest,
  UpdateInstallationBookingRequest,
} from '@sentinel/api-sdk';
import { SEARCH_MIN_CHARACTERS } from '@sentinel/domain';
import { useApiClient } from '../../../lib/api-client';
import { freeDevicesQuery, userKeys, vehicleKeys, vehicleQuery } from '../../../lib/server-cache';

// Regions and centres change with the business, not during a shift.
const REFERENCE_STALE_MS = 60 * 60_000;
/** How many days of slots the screen offers. */
export const BOOKING_DAYS_AHEAD = 21;

export const installationKeys = {
  regions: ['regions'] as const,
  centres: ['fitment-centers'] as const,
  slots: (fitmentCenterId: number | null) =>
    [...installationKeys.centres, fitmentCenterId, 'availability'] as const,
};

export const installationQueries = {
  /** The vehicle being booked, or null. */
  vehicle: vehicleQuery,
  regions: (api: ApiClient) =>
    queryOptions({
      queryKey: installationKeys.regions,
      queryFn: async () => (await api.onboarding.regions()).filter((region) => region.active),
      staleTime: REFERENCE_STALE_MS,
    }),
  centres: (api: ApiClient) =>
    queryOptions({
      queryKey: installationKeys.centres,
      queryFn: async () => (await api.onboarding.fitmentCenters()).filter((centre) => centre.active),
      staleTime: REFERENCE_STALE_MS,
    }),
  /** The centre's slots from today that still have a place. */
  slots: (api: ApiClient, fitmentCenterId: number | null) =>
    queryOptions({
      queryKey: installationKeys.slots(fitmentCenterId),
      queryFn: async () =>
        (await api.onboarding.availability(fitmentCenterId ?? 0, { days: BOOKING_DAYS_AHEAD })).filter(
          (slot) => slot.available > 0 && Date.parse(slot.installationUtcDateTime) > Date.now(),
        ),
      enabled: fitmentCenterId !== null,
      // Places go as other agents book: ask each time the centre is chosen.
      staleTime: 0,
    }),
  /** Free devices whose serial holds the text, 50 by serial (spec part 2 §7). */
  freeDevices: (api: ApiClient, text: string) =>
    queryOptions({
      ...freeDevicesQuery(api, text),
      enabled: text.trim().length >= SEARCH_MIN_CHARACTERS,
      placeholderData: keepPreviousData,
    }),
};

export function useBookingMutations() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
    await queryClient.invalidateQueries({ queryKey: userKeys.all, refetchType: 'none' });
    await queryClient.invalidateQueries({ queryKey: installationKeys.centres });
  };
  return {
    create: useMutation({
      mutationFn: (request: CreateInstallationBookingRequest) => api.onboarding.createBooking(request),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, request }: { id: number; request: UpdateInstallationBookingRequest }) =>
        api.onboarding.updateBooking(id, request),
      onSuccess: refresh,
    }),
    link: useMutation({
      mutationFn: ({ vehicleId, request }: { vehicleId: number; request: LinkDeviceFreeRequest }) =>
        api.onboarding.linkDeviceFree(vehicleId, request),
      onSuccess: refresh,
    }),
  };
}
