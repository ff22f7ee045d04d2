// Add agent's server data: the roles to choose from, and the call that creates the agent.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient, CreateAgentRequest } from '@sentinel/api-sdk';
import { useApiClient } from '../../../lib/api-client';
import { userKeys } from '../../../lib/server-cache';

// Roles change with a release, not during a shift.
const ROLES_STALE_MS = 60 * 60_000;

export const roleKeys = { all: ['roles'] as const };

export const adminQueries = {
  /** GET /Roles */
  roles: (api: ApiClient) =>
    queryOptions({
      queryKey: roleKeys.all,
      queryFn: () => api.roles.list(),
      staleTime: ROLES_STALE_MS,
    }),
};

/** POST the new agent; user lists are asked again when next shown. */
export function useCreateAgentMutation() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateAgentRequest) => api.users.createAgent(request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all, refetchType: 'none' }),
  });
}
