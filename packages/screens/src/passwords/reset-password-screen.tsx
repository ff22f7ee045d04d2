import { useMutation, useQuery } from '@tanstack/react-query';
import { errorText } from '@sentinel/api-sdk';
import { Alert, PageHeader, Spinner } from '@sentinel/ui';
import { MESSAGES } from '@sentinel/domain';
import type { ApiClient } from '@sentinel/api-sdk';
import { NewPasswordForm } from './new-password-form';
import { fieldErrorsOf, passwordQueries } from './password-services';
import type { PasswordServices } from './password-services';
import './password-screens.css';

export interface ResetPasswordScreenProps extends PasswordServices {
  /** The token of the e-mailed reset link (`?token=`); null means a signed-in user changes theirs. */
  token: string | null;
  /** The signed-in user's calls; without them (no session) a visit without a token is refused. */
  my?: Pick<ApiClient['my'], 'updatePassword'> | undefined;
  /** After a completed reset (the app goes to '/'). */
  onReset: () => void;
}

/**
 * Reset or update password (spec part 2 §2): with a token the link is verified, then the reset
 * completed, then the app goes to '/'; without one the signed-in user's password is changed.
 */
export function ResetPasswordScreen({ auth, my, token, onReset }: ResetPasswordScreenProps) {
  return token === null || token === '' ? (
    <UpdatePassword my={my} />
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

function UpdatePassword({ my }: { my: ResetPasswordScreenProps['my'] }) {
  const update = useMutation({
    mutationFn: ({ password, confirmation }: { password: string; confirmation: string }) => {
      if (!my) throw new Error(MESSAGES.passwordLinkInvalid);
      return my.updatePassword({ password, passwordConfirmation: confirmation });
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
        </>
      )}
    </main>
  );
}
