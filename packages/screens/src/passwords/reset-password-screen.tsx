import { useMutation, useQuery } from '@tanstack/react-query';
import { errorText, isApiError } from '@sentinel/api-sdk';
import { Alert, PageHeader, Spinner } from '@sentinel/ui';
import { MESSAGES } from '@sentinel/domain';
import type { SignInRequest } from '@sentinel/domain';
import type { ApiClient } from '@sentinel/api-sdk';
import { NewPasswordForm } from './new-password-form';
import { SignInAgainForm } from './sign-in-again-form';
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
   * Without it the screen only says to sign in again.
   */
  signInAgain?: ((request: SignInRequest) => Promise<void>) | undefined;
  /** After a completed reset (the app goes to '/'). */
  onReset: () => void;
}

/**
 * Reset or update password (spec part 2 §2): with a token the link is verified, then the reset
 * completed, then the app goes to '/'; without one the signed-in user's password is changed.
 */
export function ResetPasswordScreen({ auth, my, signInAgain, token, onReset }: ResetPasswordScreenProps) {
  return token === null || token === '' ? (
    <UpdatePassword my={my} signInAgain={signInAgain} />
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

function UpdatePassword({ my, signInAgain }: Pick<ResetPasswordScreenProps, 'my' | 'signInAgain'>) {
  const update = useMutation({
    mutationFn: ({ password, confirmation }: NewPassword) => {
      if (!my) throw new Error(MESSAGES.passwordLinkInvalid);
      return my.updatePassword({ password, passwordConfirmation: confirmation });
    },
  });
  // The api asks for a recent sign-in (403): the person signs in again here, and the password
  // they already typed is then changed.
  const needsSignIn = isApiError(update.error) && update.error.status === 403;
  const reauthenticate = useMutation({
    mutationFn: async ({ request, change }: { request: SignInRequest; change: NewPassword }) => {
      await signInAgain?.(request);
      update.mutate(change);
    },
  });

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
          {needsSignIn && signInAgain !== undefined && update.variables !== undefined && (
            <>
              <SignInAgainForm
                busy={reauthenticate.isPending || update.isPending}
                onSubmit={(request) => {
                  if (update.variables) reauthenticate.mutate({ request, change: update.variables });
                }}
              />
              {reauthenticate.isError && (
                <Alert variant="error">{errorText(reauthenticate.error, MESSAGES.invalidSignIn)}</Alert>
              )}
            </>
          )}
        </>
      )}
    </main>
  );
}
