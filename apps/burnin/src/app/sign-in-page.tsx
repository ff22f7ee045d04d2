import { useState } from 'react';
import type { FormEvent } from 'react';
import { isApiError, isNetworkError, isSecondFactorChallenge } from '@sentinel/api-sdk';
import type { ApiClient, SecondFactorChallenge } from '@sentinel/api-sdk';
import { BURN_IN_ROLES, canSubmitSignIn, signInFailureMessage, trimCredential } from '@sentinel/domain';
import type { AuthorisedUser } from '@sentinel/domain';
import { SecondFactorForm, signInSteps } from '@sentinel/screens/second-factor';
import { Alert, Button, Card, CardContent, CardHeader, Logo, TextField } from '@sentinel/ui';

/** Which roles the bench lets in, said in the words the service uses when it refuses a token. */
export const BENCH_REFUSAL = `The burn-in bench is for ${BURN_IN_ROLES.join(' and ')} users`;
export const UNREACHABLE_MESSAGE = 'The server could not be reached. Check your connection and try again.';
/** Staff who must set up a second factor before signing in (MFA_REQUIRED): the dashboard has the steps. */
export const SET_UP_ON_DASHBOARD =
  'Set up your second factor by signing in to the dashboard first, then sign in here.';
/**
 * The second step's ways. The api takes passkeys from the dashboard's origin only (WEBAUTHN_ORIGIN),
 * so the bench asks for the authenticator app's code or a recovery code.
 */
export const SECOND_STEP_TEXT =
  "Enter your authenticator app's code or a recovery code. Passkeys work on the dashboard only.";

const isBenchRole = (role: string) => (BURN_IN_ROLES as readonly string[]).includes(role);

/**
 * The bench's own sign-in: the api's staff accounts, Admin and Technical-Agent only, with their
 * second factor when they have one.
 */
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
  // In memory only: the challenge's token is proof of the password for a few minutes.
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmitSignIn({ email, password }) || submitting) return;
    setSubmitting(true);
    setMessage(undefined);
    try {
      const answer = await client.auth.signIn({ email, password });
      // A valid account of another role is not let in, nothing of it is kept and no second factor asked.
      if (!isBenchRole(answer.userRole)) setMessage(BENCH_REFUSAL);
      else if (!isSecondFactorChallenge(answer)) onSignedIn(answer);
      else if (answer.enrolmentRequired) setMessage(SET_UP_ON_DASHBOARD);
      else setChallenge(answer);
    } catch (error) {
      if (isApiError(error)) setMessage(signInFailureMessage(error.body) ?? error.message);
      else if (isNetworkError(error)) setMessage(UNREACHABLE_MESSAGE);
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
          {challenge === null ? (
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
          ) : (
            <div className="bench-sign-in__form">
              <p className="bench-sign-in__text">{SECOND_STEP_TEXT}</p>
              <SecondFactorForm
                factors={challenge.factors}
                submitLabel="Sign in"
                {...signInSteps(client.secondFactor, challenge, onSignedIn)}
              />
              {/* Back to the password, still filled in: a challenge lasts a few minutes. */}
              <Button type="button" variant="ghost" onClick={() => setChallenge(null)}>
                Back
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
