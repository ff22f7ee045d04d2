// 'Share live location': who the link is for and how long it lives; once made, its URL with a Copy
// button. The URL holds the link's only key and the server never gives it again, so it is shown
// here once: closing the dialog forgets it.
import { useCallback, useState } from 'react';
import type { FormEvent } from 'react';
import { errorText } from '@sentinel/api-sdk';
import {
  DEFAULT_SHARE_LINK_HOURS,
  MAX_SHARE_LINK_HOURS,
  SHARE_LINK_RECIPIENT_MAX_LENGTH,
  shareLinkErrors,
  shareLinkUntil,
} from '@sentinel/domain';
import type { CreatedShareLink } from '@sentinel/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  Select,
  TextField,
} from '@sentinel/ui';
import { useFieldForm } from '../../../lib/use-field-form';
import { useShareLinkActions } from '../api/share-link-queries';

const HOUR_CHOICES = [1, 2, 3, 4, 6, 8, 12, 24].filter((hours) => hours <= MAX_SHARE_LINK_HOURS);
const HOUR_OPTIONS = HOUR_CHOICES.map((hours) => ({
  value: String(hours),
  label: hours === 1 ? '1 hour' : `${hours} hours`,
}));

type Field = 'Recipient' | 'Hours';

export interface ShareLocationDialogProps {
  alarmId: number;
  /** The vehicle's registration, in the dialog's description. */
  registrationNumber: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ShareLocationDialog({
  alarmId,
  registrationNumber,
  open,
  onOpenChange,
}: ShareLocationDialogProps) {
  const [made, setMade] = useState<CreatedShareLink>();
  // The link is forgotten with the dialog: the next opening starts a new one.
  const openChange = (next: boolean) => {
    if (!next) setMade(undefined);
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogContent
        title="Share live location"
        description={`A link to ${registrationNumber}'s live position and last 30 minutes, for a responder. No sign-in; it expires.`}
      >
        {made ? <MadeLink link={made} /> : <ShareForm alarmId={alarmId} onMade={setMade} />}
      </DialogContent>
    </Dialog>
  );
}

function ShareForm({ alarmId, onMade }: { alarmId: number; onMade: (link: CreatedShareLink) => void }) {
  const { create } = useShareLinkActions(alarmId);
  const validate = useCallback(
    (values: Record<Field, string>) =>
      shareLinkErrors({ recipient: values.Recipient, hours: Number(values.Hours) }) ?? {},
    [],
  );
  const form = useFieldForm<Field>({ Recipient: '', Hours: String(DEFAULT_SHARE_LINK_HOURS) }, validate);
  const [failure, setFailure] = useState<string>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(undefined);
    if (create.isPending || !form.validateAll()) return;
    create.mutate(
      { recipient: form.values.Recipient.trim(), hours: Number(form.values.Hours) },
      {
        onSuccess: onMade,
        onError: (error) => {
          if (!form.showServerErrors(error)) setFailure(errorText(error));
        },
      },
    );
  };

  return (
    <form className="alarms-form" aria-label="Share live location" onSubmit={submit} noValidate>
      <TextField
        label="Recipient"
        hint="Who the link is for, e.g. Armed response or SAPS Sandton"
        maxLength={SHARE_LINK_RECIPIENT_MAX_LENGTH}
        {...form.bind('Recipient')}
        onChange={(event) => form.setValue('Recipient', event.target.value)}
      />
      <Select
        label="Expires after"
        options={HOUR_OPTIONS}
        value={form.values.Hours}
        error={form.error('Hours')}
        onValueChange={(value) => form.setValue('Hours', value)}
      />
      {failure && <Alert variant="error">{failure}</Alert>}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" busy={create.isPending} busyLabel="Creating the link">
          Create link
        </Button>
      </DialogFooter>
    </form>
  );
}

function MadeLink({ link }: { link: CreatedShareLink }) {
  const [copied, setCopied] = useState<string>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied('Copied');
    } catch {
      // No clipboard (insecure context, permission refused): the link stays selectable.
      setCopied('Could not copy: select the link and copy it');
    }
  };
  const until = shareLinkUntil(link.expiresDateTime, new Date(link.createdDateTime));
  return (
    <div className="alarms-form">
      <Alert variant="success">
        {`Send this link to ${link.recipient} now: it is shown only once. It works until ${until}.`}
      </Alert>
      <TextField label="Link" value={link.url} readOnly onFocus={(event) => event.currentTarget.select()} />
      <div className="alarms-form__actions">
        <Button onClick={() => void copy()}>Copy</Button>
        <DialogClose asChild>
          <Button variant="secondary">Done</Button>
        </DialogClose>
      </div>
      {copied && <p role="status">{copied}</p>}
    </div>
  );
}
