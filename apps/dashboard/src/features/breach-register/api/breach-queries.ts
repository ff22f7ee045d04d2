// The breach register's server data: the list, recording and changing an incident, and its CSV.
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient, BreachIncidentInput } from '@sentinel/api-sdk';
import { useApiClient } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { nextPageIndex } from '../../../lib/server-cache';

/** Incidents per request; more load as the Admin scrolls. */
export const BREACH_PAGE_SIZE = 50;

export const breachKeys = {
  all: ['breach-register'] as const,
  lists: () => [...breachKeys.all, 'list'] as const,
};

export const breachQueries = {
  /** GET /BreachIncidents page by page, newest discovery first (the server's order). */
  list: (api: ApiClient) =>
    infiniteQueryOptions({
      queryKey: breachKeys.lists(),
      queryFn: ({ pageParam }) =>
        api.breachRegister.list({ pageSize: BREACH_PAGE_SIZE, pageIndex: pageParam }),
      initialPageParam: 0,
      getNextPageParam: nextPageIndex,
    }),
};

/** POST /BreachIncidents, or PUT /BreachIncidents/{id} for a recorded one; the list is asked again. */
export function useSaveBreachIncidentMutation(incidentId: number | undefined) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BreachIncidentInput) =>
      incidentId === undefined
        ? api.breachRegister.create(input)
        : api.breachRegister.update(incidentId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: breachKeys.lists() }),
  });
}

/** GET /BreachIncidents/Csv, saved as a file. */
export function useDownloadBreachRegisterMutation() {
  const api = useApiClient();
  return useMutation({
    mutationFn: () => api.breachRegister.downloadCsv(),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
}
