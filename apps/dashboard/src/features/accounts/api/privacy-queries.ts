// View account's Privacy section: the legal hold, the end of a vehicle's subscription and the
// erasure of the holder. Each change writes what the api answered into the cached holder or
// vehicles, and marks the other lists that show them stale.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LegalHold, Page, User, Vehicle } from '@sentinel/api-sdk';
import { useApiClient } from '../../../lib/api-client';
import { userKeys, vehicleKeys } from '../../../lib/server-cache';

/** The cached holder with these fields changed (a user changed elsewhere stays as it is). */
function useHolderCache(userId: number) {
  const queryClient = useQueryClient();
  return (change: Partial<User>) => {
    queryClient.setQueryData<User | null>(userKeys.accountHolder(userId), (holder) =>
      holder ? { ...holder, ...change } : holder,
    );
    return queryClient.invalidateQueries({ queryKey: userKeys.all, refetchType: 'none' });
  };
}

/** PUT /Users/{id}/LegalHold, or DELETE it when `set` is false; both say why. */
export function useLegalHoldMutation(userId: number) {
  const api = useApiClient();
  const update = useHolderCache(userId);
  return useMutation({
    mutationFn: ({ set, reason }: { set: boolean; reason: string }) =>
      set ? api.erasure.setLegalHold(userId, reason) : api.erasure.clearLegalHold(userId, reason),
    onSuccess: ({ legalHold }: { legalHold: LegalHold | null }) => update({ legalHold }),
  });
}

/** POST /Vehicles/{id}/EndSubscription: the vehicle then names no subscription or plan. */
export function useEndSubscriptionMutation(userId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vehicleId: number) => api.erasure.endSubscription(vehicleId),
    onSuccess: ({ vehicleId }) => {
      queryClient.setQueryData<Page<Vehicle>>(
        vehicleKeys.byOwner(userId),
        (page) =>
          page && {
            ...page,
            items: page.items.map((vehicle) =>
              vehicle.id === vehicleId
                ? { ...vehicle, subscriptionId: null, subscriptionPlanId: null }
                : vehicle,
            ),
          },
      );
      return queryClient.invalidateQueries({ queryKey: vehicleKeys.all, refetchType: 'none' });
    },
  });
}

/** POST /Users/{id}/Erase: the holder and their vehicles are read again, as the api now has them. */
export function useEraseHolderMutation(userId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.erasure.erase(userId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: vehicleKeys.all }),
      ]),
  });
}
