import { useState } from 'react';
import type { FormEvent } from 'react';
import type { SecondFactorKind } from '@sentinel/api-sdk';
import { errorText } from '@sentinel/api-sdk';
import { Button, TextField } from '@sentinel/ui';
import { AuthenticationCodeField } from './authentication-code-field';
import { passkeyErrorText } from './passkeys';
import './second-factor-form.css';

/** What the form sends: each resolves once the server took the factor, or rejects with its refusal. */
export interface SecondFactorHandlers {
  /** Sends the authenticator app's code. */
  onCode: (code: string) => Promise<void>;
  /** Sends a recovery code. */
  onRecoveryCode: (code: string) => Promise<void>;
  /**
   * Asks the browser for a passkey and sends it. Without it no passkey is offered (a page whose
   * origin the api does not take passkeys from, such as the burn-in bench).
   */
  onPasskey?: (() => Promise<void>) | undefined;
}

export interface SecondFactorFormProps extends SecondFactorHandlers {
  /** The factors the person has; the form offers those. */
  factors: readonly SecondFactorKind[];
  /** The button's words. @default 'Continue' */
  submitLabel?: string;
}

type Way = 'code' | 'recovery';

/**
 * The second factor, as sign-in's second step and the step-up prompt ask for it: the authenticator
 * app's 6-digit code, a passkey, or a recovery code. Refusals show at the field in the server's
 * words, and the code stays there to correct.
 */
export function SecondFactorForm({
  factors,
  onCode,
  onRecoveryCode,
  onPasskey,
  submitLabel = 'Continue',
}: SecondFactorFormProps) {
  const hasTotp = factors.includes('Totp');
  const [way, setWay] = useState<Way>(hasTotp ? 'code' : 'recovery');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function attempt(action: () => Promise<void>, toText: (error: unknown) => string) {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      setError(toText(failure));
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = code.trim();
    if (typed === '' || busy) return;
    void attempt(
      () => (way === 'code' ? onCode(typed) : onRecoveryCode(typed)),
      (failure) => errorText(failure),
    );
  }

  function switchTo(next: Way) {
    setWay(next);
    setCode('');
    setError(undefined);
  }

  return (
    <form className="second-factor-form" onSubmit={onSubmit} noValidate>
      {way === 'code' ? (
        <AuthenticationCodeField value={code} error={error} onChange={setCode} />
      ) : (
        <TextField
          label="Recovery code"
          name="recovery-code"
          autoComplete="off"
          value={code}
          error={error}
          onChange={(event) => setCode(event.target.value)}
        />
      )}
      <Button type="submit" busy={busy} disabled={code.trim() === ''}>
        {submitLabel}
      </Button>
      <div className="second-factor-form__ways">
        {onPasskey !== undefined && factors.includes('Passkey') && (
          <Button
            type="button"
            variant="secondary"
            disabled={busy}
            onClick={() => void attempt(onPasskey, passkeyErrorText)}
          >
            Use a passkey
          </Button>
        )}
        {way === 'code' ? (
          <Button type="button" variant="secondary" disabled={busy} onClick={() => switchTo('recovery')}>
            Use a recovery code
          </Button>
        ) : (
          hasTotp && (
            <Button type="button" variant="secondary" disabled={busy} onClick={() => switchTo('code')}>
              Use an authentication code
            </Button>
          )
        )}
      </div>
    </form>
  );
}
