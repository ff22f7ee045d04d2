import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate } from 'react-router';
import { startRegistration } from '@simplewebauthn/browser';
import { errorText } from '@sentinel/api-sdk';
import type { SignInWithRecoveryCodes, TotpEnrolment } from '@sentinel/api-sdk';
import { PATHS } from '@sentinel/domain';
import { passkeyErrorText } from '@sentinel/screens/second-factor';
import { Alert, Button } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { RecoveryCodesList } from '../../../lib/second-factor/recovery-codes-list';
import { TotpSetup } from '../../../lib/second-factor/totp-setup';
import { useFinishSignIn } from '../api/use-finish-sign-in';
import { challengeAtom } from '../stores/challenge';
import { SignInCard } from './sign-in-card';

/**
 * /login/enrol: a staff member without a second factor sets one up before the first sign-in goes
 * through (an authenticator app or a passkey), then sees the recovery codes once.
 */
export function EnrolPage() {
  const challenge = useAtomValue(challengeAtom);
  const client = useApiClient();
  const finish = useFinishSignIn();
  const [totp, setTotp] = useState<TotpEnrolment | undefined>();
  const [signedIn, setSignedIn] = useState<SignInWithRecoveryCodes | undefined>();
  const [message, setMessage] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  if (challenge === null) return <Navigate to={PATHS.login} replace />;
  const { challengeToken } = challenge;

  async function step(action: () => Promise<void>, toText: (error: unknown) => string) {
    setBusy(true);
    setMessage(undefined);
    try {
      await action();
    } catch (error) {
      setMessage(toText(error));
    } finally {
      setBusy(false);
    }
  }

  /** Enrolled: the recovery codes first, when the answer has them; then in. */
  function enrolled(answer: SignInWithRecoveryCodes) {
    if (answer.recoveryCodes !== undefined && answer.recoveryCodes.length > 0) setSignedIn(answer);
    else void finish(answer);
  }

  if (signedIn?.recoveryCodes !== undefined)
    return (
      <SignInCard title="Save your recovery codes">
        <RecoveryCodesList codes={signedIn.recoveryCodes} onDone={() => void finish(signedIn)} />
      </SignInCard>
    );

  if (totp !== undefined)
    return (
      <SignInCard title="Set up your authenticator app">
        <TotpSetup
          enrolment={totp}
          onConfirm={async (code) =>
            enrolled(await client.secondFactor.confirmTotp({ challengeToken, code }))
          }
        />
      </SignInCard>
    );

  return (
    <SignInCard title="Set up a second factor">
      <p>Your account needs a second factor to sign in. Choose one:</p>
      <div className="enrol-page__choices">
        <Button
          type="button"
          disabled={busy}
          onClick={() =>
            void step(
              async () => setTotp(await client.secondFactor.enrolTotp({ challengeToken })),
              (error) => errorText(error),
            )
          }
        >
          Authenticator app
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={busy}
          onClick={() =>
            void step(async () => {
              const optionsJSON = await client.secondFactor.passkeyRegistrationOptions({ challengeToken });
              const credential = await startRegistration({ optionsJSON });
              enrolled(await client.secondFactor.registerPasskey({ challengeToken, credential }));
            }, passkeyErrorText)
          }
        >
          Passkey
        </Button>
      </div>
      {message !== undefined && <Alert variant="error">{message}</Alert>}
    </SignInCard>
  );
}
