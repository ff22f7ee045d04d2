import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateAccountHolderRequest } from '@sentinel/api-sdk';
import { useApiClient } from '../../../lib/api-client';
import { userKeys } from '../../../lib/server-cache';

/** POST the new account holder; the client lists are asked again when next shown. */
export function useCreateAccountHolder() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateAccountHolderRequest) => api.users.createAccountHolder(request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all, refetchType: 'none' }),
  });
}
