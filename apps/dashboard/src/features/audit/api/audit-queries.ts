// The audit screen's server data: the query keys and query options of GET /AuditLog.
import { infiniteQueryOptions } from '@tanstack/react-query';
import { and, contains, eq, ge, lt } from '@sentinel/api-sdk';
import type { ApiClient } from '@sentinel/api-sdk';
import type { AuditListFields } from '@sentinel/domain';
import { nextPageIndex } from '../../../lib/server-cache';

/** Entries per request; more load as the Admin scrolls. */
export const AUDIT_PAGE_SIZE = 50;

export interface AuditFilters {
  /** One action, or null for every action. */
  action: string | null;
  /** Part of the e-mail of who did it (or, for a failed sign-in, of the address tried). */
  user: string;
  /** First day shown, 'YYYY-MM-DD' in South African time; '' for no lower bound. */
  from: string;
  /** Last day shown, inclusive; '' for no upper bound. */
  to: string;
}

export const auditKeys = {
  all: ['audit'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
};

/** Midnight of the day in South African time (UTC+2, no daylight saving), as an instant. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00+02:00`).toISOString();
const startOfNextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00+02:00`) + 86_400_000).toISOString();

export function auditFilter(filters: AuditFilters) {
  return and(
    filters.action === null ? undefined : eq<AuditListFields>('action', filters.action),
    filters.user.trim() === '' ? undefined : contains<AuditListFields>('userEmail', filters.user.trim()),
    filters.from === '' ? undefined : ge<AuditListFields>('dateTime', startOfDay(filters.from)),
    filters.to === '' ? undefined : lt<AuditListFields>('dateTime', startOfNextDay(filters.to)),
  );
}

export const auditQueries = {
  /** GET /AuditLog page by page, newest first, filtered on the server. */
  list: (api: ApiClient, filters: AuditFilters) =>
    infiniteQueryOptions({
      queryKey: [...auditKeys.lists(), filters] as const,
      queryFn: ({ pageParam }) =>
        api.audit.list({ filter: auditFilter(filters), pageSize: AUDIT_PAGE_SIZE, pageIndex: pageParam }),
      initialPageParam: 0,
      getNextPageParam: nextPageIndex,
    }),
};
