// The live-location links of one alarm. Their key sits under the alarm's page key, so a live
// message about the alarm (another agent shared or revoked one) asks for them again with the page.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@sentinel/api-sdk';
import type { CreateShareLinkRequest } from '@sentinel/domain';
import { useApiClient } from '../../../lib/api-client';
import { alarmKeys } from '../../../lib/server-cache';

export const shareLinkKeys = {
  list: (alarmId: number) => [...alarmKeys.detail(alarmId), 'share-links'] as const,
};

export const shareLinkQueries = {
  /** GET /Alarms/{id}/ShareLinks: newest first, with state and views. */
  list: (api: ApiClient, alarmId: number) =>
    queryOptions({ queryKey: shareLinkKeys.list(alarmId), queryFn: () => api.shareLinks.list(alarmId) }),
};

/** Make and revoke the alarm's links; the list (and the timeline, which says so) is asked again. */
export function useShareLinkActions(alarmId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: alarmKeys.detail(alarmId) });
  return {
    create: useMutation({
      mutationFn: (request: CreateShareLinkRequest) => api.shareLinks.create(alarmId, request),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (shareLinkId: number) => api.shareLinks.revoke(shareLinkId),
      onSettled: refresh,
    }),
  };
}
