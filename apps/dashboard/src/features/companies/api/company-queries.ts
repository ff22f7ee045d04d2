// The companies screens' server data: query keys, query options and mutations of the companies calls.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { and, contains, eq, or } from '@sentinel/api-sdk';
import type {
  ApiClient,
  CompanyLinkRole,
  CompanyListFields,
  ODataOrderBy,
  Page,
  UserListFields,
} from '@sentinel/api-sdk';
import { COMPANY_LINK_ROLES, SORT_OPTION } from '@sentinel/domain';
import type { CompanySortOption } from '@sentinel/domain';
import { useApiClient } from '../../../lib/api-client';
import { companyKeys, nextPageIndex, userKeys, vehicleKeys } from '../../../lib/server-cache';

/** Rows per request of the company list; more load as the person scrolls. */
export const COMPANY_PAGE_SIZE = 20;
/** Users listed per request on Link User; the picker says when more match and asks for more letters. */
export const USER_LOOKUP_SIZE = 50;
/** A user Link New User offers, with the link roles they hold (in the spec's order, at least one). */
export interface LinkableUser {
  id: number;
  firstName: string;
  lastName: string;
  linkRoles: CompanyLinkRole[];
}

/** Existing users shown per page on Link User. */
export const COMPANY_USERS_PAGE_SIZE = 50;

const words = (search: string) => search.trim().split(/\s+/).filter(Boolean);

function companyOrder(sort: CompanySortOption | null): ODataOrderBy<CompanyListFields>[] {
  switch (sort) {
    case SORT_OPTION.aToZ:
      return [{ field: 'name' }];
    case SORT_OPTION.zToA:
      return [{ field: 'name', direction: 'desc' }];
    case null:
      return [{ field: 'id' }];
  }
}

export interface CompanyListFilters {
  search: string;
  /** null: the default order, by id. */
  sort: CompanySortOption | null;
}

export const companyQueries = {
  /** GET /Companies page by page, searched by name on the server. */
  list: (api: ApiClient, filters: CompanyListFilters) =>
    infiniteQueryOptions({
      queryKey: [...companyKeys.lists(), filters] as const,
      queryFn: ({ pageParam }) =>
        api.companies.list({
          filter: and(...words(filters.search).map((word) => contains<CompanyListFields>('name', word))),
          orderBy: companyOrder(filters.sort),
          pageSize: COMPANY_PAGE_SIZE,
          pageIndex: pageParam,
        }),
      initialPageParam: 0,
      getNextPageParam: nextPageIndex,
    }),
  /** One company: GET /Companies filtered to its id; null when it is absent or out of reach. */
  detail: (api: ApiClient, id: number) =>
    queryOptions({
      queryKey: companyKeys.detail(id),
      queryFn: async () =>
        (await api.companies.list({ filter: eq<CompanyListFields>('id', id) })).items[0] ?? null,
    }),
  /** GET /Companies/{id}/CompanyUsers: the linked users, newest first, page by page. */
  users: (api: ApiClient, id: number) =>
    infiniteQueryOptions({
      queryKey: companyKeys.users(id),
      queryFn: ({ pageParam }) =>
        api.companies.users(id, { pageSize: COMPANY_USERS_PAGE_SIZE, pageIndex: pageParam }),
      initialPageParam: 0,
      getNextPageParam: nextPageIndex,
    }),
  /**
   * The user dropdown's lookup: GET /Users holding either link role (Company-Admin, Account-Holder)
   * whose first or last name contains every typed word, A - Z, one page. Each user comes with the
   * link roles they hold, so the person picks the user first and the role follows.
   */
  userLookup: (api: ApiClient, search: string) =>
    queryOptions({
      queryKey: userKeys.list('company-lookup', { search }),
      queryFn: async (): Promise<Page<LinkableUser>> => {
        const page = await api.users.list({
          filter: and(
            or(...COMPANY_LINK_ROLES.map((role) => eq<UserListFields>('role', role))),
            ...words(search).map((word) =>
              or(contains<UserListFields>('firstName', word), contains<UserListFields>('lastName', word)),
            ),
          ),
          orderBy: [{ field: 'firstName' }, { field: 'lastName' }],
          pageSize: USER_LOOKUP_SIZE,
        });
        return {
          ...page,
          items: page.items.map(({ id, firstName, lastName, roles }) => ({
            id,
            firstName,
            lastName,
            linkRoles: COMPANY_LINK_ROLES.filter((role): role is CompanyLinkRole => roles.includes(role)),
          })),
        };
      },
    }),
};

/** POST /Companies; the lists are asked again when next shown. */
export function useCreateCompanyMutation() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.companies.create(name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.lists() }),
  });
}

/**
 * Linking or unlinking changes who a Company-Admin sees, the company's counts and its user list:
 * all of those are asked again.
 */
function useInvalidateCompany() {
  const queryClient = useQueryClient();
  return (companyId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: companyKeys.users(companyId) }),
      queryClient.invalidateQueries({ queryKey: companyKeys.detail(companyId) }),
      queryClient.invalidateQueries({ queryKey: companyKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: userKeys.all, refetchType: 'none' }),
      queryClient.invalidateQueries({ queryKey: vehicleKeys.all, refetchType: 'none' }),
    ]);
}

export function useAddCompanyUserMutation(companyId: number) {
  const api = useApiClient();
  const invalidate = useInvalidateCompany();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: CompanyLinkRole }) =>
      api.companies.addUser(companyId, userId, role),
    onSuccess: () => invalidate(companyId),
  });
}

export function useRemoveCompanyUserMutation(companyId: number) {
  const api = useApiClient();
  const invalidate = useInvalidateCompany();
  return useMutation({
    mutationFn: (userId: number) => api.companies.removeUser(companyId, userId),
    onSuccess: () => invalidate(companyId),
  });
}

export function useDeleteCompanyMutation(companyId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.companies.delete(companyId),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: companyKeys.detail(companyId) });
      await queryClient.invalidateQueries({ queryKey: companyKeys.lists() });
    },
  });
}
