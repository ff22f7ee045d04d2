import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { EmptyState, Spinner, VirtualList } from '@sentinel/ui';
import type { SortOption } from '@sentinel/domain';
import type { ApiClient, User, Vehicle } from '@sentinel/api-sdk';
import { useRememberVehicleNames } from '../../../lib/live/use-live';
import { listQuery, tabLists } from '../api/list-queries';
import type { ClientTab } from '../api/list-queries';
import { usePagedList } from '../api/use-paged-list';
import type { PagedList } from '../api/use-paged-list';
import { ClientRow } from './client-row';
import { NearEnd } from './near-end';
import { VehicleRow } from './vehicle-row';

const EMPTY: Record<ClientTab, string> = {
  active: 'There are no active clients',
  'booking-pending': 'There are no vehicles pending a booking',
  'no-vehicles': 'There are no clients without vehicles',
  scheduled: 'There are no installations scheduled',
};

/** Rows this close to the end of what is loaded ask for the next page. */
const LOAD_AHEAD_ROWS = 5;

export interface ClientListProps {
  tab: ClientTab;
  search: string;
  sort: SortOption;
}

export function ClientList(props: ClientListProps) {
  return tabLists(props.tab) === 'users' ? <UserList {...props} /> : <VehicleList {...props} />;
}

function UserList({ tab, search, sort }: ClientListProps) {
  const fetchPage = useCallback(
    (client: ApiClient, pageIndex: number) => client.users.list(listQuery(tab, search, sort, pageIndex)),
    [tab, search, sort],
  );
  const list = usePagedList<User>(fetchPage);
  // Kept here, not in the rows: virtual rows unmount when scrolled away and must reopen as they were.
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());

  const toggle = (id: number, open: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <ListBody tab={tab} list={list} estimateSize={180}>
      {(user: User) => (
        <ClientRow
          user={user}
          expanded={expanded.has(user.id)}
          onExpandedChange={(open) => toggle(user.id, open)}
        />
      )}
    </ListBody>
  );
}

function VehicleList({ tab, search, sort }: ClientListProps) {
  const fetchPage = useCallback(
    (client: ApiClient, pageIndex: number) => client.vehicles.list(listQuery(tab, search, sort, pageIndex)),
    [tab, search, sort],
  );
  const list = usePagedList<Vehicle>(fetchPage);
  useRememberVehicleNames(list.items);
  return (
    <ListBody tab={tab} list={list} estimateSize={220}>
      {(vehicle: Vehicle) => <VehicleRow vehicle={vehicle} />}
    </ListBody>
  );
}

interface ListBodyProps<T extends { id: number }> {
  tab: ClientTab;
  list: PagedList<T>;
  estimateSize: number;
  children: (item: T) => ReactNode;
}

function ListBody<T extends { id: number }>({ tab, list, estimateSize, children }: ListBodyProps<T>) {
  if (list.loading) return <Spinner label="Loading list" />;
  // The spec: a list that failed to load shows nothing (the failure is logged and kept).
  if (list.error !== undefined && list.items.length === 0) return null;
  if (list.items.length === 0) return <EmptyState title={EMPTY[tab]} />;
  return (
    <>
      <VirtualList
        label="Results"
        items={list.items}
        estimateSize={estimateSize}
        getKey={(item) => item.id}
        renderItem={(item, index) => (
          <>
            {children(item)}
            {list.hasMore && index >= list.items.length - LOAD_AHEAD_ROWS && (
              <NearEnd onReached={list.loadMore} />
            )}
          </>
        )}
      />
      {list.loadingMore && <Spinner label="Loading more" />}
    </>
  );
}
