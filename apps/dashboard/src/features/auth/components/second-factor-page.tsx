import { useAtomValue } from 'jotai';
import { Navigate } from 'react-router';
import { startAuthentication } from '@simplewebauthn/browser';
import { PATHS } from '@sentinel/domain';
import { SecondFactorForm, signInSteps } from '@sentinel/screens/second-factor';
import { useApiClient } from '../../../lib/api-client';
import { useFinishSignIn } from '../api/use-finish-sign-in';
import { challengeAtom } from '../stores/challenge';
import { SignInCard } from './sign-in-card';

/** /login/second-factor: after the password, the authenticator app's code, a passkey or a recovery code. */
export function SecondFactorPage() {
  const challenge = useAtomValue(challengeAtom);
  const client = useApiClient();
  const finish = useFinishSignIn();
  // The challenge lives in memory: after a reload the sign-in starts again.
  if (challenge === null) return <Navigate to={PATHS.login} replace />;

  return (
    <SignInCard title="Second factor">
      <SecondFactorForm
        factors={challenge.factors}
        submitLabel="Sign in"
        {...signInSteps(client.secondFactor, challenge, finish, (optionsJSON) =>
          startAuthentication({ optionsJSON }),
        )}
      />
    </SignInCard>
  );
}
