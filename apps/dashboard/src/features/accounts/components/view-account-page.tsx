import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { and, eq } from '@sentinel/api-sdk';
import type { ApiClient, User } from '@sentinel/api-sdk';
import { Button, InfoCard, PageHeader, personInfoRows, Spinner } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { useRememberVehicleNames } from '../../../lib/live/use-live';
import { useApiQuery } from '../../../lib/use-api-query';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AccountVehicle } from './account-vehicle';
import { ContactEditDialog } from './contact-edit-dialog';
import '../../../lib/staff-screens.css';

// A client has a handful of vehicles; one page holds them all.
const VEHICLES_PAGE_SIZE = 100;

/** /agent/clients/:clientId/account/view: the account holder, and each vehicle with its drivers and plan. */
export function ViewAccountPage() {
  useDocumentTitle('View Account');
  const { clientId = '' } = useParams();
  const id = Number(clientId);
  const load = useCallback(
    async (api: ApiClient) => {
      const [holders, vehicles, plans] = await Promise.all([
        api.users.list({ filter: and(eq('role', 'Account-Holder'), eq('id', id)) }),
        api.vehicles.list({ filter: eq('userId', id), pageSize: VEHICLES_PAGE_SIZE }),
        api.subscriptionPlans.list(),
      ]);
      return { holder: holders.items[0], vehicles: vehicles.items, plans };
    },
    [id],
  );
  const account = useApiQuery(load);
  // Live tamper notices name the vehicle by what this page has shown.
  useRememberVehicleNames(account.data?.vehicles);

  return (
    <section className="view-account-page">
      <PageHeader title="View account" actions={<ResendLinkButton userId={id} />} />
      {account.loading && <Spinner label="Loading account" />}
      {account.data?.holder && <AccountHolderCard holder={account.data.holder} />}
      {account.data?.vehicles.map((vehicle) => (
        <AccountVehicle key={vehicle.id} clientId={id} vehicle={vehicle} plans={account.data?.plans ?? []} />
      ))}
    </section>
  );
}

function AccountHolderCard({ holder }: { holder: User }) {
  const client = useApiClient();
  const [editing, setEditing] = useState(false);
  const name = `${holder.firstName} ${holder.lastName}`;
  return (
    <section className="view-account-page__holder" aria-label="Account holder">
      <InfoCard
        title={name}
        rows={personInfoRows({ ...holder, idNumber: holder.idNumber ?? '' })}
        onEdit={() => setEditing(true)}
      />
      {/* Mounted only while open, so every opening starts from the saved values. */}
      {editing && (
        <ContactEditDialog
          title="Account holder details"
          person={holder}
          open
          onOpenChange={setEditing}
          save={(request) => client.users.update(holder.id, request)}
        />
      )}
    </section>
  );
}

function ResendLinkButton({ userId }: { userId: number }) {
  const client = useApiClient();
  const [sending, setSending] = useState(false);

  async function resend() {
    setSending(true);
    try {
      await client.users.resendPasswordCreationLink(userId);
      window.alert('Password creation link resent successfully.');
    } catch (error) {
      console.error(error);
      window.alert('Failed to resend password creation link.');
    } finally {
      setSending(false);
    }
  }

  return (
    <Button variant="secondary" busy={sending} onClick={() => void resend()}>
      Resend Create Password Link
    </Button>
  );
}
