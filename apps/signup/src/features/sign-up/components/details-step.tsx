import { Checkbox, IdNumberField, PhoneField, TextField } from '@sentinel/ui';
import { validateSignUpDetailsStep } from '@sentinel/domain';
import type { StepProps } from './sign-up-form';

/** Step 3: name, surname, cellphone and ID (South African ID or passport). */
export function DetailsStep({ values, errors, change, check }: StepProps) {
  return (
    <>
      <TextField
        label="Name"
        autoComplete="given-name"
        value={values.FirstName}
        error={errors['FirstName']?.[0]}
        onChange={(event) => change({ FirstName: event.target.value })}
        onBlur={() => check('FirstName', validateSignUpDetailsStep)}
      />
      <TextField
        label="Surname"
        autoComplete="family-name"
        value={values.LastName}
        error={errors['LastName']?.[0]}
        onChange={(event) => change({ LastName: event.target.value })}
        onBlur={() => check('LastName', validateSignUpDetailsStep)}
      />
      <PhoneField
        value={values.PhoneNumber}
        hint="Required format: 0821234567"
        error={errors['PhoneNumber']?.[0]}
        onValueChange={(PhoneNumber) => change({ PhoneNumber })}
        onBlur={() => check('PhoneNumber', validateSignUpDetailsStep)}
      />
      <Checkbox
        label="Has a South African ID"
        checked={values.IdNumberIsSouthAfrican}
        // Toggling clears the number and its errors: one kind's rules do not fit the other.
        onCheckedChange={(checked) =>
          change({ IdNumberIsSouthAfrican: checked, IdNumber: '' }, { recheck: false })
        }
      />
      <IdNumberField
        isSouthAfrican={values.IdNumberIsSouthAfrican}
        value={values.IdNumber}
        error={errors['IdNumber']?.[0]}
        onValueChange={(IdNumber) => change({ IdNumber })}
        onBlur={() => check('IdNumber', validateSignUpDetailsStep)}
      />
    </>
  );
}
