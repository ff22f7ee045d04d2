import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { COMPANY_SORT_OPTIONS, mayManageCompanies, ROUTES } from '@sentinel/domain';
import type { CompanySortOption } from '@sentinel/domain';
import { CompanyCard, EmptyState, PageHeader, SearchField, Select } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { PagedList } from '../../../lib/paged-list';
import { authorisedUserAtom } from '../../../lib/session';
import { companyQueries } from '../api/company-queries';
import type { CompanyListFilters } from '../api/company-queries';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import './companies.css';

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
  const query = useInfiniteQuery(companyQueries.list(api, filters));
  return (
    <PagedList
      query={query}
      label="Companies"
      loadingLabel="Loading companies"
      empty={
        <EmptyState title={filters.search.trim() === '' ? 'There are no companies' : 'No companies match'} />
      }
      estimateSize={140}
      getKey={(company) => company.id}
      renderItem={(company) => (
        <CompanyCard
          name={company.name}
          userCount={company.totalNumberOfCompanyUsers}
          vehicleCount={company.totalNumberOfVehicles}
          onView={() => void navigate(ROUTES.viewCompany(company.id))}
          onLinkUser={mayLink ? () => void navigate(ROUTES.linkCompanyUser(company.id)) : undefined}
        />
      )}
    />
  );
}
