// View account's escalation contacts and notification preferences: their query keys, the reads,
// and the saves, which write the stored answer into the cache.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@sentinel/api-sdk';
import type { EscalationContactInput, NotificationPreferences } from '@sentinel/domain';
import { useApiClient } from '../../../lib/api-client';
import { userKeys } from '../../../lib/server-cache';

export const notificationKeys = {
  contacts: (userId: number) => [...userKeys.all, 'escalation-contacts', userId] as const,
  preferences: (userId: number) => [...userKeys.all, 'notification-preferences', userId] as const,
};

export const notificationQueries = {
  /** GET /Users/{id}/EscalationContacts: the holder's contacts, told in this order. */
  contacts: (api: ApiClient, userId: number) =>
    queryOptions({
      queryKey: notificationKeys.contacts(userId),
      queryFn: () => api.notifications.escalationContacts(userId),
    }),
  /** GET /Users/{id}/NotificationPreferences. */
  preferences: (api: ApiClient, userId: number) =>
    queryOptions({
      queryKey: notificationKeys.preferences(userId),
      queryFn: () => api.notifications.preferences(userId),
    }),
};

/** PUT /Users/{id}/EscalationContacts: the stored list replaces the cached one. */
export function useSaveEscalationContactsMutation(userId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contacts: readonly EscalationContactInput[]) =>
      api.notifications.saveEscalationContacts(userId, contacts),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.contacts(userId), saved),
  });
}

/** PUT /Users/{id}/NotificationPreferences: the stored preferences replace the cached ones. */
export function useSavePreferencesMutation(userId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) =>
      api.notifications.savePreferences(userId, preferences),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences(userId), saved),
  });
}
