import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import QRCode from 'qrcode';
import { errorText } from '@sentinel/api-sdk';
import type { TotpEnrolment } from '@sentinel/api-sdk';
import { Button } from '@sentinel/ui';
import { AuthenticationCodeField } from '@sentinel/screens/second-factor';

/** The key as people type it: groups of four. */
function groupedKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Setting up an authenticator app: the QR code to scan, the key to type instead, and the first
 * code the app shows, which `onConfirm` sends (its refusal shows at the field).
 */
export function TotpSetup({
  enrolment,
  onConfirm,
}: {
  enrolment: TotpEnrolment;
  onConfirm: (code: string) => Promise<void>;
}) {
  const [qrCode, setQrCode] = useState<string | undefined>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    QRCode.toDataURL(enrolment.otpauthUri, { margin: 1, width: 200 })
      .then((url) => current && setQrCode(url))
      .catch(() => undefined); // the key below does the same job
    return () => {
      current = false;
    };
  }, [enrolment.otpauthUri]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (code.length !== 6 || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      await onConfirm(code);
    } catch (failure) {
      setError(errorText(failure));
      setBusy(false);
    }
  }

  return (
    <form className="totp-setup" onSubmit={(event) => void onSubmit(event)} noValidate>
      <p>Scan this QR code with your authenticator app, or type the key into it.</p>
      {qrCode !== undefined && (
        <img
          className="totp-setup__qr"
          src={qrCode}
          width={200}
          height={200}
          alt="QR code for your authenticator app"
        />
      )}
      <p>
        Key: <code aria-label="Key">{groupedKey(enrolment.secret)}</code>
      </p>
      <AuthenticationCodeField
        value={code}
        error={error}
        onChange={setCode}
        hint="The 6-digit code your app shows now."
      />
      <Button type="submit" busy={busy} disabled={code.length !== 6}>
        Confirm
      </Button>
    </form>
  );
}
