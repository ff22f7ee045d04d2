// The client list's tabs, sorts and searches as OData queries for GET /Users and GET /Vehicles.
import { and, contains, eq, gt, or } from '@sentinel/api-sdk';
import type { ODataFilter, ODataOrderBy, ODataQuery } from '@sentinel/api-sdk';
import { ROLE, SORT_OPTION, USER_SORT_OPTIONS } from '@sentinel/domain';
import type { SortOption } from '@sentinel/domain';

/** The four filter tabs; their value is kept in the URL as ?tab=… (the spec gives them no paths). */
export const CLIENT_TABS = ['active', 'booking-pending', 'no-vehicles', 'scheduled'] as const;
export type ClientTab = (typeof CLIENT_TABS)[number];
export const DEFAULT_TAB: ClientTab = 'active';

export function isClientTab(value: string | null): value is ClientTab {
  return (CLIENT_TABS as readonly (string | null)[]).includes(value);
}

/** Which list a tab shows: account holders, or vehicles. */
export function tabLists(tab: ClientTab): 'users' | 'vehicles' {
  return tab === 'booking-pending' || tab === 'scheduled' ? 'vehicles' : 'users';
}

/** Users may also sort by Active alerts (tamperActive); vehicle lists offer Latest, A - Z, Z - A. */
export const VEHICLE_SORT_OPTIONS: readonly SortOption[] = [
  SORT_OPTION.latest,
  SORT_OPTION.aToZ,
  SORT_OPTION.zToA,
];

export function sortOptionsFor(tab: ClientTab): readonly SortOption[] {
  return tabLists(tab) === 'users' ? USER_SORT_OPTIONS : VEHICLE_SORT_OPTIONS;
}

/** Rows per request; more load as the person scrolls. */
export const PAGE_SIZE = 20;

const words = (search: string) => search.trim().split(/\s+/).filter(Boolean);

/** Every typed word must appear (case-insensitively, on the server) in one of the fields. */
function searchFilter(search: string, fields: readonly string[]): ODataFilter | undefined {
  return and(...words(search).map((word) => or(...fields.map((field) => contains(field, word)))));
}

const newestFirst = (field: string): ODataOrderBy[] => [{ field, direction: 'desc' }];

function userOrder(sort: SortOption): ODataOrderBy[] {
  switch (sort) {
    case SORT_OPTION.activeAlerts:
      return [{ field: 'tamperActive', direction: 'desc' }, ...newestFirst('createdOnDateTime')];
    case SORT_OPTION.aToZ:
      return [{ field: 'firstName' }, { field: 'lastName' }];
    case SORT_OPTION.zToA:
      return [
        { field: 'firstName', direction: 'desc' },
        { field: 'lastName', direction: 'desc' },
      ];
    case SORT_OPTION.latest:
      return newestFirst('createdOnDateTime');
  }
}

function vehicleOrder(sort: SortOption): ODataOrderBy[] {
  switch (sort) {
    case SORT_OPTION.aToZ:
      return [{ field: 'userFirstName' }, { field: 'userLastName' }, { field: 'registrationNumber' }];
    case SORT_OPTION.zToA:
      return [
        { field: 'userFirstName', direction: 'desc' },
        { field: 'userLastName', direction: 'desc' },
        { field: 'registrationNumber', direction: 'desc' },
      ];
    // Vehicle lists offer no Active alerts; it falls back to the default, newest first.
    case SORT_OPTION.activeAlerts:
    case SORT_OPTION.latest:
      return newestFirst('createdOnDateTime');
  }
}

/** The tab's base filter: what the spec says each list holds. */
function tabFilter(tab: ClientTab): ODataFilter | undefined {
  switch (tab) {
    case 'active':
      return and(eq('role', ROLE.accountHolder), gt('totalNumberOfVehiclesWithDevice', 0));
    case 'no-vehicles':
      return and(eq('role', ROLE.accountHolder), eq('totalNumberOfVehicles', 0));
    case 'booking-pending':
      return eq('onBoardingStatus', 'Booking-Pending');
    case 'scheduled':
      return eq('onBoardingStatus', 'Scheduled');
  }
}

/** The query of one page of a tab's list, searched and sorted. */
export function listQuery(tab: ClientTab, search: string, sort: SortOption, pageIndex: number): ODataQuery {
  const users = tabLists(tab) === 'users';
  const searchFields = users
    ? ['firstName', 'lastName']
    : ['userFirstName', 'userLastName', 'make', 'registrationNumber'];
  return {
    filter: and(tabFilter(tab), searchFilter(search, searchFields)),
    orderBy: users ? userOrder(sort) : vehicleOrder(sort),
    pageSize: PAGE_SIZE,
    pageIndex,
  };
}
