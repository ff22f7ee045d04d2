import { useAtomValue } from 'jotai';
import { clientListLabel } from '@sentinel/domain';
import { PageHeader } from '@sentinel/ui';
import { authorisedUserAtom } from '../../../lib/session';

/** The client list ('Users' for a Company-Admin); its tabs, search and cards come with the clients issue. */
export function ClientListPage() {
  const user = useAtomValue(authorisedUserAtom);
  return (
    <section className="client-list-page">
      <PageHeader title={clientListLabel(user?.userRole ?? '')} />
    </section>
  );
}
