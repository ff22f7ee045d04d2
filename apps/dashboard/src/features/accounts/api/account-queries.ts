// View account's server data: the holder, their vehicles (shared with the client list's expanded card)
// and the subscription plans (shared with Payment); and the contact edits, which write the answer
// into the cache.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { and, eq, errorText } from '@sentinel/api-sdk';
import type { ApiClient, ContactEditRequest, Driver, Page, User, Vehicle } from '@sentinel/api-sdk';
import { useApiClient } from '../../../lib/api-client';
import { ownerVehiclesQuery, subscriptionPlansQuery, userKeys, vehicleKeys } from '../../../lib/server-cache';

export const accountQueries = {
  /** GET /Users?$filter=role eq 'Account-Holder' and id eq {id}: the holder, or null. */
  holder: (api: ApiClient, userId: number) =>
    queryOptions({
      queryKey: userKeys.accountHolder(userId),
      queryFn: async () =>
        (await api.users.list({ filter: and(eq('role', 'Account-Holder'), eq('id', userId)) })).items[0] ??
        null,
    }),
  vehicles: ownerVehiclesQuery,
  plans: subscriptionPlansQuery,
};

/** PUT /Users/{id}: the saved holder replaces the cached one. */
export function useUpdateHolderMutation(userId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ContactEditRequest) => api.users.update(userId, request),
    onSuccess: (saved: User) => {
      queryClient.setQueryData(accountQueries.holder(api, userId).queryKey, saved);
      // Other lists that show the holder are asked again when they are next shown.
      return queryClient.invalidateQueries({ queryKey: userKeys.all, refetchType: 'none' });
    },
  });
}

const withDriver = (vehicle: Vehicle, saved: Driver): Vehicle => ({
  ...vehicle,
  drivers: vehicle.drivers.map((driver) => (driver.id === saved.id ? saved : driver)),
});

/** PUT /Drivers/{id}: the saved driver replaces the cached one on their vehicle. */
export function useUpdateDriverMutation(driver: Pick<Driver, 'id' | 'vehicleId'>, ownerId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ContactEditRequest) => api.drivers.update(driver.id, request),
    onSuccess: (saved: Driver) => {
      queryClient.setQueryData<Page<Vehicle>>(
        vehicleKeys.byOwner(ownerId),
        (page) =>
          page && {
            ...page,
            items: page.items.map((vehicle) =>
              vehicle.id === driver.vehicleId ? withDriver(vehicle, saved) : vehicle,
            ),
          },
      );
      return queryClient.invalidateQueries({ queryKey: vehicleKeys.all, refetchType: 'none' });
    },
  });
}

const RESEND_FAILED = 'Failed to resend password creation link.';

/**
 * POST the password-creation link again; the spec's two sentences say how it went, and a refusal
 * adds the server's reason (the account has a password, or a link went out a moment ago).
 */
export function useResendLinkMutation(userId: number) {
  const api = useApiClient();
  return useMutation({
    mutationFn: () => api.users.resendPasswordCreationLink(userId),
    onSuccess: () => window.alert('Password creation link resent successfully.'),
    onError: (error) => {
      console.error(error);
      const reason = errorText(error, '');
      window.alert(reason === '' ? RESEND_FAILED : `${RESEND_FAILED} ${reason}`);
    },
  });
}
