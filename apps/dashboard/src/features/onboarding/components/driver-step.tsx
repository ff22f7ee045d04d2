import type { FormEvent } from 'react';
import { canSubmitDriver } from '@sentinel/domain';
import { Button } from '@sentinel/ui';
import type { FieldForm } from '../../../lib/use-field-form';
import { PersonFields } from './person-fields';
import type { PersonField } from './person-fields';

export type DriverField = PersonField;

export const EMPTY_DRIVER: Record<DriverField, string> = {
  FirstName: '',
  LastName: '',
  Email: '',
  PhoneNumber: '',
  IdNumber: '',
};

export interface DriverStepProps {
  form: FieldForm<DriverField>;
  isSouthAfrican: boolean;
  onSouthAfricanChange: (checked: boolean) => void;
  onNext: () => void;
}

/** The driver details step: all five fields are required for 'Next'. */
export function DriverStep({ form, isSouthAfrican, onSouthAfricanChange, onNext }: DriverStepProps) {
  const ready = canSubmitDriver({ ...form.values, IdNumberIsSouthAfrican: isSouthAfrican });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (ready && form.validateAll()) onNext();
  }

  return (
    <form className="person-form" onSubmit={onSubmit} noValidate aria-label="Driver details">
      <h2>Driver details</h2>
      <PersonFields
        form={form}
        isSouthAfrican={isSouthAfrican}
        onSouthAfricanChange={onSouthAfricanChange}
        autofill={false}
      />
      <Button type="submit" disabled={!ready}>
        Next
      </Button>
    </form>
  );
}
