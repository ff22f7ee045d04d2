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
import type { LinkableUser } from '../api/company-queries';

const isLinkRole = (value: string): value is CompanyLinkRole =>
  (COMPANY_LINK_ROLES as readonly string[]).includes(value);

/** A picker option: the user, whose roles are read beside the name, e.g. 'Thandi Nkosi (Account-Holder)'. */
type LinkOption = UserPickerOption & { user: LinkableUser };

// The UI kit's picker shows first and last name: the roles ride on the last name, so they are read
// in the list and stay beside the name once chosen.
const toOption = (user: LinkableUser): LinkOption => ({
  id: user.id,
  firstName: user.firstName,
  lastName: `${user.lastName} (${user.linkRoles.join(', ')})`,
  user,
});

/**
 * 'Link New User': a searchable dropdown of the users holding a link role, each with their roles,
 * then the role and 'Link'. The role follows the chosen user: one they hold only one link role with
 * gets that role; one holding both may choose.
 */
export function LinkNewUser({ companyId }: { companyId: number }) {
  const api = useApiClient();
  const headingId = useId();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<CompanyLinkRole>(DEFAULT_COMPANY_LINK_ROLE);
  const [selected, setSelected] = useState<LinkOption | null>(null);
  const settledSearch = useDebouncedValue(search);
  const lookup = useQuery({
    ...companyQueries.userLookup(api, settledSearch),
    placeholderData: keepPreviousData,
  });
  const link = useAddCompanyUserMutation(companyId);
  const roles = selected?.user.linkRoles ?? COMPANY_LINK_ROLES.filter(isLinkRole);

  function choose(option: UserPickerOption | null) {
    const next = (lookup.data?.items ?? []).find((user) => user.id === option?.id);
    setSelected(next === undefined ? null : toOption(next));
    // Keep the role already chosen when the user holds it; otherwise the one they hold.
    const held = next?.linkRoles ?? [];
    const first = held[0];
    if (first !== undefined && !held.includes(role)) setRole(first);
    link.reset();
  }

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
        users={(lookup.data?.items ?? []).map(toOption)}
        totalCount={lookup.data?.totalCount}
        loading={lookup.isPending || (lookup.isFetching && search !== settledSearch)}
        selected={selected}
        onSelectedChange={choose}
        onSearchChange={setSearch}
      />
      <Select
        label="Role"
        value={role}
        onValueChange={(next) => {
          if (!isLinkRole(next)) return;
          setRole(next);
          link.reset();
        }}
        // A user holding one link role can be linked with that role only.
        disabled={roles.length < 2}
        options={roles.map((name) => ({ value: name, label: name }))}
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
