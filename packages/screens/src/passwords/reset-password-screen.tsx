import { useMutation, useQuery } from '@tanstack/react-query';
import { errorText, isApiError } from '@sentinel/api-sdk';
import { Alert, PageHeader, Spinner } from '@sentinel/ui';
import { MESSAGES } from '@sentinel/domain';
import type { SignInRequest } from '@sentinel/domain';
import type { ApiClient, SecondFactorChallenge } from '@sentinel/api-sdk';
import type { SecondFactorHandlers } from '../second-factor/second-factor-form';
import { NewPasswordForm } from './new-password-form';
import { SignInAgain } from './sign-in-again';
import { fieldErrorsOf, passwordQueries } from './password-services';
import type { PasswordServices } from './password-services';
import './password-screens.css';

export interface ResetPasswordScreenProps extends PasswordServices {
  /** The token of the e-mailed reset link (`?token=`); null means a signed-in user changes theirs. */
  token: string | null;
  /** The signed-in user's calls; without them (no session) a visit without a token is refused. */
  my?: Pick<ApiClient['my'], 'updatePassword'> | undefined;
  /**
   * Signs the user in again (the SDK's sign-in call, its answer kept as the app's session) when a
   * change is refused for want of a recent sign-in; the change is then made with the new sign-in.
   * Throws SecondFactorRequiredError (as `auth.signInByEmail` does) when a second factor must
   * follow. Without it the screen only says to sign in again.
   */
  signInAgain?: ((request: SignInRequest) => Promise<void>) | undefined;
  /**
   * The second step of signing in again, for the challenge signInAgain threw: the calls of the
   * second-factor form (`signInSteps` of `@sentinel/screens/second-factor`), each keeping the
   * finished sign-in as the app's session. Without it such a sign-in ends in the SDK's message.
   */
  secondFactor?: ((challenge: SecondFactorChallenge) => SecondFactorHandlers) | undefined;
  /** After a completed reset (the app goes to '/'). */
  onReset: () => void;
}

/**
 * Reset or update password (spec part 2 §2): with a token the link is verified, then the reset
 * completed, then the app goes to '/'; without one the signed-in user's password is changed.
 */
export function ResetPasswordScreen({
  auth,
  my,
  signInAgain,
  secondFactor,
  token,
  onReset,
}: ResetPasswordScreenProps) {
  return token === null || token === '' ? (
    <UpdatePassword my={my} signInAgain={signInAgain} secondFactor={secondFactor} />
  ) : (
    <ResetWithLink auth={auth} token={token} onReset={onReset} />
  );
}

function ResetWithLink({ auth, token, onReset }: PasswordServices & { token: string; onReset: () => void }) {
  const link = useQuery(passwordQueries.resetLink(auth, token));
  const complete = useMutation({
    mutationFn: ({ password, confirmation }: { password: string; confirmation: string }) =>
      auth.completePasswordReset({ passwordResetToken: token, password, passwordConfirmation: confirmation }),
    onSuccess: onReset,
  });

  return (
    <main className="password-screen">
      <PageHeader title="Reset password" />
      {link.isPending && <Spinner label="Checking the link" />}
      {link.isError && <Alert variant="error">{errorText(link.error, MESSAGES.passwordLinkInvalid)}</Alert>}
      {link.isSuccess && (
        <NewPasswordForm
          submitLabel="Reset password"
          busy={complete.isPending}
          errors={fieldErrorsOf(complete.error)}
          onSubmit={(password, confirmation) => complete.mutate({ password, confirmation })}
        />
      )}
      {complete.isError && <Alert variant="error">{errorText(complete.error)}</Alert>}
    </main>
  );
}

interface NewPassword {
  password: string;
  confirmation: string;
}

function UpdatePassword({
  my,
  signInAgain,
  secondFactor,
}: Pick<ResetPasswordScreenProps, 'my' | 'signInAgain' | 'secondFactor'>) {
  const update = useMutation({
    mutationFn: ({ password, confirmation }: NewPassword) => {
      if (!my) throw new Error(MESSAGES.passwordLinkInvalid);
      return my.updatePassword({ password, passwordConfirmation: confirmation });
    },
  });
  // The api asks for a recent sign-in (403): the person signs in again here, and the password
  // they already typed is then changed.
  const needsSignIn = isApiError(update.error) && update.error.status === 403;
  const change = update.variables;

  return (
    <main className="password-screen">
      <PageHeader title="Change password" />
      {my === undefined ? (
        <Alert variant="error">{MESSAGES.passwordLinkInvalid}</Alert>
      ) : update.isSuccess ? (
        <Alert variant="success">{update.data.message}</Alert>
      ) : (
        <>
          <NewPasswordForm
            submitLabel="Change password"
            busy={update.isPending}
            errors={fieldErrorsOf(update.error)}
            onSubmit={(password, confirmation) => update.mutate({ password, confirmation })}
          />
          {update.isError && <Alert variant="error">{errorText(update.error)}</Alert>}
          {needsSignIn && signInAgain !== undefined && change !== undefined && (
            <SignInAgain
              signInAgain={signInAgain}
              secondFactor={secondFactor}
              onSignedIn={() => update.mutate(change)}
            />
          )}
        </>
      )}
    </main>
  );
}
