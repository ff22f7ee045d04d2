// The Security screen's server data: the signed-in user's second factors and sessions, and an
// Admin's view of a staff user's sessions.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@sentinel/api-sdk';
import { useApiClient } from '../../../lib/api-client';

export const securityKeys = {
  all: ['security'] as const,
  factors: () => [...securityKeys.all, 'factors'] as const,
  sessions: () => [...securityKeys.all, 'sessions'] as const,
  userSessions: (userId: number) => [...securityKeys.all, 'user-sessions', userId] as const,
};

export const securityQueries = {
  /** GET /My/SecondFactors. */
  factors: (api: ApiClient) =>
    queryOptions({ queryKey: securityKeys.factors(), queryFn: () => api.secondFactor.mine() }),
  /** GET /My/Sessions. */
  sessions: (api: ApiClient) =>
    queryOptions({ queryKey: securityKeys.sessions(), queryFn: () => api.sessions.mySessions() }),
  /** GET /Users/{id}/Sessions (Admin). */
  userSessions: (api: ApiClient, userId: number) =>
    queryOptions({
      queryKey: securityKeys.userSessions(userId),
      queryFn: () => api.sessions.userSessions(userId),
    }),
};

/** A change to the signed-in user's factors or sessions; the screen's lists are read again after it. */
export function useSecurityMutation<Input, Output>(call: (api: ApiClient, input: Input) => Promise<Output>) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => call(api, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  });
}
