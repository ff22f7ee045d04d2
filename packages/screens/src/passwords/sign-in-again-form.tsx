import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button, TextField } from '@sentinel/ui';
import { canSubmitSignIn, trimCredential } from '@sentinel/domain';
import type { SignInRequest } from '@sentinel/domain';

export interface SignInAgainFormProps {
  /** While the sign-in runs: the button reads 'Submitting'. */
  busy: boolean;
  onSubmit: (request: SignInRequest) => void;
  /** Out of sight while the second factor is asked for, keeping what was typed. @default false */
  hidden?: boolean;
}

/**
 * The e-mail address and current password, asked for when a password change needs a recent
 * sign-in: the person proves it is them without leaving the page or losing the new password.
 */
export function SignInAgainForm({ busy, onSubmit, hidden = false }: SignInAgainFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const request = { email: trimCredential(email), password };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmitSignIn(request)) onSubmit(request);
  };

  return (
    <form
      className="password-screen__form"
      onSubmit={submit}
      noValidate
      aria-label="Sign in again"
      hidden={hidden}
    >
      <TextField
        label="Email address"
        type="email"
        autoComplete="username"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" busy={busy} busyLabel="Submitting" disabled={!canSubmitSignIn(request)}>
        Sign in and change password
      </Button>
    </form>
  );
}
