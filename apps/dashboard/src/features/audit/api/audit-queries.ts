// The audit screen's server data: the query keys and query options of GET /AuditLog, and the
// lookup of the account holder it may be narrowed to.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { and, contains, eq, ge, lt, or } from '@sentinel/api-sdk';
import type { ApiClient, Page } from '@sentinel/api-sdk';
import { ROLE } from '@sentinel/domain';
import type { AuditListFields, UserListFields } from '@sentinel/domain';
import { nextPageIndex, userKeys } from '../../../lib/server-cache';

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
  /** The account holder the entries are about (whose data was read or changed), or null for anyone. */
  subjectUserId: number | null;
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
    filters.subjectUserId === null ? undefined : eq<AuditListFields>('subjectUserId', filters.subjectUserId),
  );
}

/** Account holders the person-concerned lookup lists at once; more letters narrow it. */
export const HOLDER_LOOKUP_SIZE = 20;

/** An account holder as the lookup lists them. */
export interface HolderOption {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
}

const words = (search: string) => search.trim().split(/\s+/).filter(Boolean);

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
  /**
   * GET /Users: account holders with every typed word in their first name, last name or e-mail,
   * A - Z, one page. A list of names, never one holder's record: choosing whose entries to read is
   * not itself a view of their data.
   */
  holderLookup: (api: ApiClient, search: string) =>
    queryOptions({
      queryKey: userKeys.list('audit-holder-lookup', { search }),
      queryFn: async (): Promise<Page<HolderOption>> => {
        const page = await api.users.list({
          filter: and(
            eq<UserListFields>('role', ROLE.accountHolder),
            ...words(search).map((word) =>
              or(
                contains<UserListFields>('firstName', word),
                contains<UserListFields>('lastName', word),
                contains<UserListFields>('email', word),
              ),
            ),
          ),
          orderBy: [{ field: 'firstName' }, { field: 'lastName' }],
          pageSize: HOLDER_LOOKUP_SIZE,
        });
        return {
          ...page,
          items: page.items.map(({ id, firstName, lastName, email }) => ({ id, firstName, lastName, email })),
        };
      },
    }),
};
