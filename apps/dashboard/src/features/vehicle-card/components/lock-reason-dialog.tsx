// Lock asks why before it sends: the reason (and a note for Other) goes with the command and into
// the audit log. Unlock asks nothing.
import { useCallback, useState } from 'react';
import type { FormEvent } from 'react';
import {
  isLockReason,
  LOCK_NOTE_MAX_LENGTH,
  LOCK_REASON_LABELS,
  LOCK_REASONS,
  validateLockRequest,
} from '@sentinel/domain';
import type { LockRequest } from '@sentinel/domain';
import { Button, Dialog, DialogClose, DialogContent, DialogFooter, Select, TextField } from '@sentinel/ui';
import { useFieldForm } from '../../../lib/use-field-form';

const REASON_OPTIONS = LOCK_REASONS.map((reason) => ({ value: reason, label: LOCK_REASON_LABELS[reason] }));

type Field = 'Reason' | 'Note';

export interface LockReasonDialogProps {
  /** The vehicle's registration, in the dialog's description. */
  registrationNumber: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Sends the lock; a rejection with field errors shows them beside the fields. */
  lock: (request: LockRequest) => Promise<unknown>;
}

export function LockReasonDialog({ registrationNumber, open, onOpenChange, lock }: LockReasonDialogProps) {
  const validate = useCallback(
    (values: Record<Field, string>) =>
      validateLockRequest({ reason: values.Reason, note: values.Note }) ?? {},
    [],
  );
  const form = useFieldForm<Field>({ Reason: '', Note: '' }, validate);
  const [sending, setSending] = useState(false);
  const reason = form.values.Reason;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending || !form.validateAll() || !isLockReason(reason)) return;
    const note = form.values.Note.trim();
    setSending(true);
    try {
      await lock(note === '' ? { reason } : { reason, note });
      onOpenChange(false);
    } catch (error) {
      if (!form.showServerErrors(error)) console.error(error);
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Lock the vehicle" description={`Why is ${registrationNumber} being locked?`}>
        <form className="lock-reason-form" onSubmit={(event) => void onSubmit(event)} noValidate>
          <Select
            label="Reason"
            placeholder="Select a reason"
            options={REASON_OPTIONS}
            value={reason}
            error={form.bind('Reason').error}
            onValueChange={(value) => form.setValue('Reason', value)}
          />
          <TextField
            label={reason === 'Other' ? 'Note' : 'Note (optional)'}
            maxLength={LOCK_NOTE_MAX_LENGTH}
            {...form.bind('Note')}
            onChange={(event) => form.setValue('Note', event.target.value)}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={reason === ''} busy={sending} busyLabel="Locking">
              Lock
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
