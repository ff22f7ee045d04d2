import { useCallback, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { canSubmitAccountHolder, ROUTES, validateAccountHolder } from '@sentinel/domain';
import { Alert, Button, PageHeader } from '@sentinel/ui';
import { useFieldForm } from '../../../lib/use-field-form';
import { useCreateAccountHolder } from '../api/use-create-account-holder';
import { PersonFields } from './person-fields';
import type { PersonField } from './person-fields';
import '../../../lib/staff-screens.css';

type Field = PersonField;

const EMPTY: Record<Field, string> = {
  FirstName: '',
  LastName: '',
  Email: '',
  PhoneNumber: '',
  IdNumber: '',
};

/** /agent/onboarding/client/add: creates the account holder, then goes on to add their driver. */
export function AccountHolderPage() {
  const createAccountHolder = useCreateAccountHolder();
  const navigate = useNavigate();
  const [isSouthAfrican, setIsSouthAfrican] = useState(true);
  const validate = useCallback(
    (values: Record<Field, string>) =>
      validateAccountHolder({ ...values, IdNumberIsSouthAfrican: isSouthAfrican }),
    [isSouthAfrican],
  );
  const form = useFieldForm<Field>(EMPTY, validate);
  const submitting = createAccountHolder.isPending;
  const input = { ...form.values, IdNumberIsSouthAfrican: isSouthAfrican };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || !canSubmitAccountHolder(input) || !form.validateAll()) return;
    let id: number;
    try {
      ({ id } = await createAccountHolder.mutateAsync(input));
    } catch (error) {
      // Field errors beside their fields, everything typed kept; other failures are silent.
      if (!form.showServerErrors(error)) console.error(error);
      return;
    }
    await navigate(ROUTES.addDriver(id));
  }

  function onSouthAfricanChange(checked: boolean) {
    setIsSouthAfrican(checked);
    // A passport is not an ID number: the switch starts the field afresh.
    form.setValue('IdNumber', '');
    form.clearErrors('IdNumber');
  }

  return (
    <section className="person-form-page">
      <PageHeader title="Account holder" />
      <Alert variant="info" title="Who is responsible for the account?">
        Collect the customer&apos;s full name, contact information and address.
      </Alert>
      <form className="person-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <PersonFields
          form={form}
          isSouthAfrican={isSouthAfrican}
          onSouthAfricanChange={onSouthAfricanChange}
          autofill
        />
        <Button
          type="submit"
          disabled={!canSubmitAccountHolder(input)}
          busy={submitting}
          busyLabel="Submitting"
        >
          Next
        </Button>
      </form>
    </section>
  );
}
