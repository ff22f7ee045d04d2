import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Button, PasswordChecklist, TextField } from '@sentinel/ui';
import { canSubmitNewPassword, passwordChecklist, validatePasswordConfirmation } from '@sentinel/domain';
import type { FieldErrors } from '@sentinel/domain';

export interface NewPasswordFormProps {
  /** @default 'New password' */
  passwordLabel?: string;
  submitLabel: string;
  /** While the call runs: the button reads 'Submitting'. */
  busy: boolean;
  /** The server's field errors (Password, PasswordConfirmation) shown under their fields. */
  errors?: FieldErrors;
  onSubmit: (password: string, confirmation: string) => void;
}

/**
 * A new password with its confirmation and the live checklist; submit is enabled once every rule
 * holds and the confirmation matches ('Passwords do not match' otherwise).
 */
export function NewPasswordForm({
  passwordLabel = 'New password',
  submitLabel,
  busy,
  errors = {},
  onSubmit,
}: NewPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const checklistId = useId();
  const mismatch = confirmation === '' ? undefined : validatePasswordConfirmation(password, confirmation);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmitNewPassword(password, confirmation)) onSubmit(password, confirmation);
  };

  return (
    <form className="password-screen__form" onSubmit={submit} noValidate>
      <TextField
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        value={password}
        aria-describedby={checklistId}
        error={errors['Password']?.[0]}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div id={checklistId}>
        <PasswordChecklist items={passwordChecklist(password)} />
      </div>
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        value={confirmation}
        error={mismatch ?? errors['PasswordConfirmation']?.[0]}
        onChange={(event) => setConfirmation(event.target.value)}
      />
      <Button
        type="submit"
        busy={busy}
        busyLabel="Submitting"
        disabled={!canSubmitNewPassword(password, confirmation)}
      >
        {submitLabel}
      </Button>
    </form>
  );
}
