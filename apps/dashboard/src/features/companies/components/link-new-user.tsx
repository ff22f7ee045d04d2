import { useId, useState } from 'react';
import { errorText } from '@sentinel/api-sdk';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { COMPANY_LINK_ROLES, DEFAULT_COMPANY_LINK_ROLE } from '@sentinel/domain';
import type { CompanyLinkRole } from '@sentinel/api-sdk';
import { Alert, Button, Select, UserPicker } from '@sentinel/ui';
import type { UserPickerOption } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { companyQueries, useAddCompanyUserMutation } from '../api/company-queries';

const isLinkRole = (value: string): value is CompanyLinkRole =>
  (COMPANY_LINK_ROLES as readonly string[]).includes(value);

/** 'Link New User': a searchable user dropdown, the link role and 'Link'. */
export function LinkNewUser({ companyId }: { companyId: number }) {
  const api = useApiClient();
  const headingId = useId();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<CompanyLinkRole>(DEFAULT_COMPANY_LINK_ROLE);
  const [selected, setSelected] = useState<UserPickerOption | null>(null);
  const settledSearch = useDebouncedValue(search);
  // The dropdown lists users who hold the chosen role, the only ones the server links with it.
  const lookup = useQuery({
    ...companyQueries.userLookup(api, role, settledSearch),
    placeholderData: keepPreviousData,
  });
  const link = useAddCompanyUserMutation(companyId);

  async function onLink() {
    if (selected === null) return;
    try {
      await link.mutateAsync({ userId: selected.id, role });
    } catch (error) {
      console.error('Failed to link user', error);
      return;
    }
    setSelected(null);
  }

  return (
    <section aria-labelledby={headingId} className="link-user-section">
      <h2 id={headingId} className="link-user-section__title">
        Link New User
      </h2>
      <UserPicker
        users={lookup.data?.items ?? []}
        totalCount={lookup.data?.totalCount}
        loading={lookup.isPending || (lookup.isFetching && search !== settledSearch)}
        selected={selected}
        onSelectedChange={(user) => {
          setSelected(user);
          link.reset();
        }}
        onSearchChange={setSearch}
      />
      <Select
        label="Role"
        value={role}
        onValueChange={(next) => {
          if (!isLinkRole(next)) return;
          setRole(next);
          // The chosen user may not hold the new role: choose again from its list.
          setSelected(null);
          link.reset();
        }}
        options={COMPANY_LINK_ROLES.map((name) => ({ value: name, label: name }))}
      />
      {link.isError && <Alert variant="error">{errorText(link.error, 'Failed to link user')}</Alert>}
      <Button
        disabled={selected === null}
        busy={link.isPending}
        busyLabel="Linking..."
        onClick={() => void onLink()}
      >
        Link
      </Button>
    </section>
  );
}
