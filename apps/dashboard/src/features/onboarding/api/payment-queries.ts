// The payment screen's server data: the plans, and the subscription calls, which send the vehicle
// lists to be asked again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSubscriptionRequest } from '@sentinel/api-sdk';
import { useApiClient } from '../../../lib/api-client';
import { subscriptionPlansQuery, vehicleKeys } from '../../../lib/server-cache';

export const paymentQueries = {
  /** GET /SubscriptionPlans: the plans a client may choose. */
  plans: subscriptionPlansQuery,
};

export function usePaymentMutations() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  // Not awaited: the screen moves on while the lists are asked again.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
  return {
    subscribe: useMutation({
      mutationFn: ({ request, offline }: { request: CreateSubscriptionRequest; offline: boolean }) =>
        offline ? api.onboarding.subscribeOffline(request) : api.onboarding.subscribe(request),
      onSuccess: refresh,
    }),
    retry: useMutation({
      mutationFn: (subscriptionId: number) => api.onboarding.retryFirstPayment(subscriptionId),
      onSuccess: refresh,
    }),
  };
}
