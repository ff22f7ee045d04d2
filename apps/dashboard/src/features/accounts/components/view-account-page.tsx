import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import type { User } from '@sentinel/api-sdk';
import { PATHS, ROLE } from '@sentinel/domain';
import { Button, InfoCard, PageHeader, personInfoRows, Spinner } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { authorisedUserAtom } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { VehicleCardSlot } from '../../../lib/vehicle-card-slot';
import { accountQueries, useResendLinkMutation, useUpdateHolderMutation } from '../api/account-queries';
import { AccountVehicle } from './account-vehicle';
import { ContactEditDialog } from './contact-edit-dialog';
import { DataAccessRequestAction } from './data-access-request';
import { EscalationContacts } from './escalation-contacts';
import { NotificationPreferencesSection } from './notification-preferences';
import { PrivacySection } from './privacy-section';
import '../../../lib/staff-screens.css';

/**
 * /agent/clients/:clientId/account/view: the account holder, their escalation contacts and
 * notification preferences, and each vehicle with its drivers and plan.
 */
export function ViewAccountPage({ VehicleCard }: { VehicleCard: VehicleCardSlot }) {
  useDocumentTitle('View Account');
  const { clientId = '' } = useParams();
  const id = Number(clientId);
  const api = useApiClient();
  const holderQuery = useQuery(accountQueries.holder(api, id));
  const vehicles = useQuery(accountQueries.vehicles(api, id));
  const plans = useQuery(accountQueries.plans(api));
  const loading = holderQuery.isPending || vehicles.isPending || plans.isPending;
  // As before: the account shows once all three answers are in; a failure shows nothing (it is logged).
  const ready = !loading && holderQuery.isSuccess && vehicles.isSuccess && plans.isSuccess;

  return (
    <section className="view-account-page">
      <PageHeader title="View account" actions={<ResendLinkButton userId={id} />} />
      {loading && <Spinner label="Loading account" />}
      {ready && holderQuery.data && <AccountHolderCard holder={holderQuery.data} />}
      {ready && holderQuery.data && <EscalationContacts userId={id} />}
      {ready && holderQuery.data && <NotificationPreferencesSection userId={id} />}
      {ready && holderQuery.data && (
        <PrivacySection holder={holderQuery.data} vehicles={vehicles.data.items} />
      )}
      {ready &&
        vehicles.data.items.map((vehicle) => (
          <AccountVehicle
            key={vehicle.id}
            clientId={id}
            vehicle={vehicle}
            plans={plans.data}
            VehicleCard={VehicleCard}
          />
        ))}
    </section>
  );
}

function AccountHolderCard({ holder }: { holder: User }) {
  const update = useUpdateHolderMutation(holder.id);
  const [editing, setEditing] = useState(false);
  const name = `${holder.firstName} ${holder.lastName}`;
  return (
    <section className="view-account-page__holder" aria-label="Account holder">
      <InfoCard
        title={name}
        rows={personInfoRows({ ...holder, idNumber: holder.idNumber ?? '' })}
        onEdit={() => setEditing(true)}
      />
      <WhoViewedLink holder={holder} />
      <DataAccessRequestAction holder={holder} />
      {/* Mounted only while open, so every opening starts from the saved values. */}
      {editing && (
        <ContactEditDialog
          title="Account holder details"
          person={holder}
          open
          onOpenChange={setEditing}
          save={update.mutateAsync}
        />
      )}
    </section>
  );
}

/** The audit log narrowed to this holder (reads and changes of their data): Admin only, as the log is. */
function WhoViewedLink({ holder }: { holder: User }) {
  const role = useAtomValue(authorisedUserAtom)?.userRole;
  if (role !== ROLE.admin) return null;
  const { id, firstName, lastName } = holder;
  return (
    <Button asChild variant="ghost">
      <Link to={`${PATHS.auditLog}?holder=${id}`} state={{ holder: { id, firstName, lastName } }}>
        Who viewed this account
      </Link>
    </Button>
  );
}

function ResendLinkButton({ userId }: { userId: number }) {
  const resend = useResendLinkMutation(userId);
  return (
    <Button variant="secondary" busy={resend.isPending} onClick={() => resend.mutate()}>
      Resend Create Password Link
    </Button>
  );
}
