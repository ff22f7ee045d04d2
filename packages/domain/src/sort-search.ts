/** The sort options of the lists (part 1, section 2). */
export const SORT_OPTION = {
  latest: 'Latest',
  activeAlerts: 'Active alerts',
  aToZ: 'A - Z',
  zToA: 'Z - A',
} as const;

export type SortOption = (typeof SORT_OPTION)[keyof typeof SORT_OPTION];

export const USER_SORT_OPTIONS: readonly SortOption[] = [
  SORT_OPTION.latest,
  SORT_OPTION.activeAlerts,
  SORT_OPTION.aToZ,
  SORT_OPTION.zToA,
];

/** Case-insensitive substring match of a search text against any of the given fields. */
export function matchesSearch(search: string, ...fields: ReadonlyArray<string | null | undefined>): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return fields.some((field) => field?.toLowerCase().includes(needle) ?? false);
}

export interface SortableUser {
  id: number;
  firstName: string;
  lastName: string;
  createdOnDateTime: string;
  tamperActive: boolean;
}

const byName = (a: SortableUser, b: SortableUser) =>
  `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`, 'en-ZA', {
    sensitivity: 'base',
  });
const newest = (a: SortableUser, b: SortableUser) =>
  Date.parse(b.createdOnDateTime) - Date.parse(a.createdOnDateTime) || b.id - a.id;

/** Sorts users: Latest newest first; Active alerts puts tamperActive first, newest within; A - Z; Z - A. */
export function sortUsers<T extends SortableUser>(users: readonly T[], option: SortOption): T[] {
  const list = [...users];
  switch (option) {
    case SORT_OPTION.activeAlerts:
      return list.sort((a, b) => Number(b.tamperActive) - Number(a.tamperActive) || newest(a, b));
    case SORT_OPTION.aToZ:
      return list.sort(byName);
    case SORT_OPTION.zToA:
      return list.sort((a, b) => byName(b, a));
    case SORT_OPTION.latest:
      return list.sort(newest);
  }
}
