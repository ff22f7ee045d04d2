import { useState } from 'react';
import type { FormEvent } from 'react';
import { isApiError, isNetworkError, isSecondFactorRequiredError } from '@sentinel/api-sdk';
import type { ApiClient } from '@sentinel/api-sdk';
import { BURN_IN_ROLES, canSubmitSignIn, signInFailureMessage, trimCredential } from '@sentinel/domain';
import type { AuthorisedUser } from '@sentinel/domain';
import { Alert, Button, Card, CardContent, CardHeader, Logo, TextField } from '@sentinel/ui';

/** Which roles the bench lets in, said in the words the service uses when it refuses a token. */
export const BENCH_REFUSAL = `The burn-in bench is for ${BURN_IN_ROLES.join(' and ')} users`;
export const UNREACHABLE_MESSAGE = 'The server could not be reached. Check your connection and try again.';

/** The bench's own sign-in: the api's staff accounts, Admin and Technical-Agent only. */
export function SignInPage({
  client,
  onSignedIn,
}: {
  client: ApiClient;
  onSignedIn: (user: AuthorisedUser) => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState<string | undefined>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmitSignIn({ email, password }) || submitting) return;
    setSubmitting(true);
    setMessage(undefined);
    try {
      const user = await client.auth.signInByEmail({ email, password });
      // A valid account of another role is not let in, and nothing of it is kept.
      if (!(BURN_IN_ROLES as readonly string[]).includes(user.userRole)) setMessage(BENCH_REFUSAL);
      else onSignedIn(user);
    } catch (error) {
      if (isApiError(error)) setMessage(signInFailureMessage(error.body) ?? error.message);
      else if (isNetworkError(error)) setMessage(UNREACHABLE_MESSAGE);
      // The bench has no second step yet: the person is told rather than left with nothing.
      else if (isSecondFactorRequiredError(error)) setMessage(error.message);
      else throw error;
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <main className="bench-sign-in">
      <Card className="bench-sign-in__card">
        <CardHeader>
          <Logo />
          <h1 className="bench-sign-in__title">Sign in to the burn-in bench</h1>
        </CardHeader>
        <CardContent>
          <form className="bench-sign-in__form" onSubmit={(event) => void onSubmit(event)} noValidate>
            <TextField
              label="Email"
              type="email"
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(trimCredential(event.target.value))}
            />
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(trimCredential(event.target.value))}
            />
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
        </CardContent>
      </Card>
    </main>
  );
}
