import { useCallback, useState } from 'react';
import type { FormEvent } from 'react';
import { canSubmitContactEdit, validateContactEdit } from '@sentinel/domain';
import type { ContactEditRequest } from '@sentinel/api-sdk';
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  IdNumberField,
  PhoneField,
  TextField,
} from '@sentinel/ui';
import { useFieldForm } from '../../../lib/use-field-form';

export interface EditablePerson {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  idNumber: string | null;
  idNumberIsSouthAfrican: boolean;
}

export interface ContactEditDialogProps {
  /** 'Account holder details' or 'Driver details'. */
  title: string;
  person: EditablePerson;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Sends the change and updates what the page shows; a rejection with field errors shows them beside the fields. */
  save: (request: ContactEditRequest) => Promise<unknown>;
}

type Field = 'Email' | 'PhoneNumber';

/**
 * The contact edit modal: name and ID read-only, email and phone editable, Save enabled once both
 * are filled. After a successful save the dialog closes over the saved values: the spec's page reload
 * is met by the cache update, without one (see the README).
 */
export function ContactEditDialog({ title, person, open, onOpenChange, save }: ContactEditDialogProps) {
  const validate = useCallback(
    (values: Record<Field, string>) =>
      validateContactEdit({ Email: values.Email, PhoneNumber: values.PhoneNumber }),
    [],
  );
  const form = useFieldForm<Field>({ Email: person.email, PhoneNumber: person.phoneNumber }, validate);
  const [saving, setSaving] = useState(false);
  const input = { Email: form.values.Email, PhoneNumber: form.values.PhoneNumber };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || !canSubmitContactEdit(input) || !form.validateAll()) return;
    setSaving(true);
    try {
      await save({ email: input.Email, phoneNumber: input.PhoneNumber });
      onOpenChange(false);
    } catch (error) {
      if (!form.showServerErrors(error)) console.error(error);
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title}>
        <form className="person-form" onSubmit={(event) => void onSubmit(event)} noValidate>
          <TextField label="Name" value={person.firstName} readOnly />
          <TextField label="Surname" value={person.lastName} readOnly />
          <IdNumberField
            isSouthAfrican={person.idNumberIsSouthAfrican}
            value={person.idNumber ?? ''}
            onValueChange={() => undefined}
            readOnly
          />
          <TextField
            label="Email address"
            type="email"
            autoComplete="email"
            {...form.bind('Email')}
            onChange={(event) => form.setValue('Email', event.target.value.trim())}
          />
          <PhoneField
            {...form.bind('PhoneNumber')}
            onValueChange={(value) => form.setValue('PhoneNumber', value)}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={!canSubmitContactEdit(input)} busy={saving} busyLabel="Saving">
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
