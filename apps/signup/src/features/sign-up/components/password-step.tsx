import { PasswordChecklist, TextField } from '@sentinel/ui';
import { passwordChecklist, validateSignUpPasswordStep } from '@sentinel/domain';
import type { StepProps } from './sign-up-form';

/** Step 2: the password with its live checklist. */
export function PasswordStep({ values, errors, change, check }: StepProps) {
  return (
    <>
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        value={values.Password}
        error={errors['Password']?.[0]}
        onChange={(event) => change({ Password: event.target.value })}
        onBlur={() => check('Password', validateSignUpPasswordStep)}
      />
      <PasswordChecklist items={passwordChecklist(values.Password)} />
    </>
  );
}
