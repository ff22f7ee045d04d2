import { useState } from 'react';
import type { ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { EmptyState } from '@sentinel/ui';
import type { Page, User, Vehicle } from '@sentinel/api-sdk';
import { useApiClient } from '../../../lib/api-client';
import { PagedList } from '../../../lib/paged-list';
import type { VehicleCardSlot } from '../../../lib/vehicle-card-slot';
import { clientQueries } from '../api/client-queries';
import type { ClientListFilters } from '../api/client-queries';
import { tabLists } from '../api/list-queries';
import type { ClientTab } from '../api/list-queries';
import { ClientRow } from './client-row';
import { VehicleRow } from './vehicle-row';

const EMPTY: Record<ClientTab, string> = {
  active: 'There are no active clients',
  'booking-pending': 'There are no vehicles pending a booking',
  'no-vehicles': 'There are no clients without vehicles',
  scheduled: 'There are no installations scheduled',
};

export interface ClientListProps extends ClientListFilters {
  /** The vehicle card shown in an expanded client card. */
  VehicleCard: VehicleCardSlot;
}

export function ClientList({ VehicleCard, ...filters }: ClientListProps) {
  return tabLists(filters.tab) === 'users' ? (
    <UserList filters={filters} VehicleCard={VehicleCard} />
  ) : (
    <VehicleList filters={filters} />
  );
}

function UserList({ filters, VehicleCard }: { filters: ClientListFilters; VehicleCard: VehicleCardSlot }) {
  const api = useApiClient();
  const query = useInfiniteQuery(clientQueries.users(api, filters));
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
    <ListBody tab={filters.tab} query={query} estimateSize={180}>
      {(user: User) => (
        <ClientRow
          user={user}
          expanded={expanded.has(user.id)}
          onExpandedChange={(open) => toggle(user.id, open)}
          VehicleCard={VehicleCard}
        />
      )}
    </ListBody>
  );
}

function VehicleList({ filters }: { filters: ClientListFilters }) {
  const api = useApiClient();
  const query = useInfiniteQuery(clientQueries.vehicles(api, filters));
  return (
    <ListBody tab={filters.tab} query={query} estimateSize={220}>
      {(vehicle: Vehicle) => <VehicleRow vehicle={vehicle} />}
    </ListBody>
  );
}

interface ListBodyProps<T extends { id: number }> {
  tab: ClientTab;
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  estimateSize: number;
  children: (item: T) => ReactNode;
}

function ListBody<T extends { id: number }>({ tab, query, estimateSize, children }: ListBodyProps<T>) {
  // The spec: a list that failed to load shows nothing (the failure is logged and kept).
  return (
    <PagedList
      query={query}
      label="Results"
      empty={<EmptyState title={EMPTY[tab]} />}
      estimateSize={estimateSize}
      getKey={(item) => item.id}
      renderItem={children}
    />
  );
}
