import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { errorText, isApiError } from '@sentinel/api-sdk';
import type { User, Vehicle } from '@sentinel/api-sdk';
import { ERASURE_MESSAGES, formatHistoryDate, ROLE, validateLegalHoldReason } from '@sentinel/domain';
import { Alert, Button, Dialog, DialogClose, DialogContent, DialogFooter, TextField } from '@sentinel/ui';
import { authorisedUserAtom } from '../../../lib/session';
import {
  useEndSubscriptionMutation,
  useEraseHolderMutation,
  useLegalHoldMutation,
} from '../api/privacy-queries';
import './notifications.css';

/**
 * View account's 'Privacy' (Admin only): the holder's legal hold, set or lifted with a reason; the
 * subscriptions that must end first; and the erasure, after a dialog that says what it does. A
 * refusal (a subscription running, a legal hold) shows the api's reason under the section.
 */
export function PrivacySection({ holder, vehicles }: { holder: User; vehicles: readonly Vehicle[] }) {
  const role = useAtomValue(authorisedUserAtom)?.userRole;
  if (role !== ROLE.admin) return null;
  const headingId = `privacy-${holder.id}`;
  return (
    <section className="account-notifications" aria-labelledby={headingId}>
      <h2 id={headingId}>Privacy</h2>
      {holder.erasedAt !== null ? (
        <p>This account holder was erased on {formatHistoryDate(holder.erasedAt)}.</p>
      ) : (
        <>
          <LegalHold holder={holder} />
          <Subscriptions
            userId={holder.id}
            vehicles={vehicles.filter((vehicle) => vehicle.subscriptionId !== null)}
          />
          <Erase holder={holder} />
        </>
      )}
    </section>
  );
}

function LegalHold({ holder }: { holder: User }) {
  const change = useLegalHoldMutation(holder.id);
  const held = holder.legalHold !== null;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [notice, setNotice] = useState<string>();

  function submit() {
    setNotice(undefined);
    setFailure(undefined);
    const message = validateLegalHoldReason(reason);
    setError(message);
    if (message !== undefined) return;
    change.mutate(
      { set: !held, reason: reason.trim() },
      {
        onSuccess: () => {
          setReason('');
          setNotice(held ? 'Legal hold lifted.' : 'Legal hold set.');
        },
        onError: (caught) => {
          const field = isApiError(caught) ? caught.errors['Reason']?.[0] : undefined;
          if (field !== undefined) setError(field);
          else setFailure(errorText(caught));
        },
      },
    );
  }

  return (
    <>
      <p>
        {holder.legalHold === null
          ? 'No legal hold is set.'
          : `Under a legal hold since ${formatHistoryDate(holder.legalHold.setAt)}: ${holder.legalHold.reason}`}
      </p>
      <TextField
        label={held ? 'Reason for lifting the legal hold' : 'Legal hold reason'}
        hint={held ? undefined : 'The case and who asked, e.g. SAPS case 123/04/2026, Sandton'}
        value={reason}
        error={error}
        onChange={(event) => {
          setReason(event.target.value);
          setError(undefined);
        }}
      />
      {failure !== undefined && <Alert variant="error">{failure}</Alert>}
      {notice !== undefined && <Alert variant="success">{notice}</Alert>}
      <div className="account-notifications__actions">
        <Button variant="secondary" busy={change.isPending} busyLabel="Saving" onClick={submit}>
          {held ? 'Lift legal hold' : 'Set legal hold'}
        </Button>
      </div>
    </>
  );
}

/** The vehicles whose subscription has not ended, each with its End. */
function Subscriptions({ userId, vehicles }: { userId: number; vehicles: readonly Vehicle[] }) {
  const end = useEndSubscriptionMutation(userId);
  const [ending, setEnding] = useState<Vehicle>();
  if (vehicles.length === 0) return null;
  return (
    <>
      <p className="account-notifications__note">
        An account holder is erased once every subscription has ended.
      </p>
      <ul aria-label="Subscriptions">
        {vehicles.map((vehicle) => (
          <li key={vehicle.id}>
            {vehicle.registrationNumber}{' '}
            <Button variant="ghost" onClick={() => setEnding(vehicle)}>
              End subscription
            </Button>
          </li>
        ))}
      </ul>
      {end.isError && <Alert variant="error">{errorText(end.error)}</Alert>}
      <Confirm
        open={ending !== undefined}
        title={`End the subscription of ${ending?.registrationNumber ?? ''}?`}
        description="The vehicle is no longer covered, and a deposit link still open stops working."
        confirmLabel="End subscription"
        busy={end.isPending}
        onCancel={() => setEnding(undefined)}
        onConfirm={() => end.mutate(ending!.id, { onSettled: () => setEnding(undefined) })}
      />
    </>
  );
}

function Erase({ holder }: { holder: User }) {
  const erase = useEraseHolderMutation(holder.id);
  const [confirming, setConfirming] = useState(false);
  const name = `${holder.firstName} ${holder.lastName}`;
  return (
    <>
      {erase.isError && <Alert variant="error">{errorText(erase.error)}</Alert>}
      <div className="account-notifications__actions">
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Erase account holder
        </Button>
      </div>
      <Confirm
        open={confirming}
        title={`Erase ${name}?`}
        description={ERASURE_MESSAGES.consequence}
        confirmLabel="Erase account holder"
        busy={erase.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => erase.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </>
  );
}

function Confirm(props: {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={props.open} onOpenChange={(open) => !open && props.onCancel()}>
      <DialogContent title={props.title} description={props.description}>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button variant="danger" busy={props.busy} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
