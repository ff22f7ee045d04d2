import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useSearchParams } from 'react-router';
import { clientListLabel, SORT_OPTION } from '@sentinel/domain';
import type { SortOption } from '@sentinel/domain';
import { PageHeader, SearchField, Select, Tabs, TabsContent, TabsList, TabsTrigger } from '@sentinel/ui';
import { authorisedUserAtom } from '../../../lib/session';
import type { VehicleCardSlot } from '../../../lib/vehicle-card-slot';
import { CLIENT_TABS, DEFAULT_TAB, isClientTab, sortOptionsFor, tabLists } from '../api/list-queries';
import type { ClientTab } from '../api/list-queries';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { ClientList } from './client-list';
import '../../../lib/staff-screens.css';

function tabLabels(label: string): Record<ClientTab, string> {
  return {
    active: `Active ${label.toLowerCase()}`,
    'booking-pending': 'Booking pending',
    'no-vehicles': 'No vehicles',
    scheduled: 'Scheduled',
  };
}

/** /agent/clients/all: 'Clients' ('Users' for a Company-Admin) with filter tabs, search and sort. */
export function ClientListPage({ VehicleCard }: { VehicleCard: VehicleCardSlot }) {
  const user = useAtomValue(authorisedUserAtom);
  const label = clientListLabel(user?.userRole ?? '');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: ClientTab = isClientTab(requested) ? requested : DEFAULT_TAB;
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortOption>(SORT_OPTION.latest);
  const settledSearch = useDebouncedValue(search);
  const options = sortOptionsFor(tab);
  // 'Active alerts' does not apply to vehicle lists: they fall back to the default.
  const effectiveSort = options.includes(sort) ? sort : SORT_OPTION.latest;
  const labels = tabLabels(label);

  function onTabChange(next: string) {
    if (!isClientTab(next)) return;
    setParams(next === DEFAULT_TAB ? {} : { tab: next }, { replace: true });
  }

  return (
    <section className="client-list-page">
      <PageHeader title={label} />
      <Tabs value={tab} onValueChange={onTabChange}>
        <TabsList aria-label={`${label} lists`}>
          {CLIENT_TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {labels[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        {CLIENT_TABS.map((value) => (
          <TabsContent key={value} value={value}>
            {value === tab && (
              <>
                <div className="client-list-page__controls">
                  <SearchField
                    label={tabLists(tab) === 'users' ? `Search ${label.toLowerCase()}` : 'Search vehicles'}
                    value={search}
                    onValueChange={setSearch}
                  />
                  <Select
                    label="Sort by"
                    value={effectiveSort}
                    onValueChange={(next) => setSort(next as SortOption)}
                    options={options.map((option) => ({ value: option, label: option }))}
                  />
                </div>
                <ClientList tab={tab} search={settledSearch} sort={effectiveSort} VehicleCard={VehicleCard} />
              </>
            )}
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
