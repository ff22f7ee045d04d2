import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, UserPicker } from '@sentinel/ui';
import type { UserPickerOption } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { auditQueries } from '../api/audit-queries';
import type { HolderOption } from '../api/audit-queries';

// The kit's picker shows first and last name: the e-mail rides on the last name, so two holders of
// one name are told apart in the list and once chosen.
const toOption = ({ id, firstName, lastName, email }: HolderOption): UserPickerOption => ({
  id,
  firstName,
  lastName: `${lastName} (${email})`,
});

/**
 * ?holder={id}: the entries about one account holder, as View account's "Who viewed this account"
 * links here (its router state carries the name the picker shows).
 */
const HOLDER_PARAM = 'holder';

function holderIdOf(searchParams: URLSearchParams): number | null {
  const id = Number(searchParams.get(HOLDER_PARAM));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The linked holder as the picker shows them: the name the link carried, else their number. */
function linkedHolder(id: number, state: unknown): UserPickerOption {
  const holder = (state as { holder?: Partial<UserPickerOption> } | null)?.holder;
  return holder?.id === id && typeof holder.firstName === 'string' && typeof holder.lastName === 'string'
    ? { id, firstName: holder.firstName, lastName: holder.lastName }
    : { id, firstName: 'Account holder', lastName: String(id) };
}

/**
 * The holder the screen is narrowed to, kept in the URL so the view can be linked to and reloaded,
 * and the function that chooses another (or anyone, with null).
 */
export function useHolderParam(): [UserPickerOption | null, (holder: UserPickerOption | null) => void] {
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const holderId = holderIdOf(searchParams);
  const [chosenHolder, setChosenHolder] = useState<UserPickerOption | null>(null);
  const holder =
    holderId === null
      ? null
      : chosenHolder?.id === holderId
        ? chosenHolder
        : linkedHolder(holderId, location.state);

  function chooseHolder(next: UserPickerOption | null) {
    setChosenHolder(next);
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        if (next === null) updated.delete(HOLDER_PARAM);
        else updated.set(HOLDER_PARAM, String(next.id));
        return updated;
      },
      { replace: true },
    );
  }

  return [holder, chooseHolder];
}

export interface HolderFilterProps {
  /** The holder chosen, or null for entries about anyone. */
  selected: UserPickerOption | null;
  onSelectedChange: (holder: UserPickerOption | null) => void;
}

/** The audit screen's "Person concerned": an account holder found by name or e-mail, or anyone. */
export function HolderFilter({ selected, onSelectedChange }: HolderFilterProps) {
  const api = useApiClient();
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search);
  const lookup = useQuery({
    ...auditQueries.holderLookup(api, settledSearch),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="audit-page__holder">
      <UserPicker
        label="Person concerned"
        placeholder="Any account holder"
        users={(lookup.data?.items ?? []).map(toOption)}
        totalCount={lookup.data?.totalCount}
        loading={lookup.isPending || (lookup.isFetching && search !== settledSearch)}
        selected={selected}
        onSelectedChange={onSelectedChange}
        onSearchChange={setSearch}
      />
      {selected !== null && (
        <Button variant="ghost" onClick={() => onSelectedChange(null)}>
          Any holder
        </Button>
      )}
    </div>
  );
}
