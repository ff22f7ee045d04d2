import { useState } from 'react';
import { errorText } from '@sentinel/api-sdk';
import type { FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, PageHeader, TextField } from '@sentinel/ui';
import { required } from '@sentinel/domain';
import type { PasswordServices } from './password-services';
import './password-screens.css';

export type ForgotPasswordScreenProps = PasswordServices;

/** Forgot password (spec part 2 §2): the address to send a reset link to; the server's message under it. */
export function ForgotPasswordScreen({ auth }: ForgotPasswordScreenProps) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const start = useMutation({
    mutationFn: (address: string) => auth.startPasswordReset({ Email: address }),
    onError: (failure) => setError(errorText(failure)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = required(email);
    setError(missing);
    if (missing === undefined) start.mutate(email.trim());
  };

  return (
    <main className="password-screen">
      <PageHeader title="Forgot password" />
      <form className="password-screen__form" onSubmit={submit} noValidate>
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          value={email}
          error={error}
          onChange={(event) => {
            setEmail(event.target.value.trim());
            setError(undefined);
          }}
        />
        <Button type="submit" busy={start.isPending} busyLabel="Submitting">
          Reset password
        </Button>
      </form>
      {start.isSuccess && <Alert variant="success">{start.data.message}</Alert>}
    </main>
  );
}
