import { useCallback, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { COMPANY_SORT_OPTIONS, mayManageCompanies, ROUTES } from '@sentinel/domain';
import type { CompanySortOption } from '@sentinel/domain';
import { CompanyCard, EmptyState, PageHeader, SearchField, Select, Spinner, VirtualList } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { NearEnd } from '../../../lib/near-end';
import { pageItems } from '../../../lib/server-cache';
import { authorisedUserAtom } from '../../../lib/session';
import { companyQueries } from '../api/company-queries';
import type { CompanyListFilters } from '../api/company-queries';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import './companies.css';

/** Cards this close to the end of what is loaded ask for the next page. */
const LOAD_AHEAD_ROWS = 5;

/** /agent/companies/all: companies searched by name and sorted on the server, by id by default. */
export function CompanyListPage() {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<CompanySortOption | null>(null);
  const settledSearch = useDebouncedValue(search);
  return (
    <section className="company-page">
      <PageHeader title="Companies" />
      <div className="company-page__controls">
        <SearchField label="Search companies" value={search} onValueChange={setSearch} />
        <Select
          label="Sort by"
          placeholder="Default"
          value={sort ?? ''}
          onValueChange={(next) => setSort(COMPANY_SORT_OPTIONS.find((option) => option === next) ?? null)}
          options={COMPANY_SORT_OPTIONS.map((option) => ({ value: option, label: option }))}
        />
      </div>
      <CompanyList filters={{ search: settledSearch, sort }} />
    </section>
  );
}

function CompanyList({ filters }: { filters: CompanyListFilters }) {
  const api = useApiClient();
  const navigate = useNavigate();
  const role = useAtomValue(authorisedUserAtom)?.userRole ?? '';
  const mayLink = mayManageCompanies(role);
  const {
    data,
    isPending,
    isError,
    error,
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    fetchNextPage,
  } = useInfiniteQuery(companyQueries.list(api, filters));
  const loadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const companies = pageItems(data);
  const canLoadMore = hasNextPage && !isFetchNextPageError;

  if (isPending) return <Spinner label="Loading companies" />;
  // The spec: a list that failed to load is kept as an error, not displayed; it is logged.
  if (isError && companies.length === 0) {
    console.error(error);
    return null;
  }
  if (companies.length === 0) {
    return (
      <EmptyState title={filters.search.trim() === '' ? 'There are no companies' : 'No companies match'} />
    );
  }
  return (
    <>
      <VirtualList
        label="Companies"
        items={companies}
        estimateSize={140}
        getKey={(company) => company.id}
        renderItem={(company, index) => (
          <>
            <CompanyCard
              name={company.name}
              userCount={company.totalNumberOfCompanyUsers}
              vehicleCount={company.totalNumberOfVehicles}
              onView={() => void navigate(ROUTES.viewCompany(company.id))}
              onLinkUser={mayLink ? () => void navigate(ROUTES.linkCompanyUser(company.id)) : undefined}
            />
            {canLoadMore && index >= companies.length - LOAD_AHEAD_ROWS && <NearEnd onReached={loadMore} />}
          </>
        )}
      />
      {isFetchingNextPage && <Spinner label="Loading more" />}
    </>
  );
}
