// View account's 'Download their data' (Admin): an access request (POPIA section 23). A small dialog
// asks which position fixes to include (all, or a period typed in South African time), then shows
// the download link and until when it works. The link is shown this once: the api keeps only its
// token's hash, so closing the dialog forgets it and a new request makes a new one.
import { useCallback, useState } from 'react';
import type { FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { errorText } from '@sentinel/api-sdk';
import type { CreatedDataAccessRequest, User } from '@sentinel/api-sdk';
import {
  DATA_ACCESS_MESSAGES,
  DATA_ACCESS_REQUEST_HOURS,
  dataAccessRequestErrors,
  formatBreachTime,
  instantFromSastInput,
  ROLE,
} from '@sentinel/domain';
import type { FieldErrors } from '@sentinel/domain';
import { Alert, Button, Dialog, DialogClose, DialogContent, DialogFooter, TextField } from '@sentinel/ui';
import { authorisedUserAtom } from '../../../lib/session';
import { useFieldForm } from '../../../lib/use-field-form';
import { useCreateDataAccessRequestMutation } from '../api/data-access-queries';

type Holder = Pick<User, 'id' | 'firstName' | 'lastName'>;
type Field = 'FixesFrom' | 'FixesTo';
type Period = 'all' | 'period';

/** The 'Download their data' button and its dialog; nothing for anyone but an Admin, as the api refuses them. */
export function DataAccessRequestAction({ holder }: { holder: Holder }) {
  const role = useAtomValue(authorisedUserAtom)?.userRole;
  const [open, setOpen] = useState(false);
  if (role !== ROLE.admin) return null;
  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)}>
        Download their data
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {/* Mounted only while open, so every opening starts a new request. */}
        {open && (
          <DialogContent
            title="Download their data"
            description={
              `A zip of everything held about ${holder.firstName} ${holder.lastName}: their profile, vehicles, ` +
              'drivers, subscriptions and payments, history, position fixes, messages and who viewed their data.'
            }
          >
            <RequestForm userId={holder.id} />
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}

/** The period's field errors: both bounds when a period is chosen, in order (the domain's rule). */
function periodErrors(period: Period, values: Record<Field, string>): FieldErrors {
  if (period === 'all') return {};
  const errors: FieldErrors = {};
  if (values.FixesFrom.trim() === '') errors['FixesFrom'] = [DATA_ACCESS_MESSAGES.bound];
  if (values.FixesTo.trim() === '') errors['FixesTo'] = [DATA_ACCESS_MESSAGES.bound];
  return {
    ...dataAccessRequestErrors({
      fixesFrom: instantFromSastInput(values.FixesFrom),
      fixesTo: instantFromSastInput(values.FixesTo),
    }),
    ...errors,
  };
}

function RequestForm({ userId }: { userId: number }) {
  const create = useCreateDataAccessRequestMutation(userId);
  const [period, setPeriod] = useState<Period>('all');
  const validate = useCallback((values: Record<Field, string>) => periodErrors(period, values), [period]);
  const form = useFieldForm<Field>({ FixesFrom: '', FixesTo: '' }, validate);
  const [failure, setFailure] = useState<string>();

  if (create.data !== undefined) return <DownloadLink created={create.data} />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(undefined);
    if (create.isPending || !form.validateAll()) return;
    const request =
      period === 'all'
        ? {}
        : {
            fixesFrom: instantFromSastInput(form.values.FixesFrom),
            fixesTo: instantFromSastInput(form.values.FixesTo),
          };
    create.mutate(request, {
      onError: (error) => {
        if (!form.showServerErrors(error)) setFailure(errorText(error));
      },
    });
  };
  const choose = (next: Period) => {
    setPeriod(next);
    form.clearErrors('FixesFrom', 'FixesTo');
  };
  const dateField = (field: Field, label: string) => (
    <TextField
      label={label}
      type="datetime-local"
      {...form.bind(field)}
      onChange={(event) => form.setValue(field, event.target.value)}
    />
  );

  return (
    <form className="person-form" aria-label="Access request" onSubmit={submit} noValidate>
      <fieldset className="payment-plans">
        <legend>Position fixes</legend>
        <label className="payment-plans__plan">
          <input type="radio" name="fixes" checked={period === 'all'} onChange={() => choose('all')} />
          <span>All of them</span>
        </label>
        <label className="payment-plans__plan">
          <input type="radio" name="fixes" checked={period === 'period'} onChange={() => choose('period')} />
          <span>A period (South African time)</span>
        </label>
      </fieldset>
      {period === 'period' && dateField('FixesFrom', 'From')}
      {period === 'period' && dateField('FixesTo', 'To')}
      {failure !== undefined && (
        <Alert variant="error" title="The download link was not made">
          {failure}
        </Alert>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="secondary">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" busy={create.isPending} busyLabel="Making the link">
          Make the download link
        </Button>
      </DialogFooter>
    </form>
  );
}

function DownloadLink({ created }: { created: CreatedDataAccessRequest }) {
  return (
    <div className="person-form">
      <Alert variant="success" title="The download link is ready">
        It works until {formatBreachTime(created.expiresAt)} ({DATA_ACCESS_REQUEST_HOURS} hours) and is shown
        only now: copy it before you close this, or make a new one later. Anyone with the link can download
        the data, so send it only to the account holder.
      </Alert>
      <TextField label="Download link" value={created.downloadUrl} readOnly />
      <Button asChild>
        <a href={created.downloadUrl} download>
          Download the zip
        </a>
      </Button>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="secondary">
            Close
          </Button>
        </DialogClose>
      </DialogFooter>
    </div>
  );
}
