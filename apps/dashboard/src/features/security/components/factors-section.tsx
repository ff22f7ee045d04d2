import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { startRegistration } from '@simplewebauthn/browser';
import { errorText } from '@sentinel/api-sdk';
import type { TotpEnrolment } from '@sentinel/api-sdk';
import { formatHistoryDate } from '@sentinel/domain';
import { Alert, Button, Spinner } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { passkeyErrorText } from '@sentinel/screens/second-factor';
import { RecoveryCodesList } from '../../../lib/second-factor/recovery-codes-list';
import { TotpSetup } from '../../../lib/second-factor/totp-setup';
import { securityQueries, useSecurityMutation } from '../api/security-queries';

/** The signed-in user's second factors: the authenticator app, passkeys and recovery codes. */
export function FactorsSection() {
  const api = useApiClient();
  const factors = useQuery(securityQueries.factors(api));
  const [totp, setTotp] = useState<TotpEnrolment | undefined>();
  const [codes, setCodes] = useState<readonly string[] | undefined>();
  const [message, setMessage] = useState<string | undefined>();
  const enrolTotp = useSecurityMutation((client) => client.secondFactor.enrolMyTotp());
  const removeTotp = useSecurityMutation((client) => client.secondFactor.removeMyTotp());
  const removePasskey = useSecurityMutation((client, id: string) => client.secondFactor.removeMyPasskey(id));
  const newCodes = useSecurityMutation((client) => client.secondFactor.newRecoveryCodes());
  const addPasskey = useSecurityMutation(async (client) => {
    const optionsJSON = await client.secondFactor.myPasskeyRegistrationOptions();
    await client.secondFactor.addMyPasskey({ credential: await startRegistration({ optionsJSON }) });
  });
  const confirmTotp = useSecurityMutation((client, code: string) => client.secondFactor.confirmMyTotp(code));

  function run<T>(action: () => Promise<T>, toText: (error: unknown) => string = errorText) {
    setMessage(undefined);
    return action().catch((error: unknown) => {
      setMessage(toText(error));
      return undefined;
    });
  }

  if (codes !== undefined)
    return (
      <section aria-labelledby="factors-title">
        <h2 id="factors-title">Second factors</h2>
        <RecoveryCodesList codes={codes} onDone={() => setCodes(undefined)} />
      </section>
    );

  return (
    <section aria-labelledby="factors-title">
      <h2 id="factors-title">Second factors</h2>
      {factors.isPending && <Spinner label="Loading second factors" />}
      {factors.isError && <Alert variant="error">{errorText(factors.error)}</Alert>}
      {factors.data && (
        <>
          <h3>Authenticator app</h3>
          {totp !== undefined ? (
            <TotpSetup
              enrolment={totp}
              onConfirm={async (code) => {
                const answer = await confirmTotp.mutateAsync(code);
                setTotp(undefined);
                setCodes(answer.recoveryCodes);
              }}
            />
          ) : factors.data.totp ? (
            <p>
              Set up.{' '}
              <Button
                type="button"
                variant="secondary"
                busy={removeTotp.isPending}
                onClick={() => void run(() => removeTotp.mutateAsync(undefined))}
              >
                Remove authenticator app
              </Button>
            </p>
          ) : (
            <Button
              type="button"
              busy={enrolTotp.isPending}
              onClick={() => void run(async () => setTotp(await enrolTotp.mutateAsync(undefined)))}
            >
              Add authenticator app
            </Button>
          )}

          <h3>Passkeys</h3>
          <ul aria-label="Passkeys">
            {factors.data.passkeys.map((passkey) => (
              <li key={passkey.id}>
                <span>
                  <strong>{passkey.name}</strong> · added {formatHistoryDate(passkey.createdDateTime)}
                  {passkey.lastUsedDateTime !== null &&
                    ` · last used ${formatHistoryDate(passkey.lastUsedDateTime)}`}
                </span>
                <Button
                  type="button"
                  variant="secondary"
                  aria-label={`Remove passkey ${passkey.name}`}
                  busy={removePasskey.isPending && removePasskey.variables === passkey.id}
                  onClick={() => void run(() => removePasskey.mutateAsync(passkey.id))}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          <Button
            type="button"
            variant="secondary"
            busy={addPasskey.isPending}
            onClick={() => void run(() => addPasskey.mutateAsync(undefined), passkeyErrorText)}
          >
            Add a passkey
          </Button>

          <h3>Recovery codes</h3>
          {factors.data.totp || factors.data.passkeys.length > 0 ? (
            <>
              <p>{factors.data.recoveryCodesLeft} recovery codes left.</p>
              <Button
                type="button"
                variant="secondary"
                busy={newCodes.isPending}
                onClick={() =>
                  void run(async () => setCodes((await newCodes.mutateAsync(undefined)).recoveryCodes))
                }
              >
                New recovery codes
              </Button>
            </>
          ) : (
            <p>Recovery codes come with your first authenticator app or passkey.</p>
          )}
        </>
      )}
      {message !== undefined && <Alert variant="error">{message}</Alert>}
    </section>
  );
}
