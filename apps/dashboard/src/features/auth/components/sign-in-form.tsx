import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { canSubmitSignIn, PATHS, trimCredential } from '@sentinel/domain';
import { Alert, Button, TextField } from '@sentinel/ui';
import { useSignIn } from '../api/use-sign-in';

export function SignInForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { submitting, message, signIn } = useSignIn();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmitSignIn({ email, password }) || submitting) return;
    void signIn({ email, password });
  }

  return (
    // noValidate: the spec's only client rule is "both non-empty"; the address itself is the server's call.
    <form className="sign-in-form" onSubmit={onSubmit} noValidate>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        value={email}
        onChange={(event) => setEmail(trimCredential(event.target.value))}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(trimCredential(event.target.value))}
      />
      <Link className="sign-in-form__forgot" to={PATHS.forgotPassword}>
        Forgot password
      </Link>
      {message !== undefined && <Alert variant="error">{message}</Alert>}
      <Button
        type="submit"
        disabled={!canSubmitSignIn({ email, password })}
        busy={submitting}
        busyLabel="Logging in"
      >
        Login
      </Button>
    </form>
  );
}
