import { useMutation } from '@tanstack/react-query';
import { errorText } from '@sentinel/api-sdk';
import { Alert, PageHeader } from '@sentinel/ui';
import { MESSAGES } from '@sentinel/domain';
import { NewPasswordForm } from './new-password-form';
import { fieldErrorsOf } from './password-services';
import type { PasswordServices } from './password-services';
import './password-screens.css';

export interface CreatePasswordScreenProps extends PasswordServices {
  /** The token of the e-mailed link (`?token=`), or null when the link had none. */
  token: string | null;
}

/** Create password (spec part 2 §2): the first password of an account, from the e-mailed link. */
export function CreatePasswordScreen({ auth, token }: CreatePasswordScreenProps) {
  const create = useMutation({
    mutationFn: (password: string) => auth.createPassword({ password, passwordResetToken: token ?? '' }),
  });

  return (
    <main className="password-screen">
      <PageHeader title="Create password" />
      {create.isSuccess ? (
        <Alert variant="success" title={MESSAGES.passwordCreated}>
          {MESSAGES.passwordCreatedNext}
        </Alert>
      ) : (
        <>
          {token === null || token === '' ? (
            <Alert variant="error">{MESSAGES.passwordLinkInvalid}</Alert>
          ) : (
            <NewPasswordForm
              passwordLabel="Password"
              submitLabel="Create password"
              busy={create.isPending}
              errors={fieldErrorsOf(create.error)}
              onSubmit={(password) => create.mutate(password)}
            />
          )}
          {create.isError && (
            <Alert variant="error">{errorText(create.error, MESSAGES.passwordCreateFailed)}</Alert>
          )}
        </>
      )}
    </main>
  );
}
