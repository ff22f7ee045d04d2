import type { FormEvent } from 'react';
import { canSubmitDriver } from '@sentinel/domain';
import { Button, IdNumberField, PhoneField, Switch, TextField } from '@sentinel/ui';
import type { FieldForm } from '../../../lib/use-field-form';

export type DriverField = 'FirstName' | 'LastName' | 'Email' | 'PhoneNumber' | 'IdNumber';

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
      <TextField
        label="Name"
        autoComplete="off"
        {...form.bind('FirstName')}
        onChange={(event) => form.setValue('FirstName', event.target.value)}
      />
      <TextField
        label="Surname"
        autoComplete="off"
        {...form.bind('LastName')}
        onChange={(event) => form.setValue('LastName', event.target.value)}
      />
      <TextField
        label="Email address"
        type="email"
        autoComplete="off"
        {...form.bind('Email')}
        onChange={(event) => form.setValue('Email', event.target.value.trim())}
      />
      <PhoneField
        hint="Required format: 0821234567"
        {...form.bind('PhoneNumber')}
        onValueChange={(value) => form.setValue('PhoneNumber', value)}
      />
      <Switch
        label="Has a South African ID"
        checked={isSouthAfrican}
        onCheckedChange={onSouthAfricanChange}
      />
      <IdNumberField
        isSouthAfrican={isSouthAfrican}
        {...form.bind('IdNumber')}
        onValueChange={(value) => form.setValue('IdNumber', value)}
      />
      <Button type="submit" disabled={!ready}>
        Next
      </Button>
    </form>
  );
}
