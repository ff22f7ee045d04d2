// The alarm console's server data: the queue tabs, one alarm, the response figures, and the actions
// on an alarm. Keys come from lib/server-cache (alarmKeys), where the live messages write too.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlarmPartner, AlarmQueueTab, ApiClient, ResolveAlarmRequest } from '@sentinel/api-sdk';
import type { AlarmDetail } from '@sentinel/domain';
import { useApiClient } from '../../../lib/api-client';
import { alarmKeys, nextPageIndex, receiveAlarm } from '../../../lib/server-cache';

/** Alarms per request; a control room rarely has more waiting, and more load on 'Show more alarms'. */
export const ALARM_PAGE_SIZE = 50;

export const alarmQueries = {
  /** GET /Alarms?tab=: the tab page by page, highest priority and oldest first (the server's order). */
  queue: (api: ApiClient, tab: AlarmQueueTab) =>
    infiniteQueryOptions({
      queryKey: alarmKeys.queue(tab),
      queryFn: ({ pageParam }) => api.alarms.queue({ tab, pageSize: ALARM_PAGE_SIZE, pageIndex: pageParam }),
      initialPageParam: 0,
      getNextPageParam: nextPageIndex,
    }),
  /** GET /Alarms/{id}. */
  detail: (api: ApiClient, alarmId: number) =>
    queryOptions({ queryKey: alarmKeys.detail(alarmId), queryFn: () => api.alarms.get(alarmId) }),
  /** GET /Alarms/Figures for whole days, from and to included. */
  figures: (api: ApiClient, from: string, to: string) =>
    queryOptions({
      queryKey: alarmKeys.figures(from, to),
      queryFn: () => api.alarms.figures({ from, to }),
      // Today's figures move with every alarm; a minute old is fresh enough for a report.
      staleTime: 60_000,
    }),
};

/** What the actions on one alarm do to the cache: the answered alarm is written where it is held. */
export function useAlarmActions(alarmId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const received = {
    onSuccess: (alarm: Parameters<typeof receiveAlarm>[1]) => receiveAlarm(queryClient, alarm),
    // Refused (someone else has it, a partner said no): the page shows what the server now holds.
    onError: () => void queryClient.invalidateQueries({ queryKey: alarmKeys.detail(alarmId) }),
  };
  return {
    acknowledge: useMutation({ mutationFn: () => api.alarms.acknowledge(alarmId), ...received }),
    escalate: useMutation({
      mutationFn: (partner: AlarmPartner) => api.alarms.escalate(alarmId, partner),
      ...received,
    }),
    resolve: useMutation({
      mutationFn: (request: ResolveAlarmRequest) => api.alarms.resolve(alarmId, request),
      ...received,
    }),
    addNote: useMutation({
      mutationFn: (note: string) => api.alarms.addNote(alarmId, note),
      // The new entry joins the cached timeline at once.
      onSuccess: (event) =>
        queryClient.setQueryData<AlarmDetail>(
          alarmKeys.detail(alarmId),
          (cached) => cached && { ...cached, timeline: [...cached.timeline, event] },
        ),
    }),
  };
}
