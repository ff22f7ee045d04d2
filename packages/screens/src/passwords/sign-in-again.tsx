import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { errorText, isSecondFactorRequiredError } from '@sentinel/api-sdk';
import type { SecondFactorChallenge } from '@sentinel/api-sdk';
import { MESSAGES } from '@sentinel/domain';
import type { SignInRequest } from '@sentinel/domain';
import { Alert, Button } from '@sentinel/ui';
import { SecondFactorForm } from '../second-factor/second-factor-form';
import type { SecondFactorHandlers } from '../second-factor/second-factor-form';
import { SignInAgainForm } from './sign-in-again-form';

/** Said when the account must set up a second factor before it can sign in (MFA_REQUIRED). */
export const SET_UP_SECOND_FACTOR_FIRST =
  'Your account has no second factor yet: sign out and sign in again to set one up.';

export interface SignInAgainProps {
  /** The password step; throws SecondFactorRequiredError when a second factor must follow. */
  signInAgain: (request: SignInRequest) => Promise<void>;
  /** The second step's calls for the challenge; without them such a sign-in ends in the SDK's message. */
  secondFactor?: ((challenge: SecondFactorChallenge) => SecondFactorHandlers) | undefined;
  /** Signed in again (with the second factor when it was asked for): the change can be made. */
  onSignedIn: () => void;
}

/**
 * Signing in again on the page: the e-mail address and current password, then, for staff with a
 * second factor, its code, recovery code or passkey. Nothing typed is lost going back.
 */
export function SignInAgain({ signInAgain, secondFactor, onSignedIn }: SignInAgainProps) {
  const [challenge, setChallenge] = useState<SecondFactorChallenge | undefined>();
  const password = useMutation({
    mutationFn: signInAgain,
    onSuccess: onSignedIn,
    onError: (error) => {
      if (secondFactor !== undefined && isSecondFactorRequiredError(error)) setChallenge(error.challenge);
    },
  });
  const handlers = challenge === undefined ? undefined : secondFactor?.(challenge);
  const thenSignedIn =
    <A extends unknown[]>(send: (...args: A) => Promise<void>) =>
    async (...args: A) => {
      await send(...args);
      onSignedIn();
    };

  return (
    <>
      <SignInAgainForm
        hidden={challenge !== undefined}
        busy={password.isPending}
        onSubmit={(request) => password.mutate(request)}
      />
      {password.isError && challenge === undefined && (
        <Alert variant="error">
          {isSecondFactorRequiredError(password.error)
            ? password.error.message
            : errorText(password.error, MESSAGES.invalidSignIn)}
        </Alert>
      )}
      {challenge?.enrolmentRequired === true && <Alert variant="error">{SET_UP_SECOND_FACTOR_FIRST}</Alert>}
      {challenge?.enrolmentRequired === false && handlers !== undefined && (
        <SecondFactorForm
          factors={challenge.factors}
          submitLabel="Sign in and change password"
          onCode={thenSignedIn(handlers.onCode)}
          onRecoveryCode={thenSignedIn(handlers.onRecoveryCode)}
          onPasskey={handlers.onPasskey && thenSignedIn(handlers.onPasskey)}
        />
      )}
      {challenge !== undefined && (
        // A challenge lasts a few minutes: once it has expired the person signs in again from here.
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setChallenge(undefined);
            password.reset();
          }}
        >
          Back
        </Button>
      )}
    </>
  );
}
