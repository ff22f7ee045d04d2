import { IdNumberField, PhoneField, Switch, TextField } from '@sentinel/ui';
import type { FieldForm } from '../../../lib/use-field-form';

/** The five fields an account holder and a driver share (part 1 §5). */
export type PersonField = 'FirstName' | 'LastName' | 'Email' | 'PhoneNumber' | 'IdNumber';

export interface PersonFieldsProps {
  form: FieldForm<PersonField>;
  isSouthAfrican: boolean;
  onSouthAfricanChange: (checked: boolean) => void;
  /** The account holder's own details take the browser's autofill; a driver's are someone else's. */
  autofill: boolean;
}

/** Name, Surname, Email address, Cellphone number, the SA ID switch and the ID field. */
export function PersonFields({ form, isSouthAfrican, onSouthAfricanChange, autofill }: PersonFieldsProps) {
  const auto = (token: string) => (autofill ? token : 'off');
  return (
    <>
      <TextField
        label="Name"
        autoComplete={auto('given-name')}
        {...form.bind('FirstName')}
        onChange={(event) => form.setValue('FirstName', event.target.value)}
      />
      <TextField
        label="Surname"
        autoComplete={auto('family-name')}
        {...form.bind('LastName')}
        onChange={(event) => form.setValue('LastName', event.target.value)}
      />
      <TextField
        label="Email address"
        type="email"
        autoComplete={auto('email')}
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
    </>
  );
}
