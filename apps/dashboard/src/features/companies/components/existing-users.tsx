import { useCallback, useId, useState } from 'react';
import { errorText } from '@sentinel/api-sdk';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Alert, Button, InfoCard, personInfoRows, Spinner } from '@sentinel/ui';
import type { CompanyUser } from '@sentinel/api-sdk';
import { useApiClient } from '../../../lib/api-client';
import { pageItems } from '../../../lib/server-cache';
import { companyQueries, useRemoveCompanyUserMutation } from '../api/company-queries';

/** 'Existing Users': each linked user's info card, with 'Remove from company' for those who may. */
export function ExistingUsers({ companyId, mayRemove }: { companyId: number; mayRemove: boolean }) {
  const api = useApiClient();
  const headingId = useId();
  const users = useInfiniteQuery(companyQueries.users(api, companyId));
  const items = pageItems(users.data);
  const { fetchNextPage } = users;
  const loadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);

  return (
    <section aria-labelledby={headingId} className="link-user-section">
      <h2 id={headingId} className="link-user-section__title">
        Existing Users
      </h2>
      {users.isPending && <Spinner label="Loading users" />}
      {users.isSuccess && items.length === 0 && (
        <p className="link-user-section__empty">
          <em>No users linked to this company yet.</em>
        </p>
      )}
      <div className="existing-users">
        {items.map((user) => (
          <ExistingUser key={user.id} companyId={companyId} user={user} mayRemove={mayRemove} />
        ))}
      </div>
      {users.hasNextPage && (
        <Button variant="secondary" busy={users.isFetchingNextPage} busyLabel="Loading..." onClick={loadMore}>
          Show more users
        </Button>
      )}
    </section>
  );
}

function ExistingUser({
  companyId,
  user,
  mayRemove,
}: {
  companyId: number;
  user: CompanyUser;
  mayRemove: boolean;
}) {
  const remove = useRemoveCompanyUserMutation(companyId);
  const [failure, setFailure] = useState<string>();

  async function onRemove() {
    setFailure(undefined);
    try {
      await remove.mutateAsync(user.id);
    } catch (error) {
      console.error('Failed to remove user', error);
      setFailure(errorText(error, 'Failed to remove user'));
    }
  }

  return (
    <InfoCard
      title={`${user.firstName} ${user.lastName}`}
      rows={[
        // A Company-Admin is created without an ID number.
        ...personInfoRows({ ...user, idNumber: user.idNumber ?? '' }),
        { label: 'Role', value: user.role },
      ]}
      level={3}
    >
      {failure !== undefined && <Alert variant="error">{failure}</Alert>}
      {mayRemove && (
        <Button
          variant="secondary"
          busy={remove.isPending}
          busyLabel="Removing..."
          onClick={() => void onRemove()}
        >
          Remove from company
          <span className="sn-visually-hidden">
            {' '}
            {user.firstName} {user.lastName}
          </span>
        </Button>
      )}
    </InfoCard>
  );
}
