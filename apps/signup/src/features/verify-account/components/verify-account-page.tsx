import { useState } from 'react';
import { useLocation } from 'wouter';
import { errorText, isApiError, REQUEST_FAILED_TEXT } from '@sentinel/api-sdk';
import { Alert, Button, OtpInput } from '@sentinel/ui';
import { isOtpComplete, PATHS } from '@sentinel/domain';
import { readPhoneVerification } from '../../../lib/phone-verification';
import { useConfirmPhoneMutation, useResendCodeMutation } from '../api/phone-mutations';

/** Every message of a failed call's errors object (the spec shows them all under the boxes), else its text. */
function messagesOf(error: unknown): string[] {
  const listed = isApiError(error) ? Object.values(error.errors).flat() : [];
  return listed.length > 0 ? listed : [errorText(error)];
}

/**
 * Verify Account (spec part 2 §2): six boxes; the code is sent once all six hold a digit; on 200
 * the session storage is cleared and the customer goes to /success.
 */
export function VerifyAccountPage() {
  const [, navigate] = useLocation();
  const [phone] = useState(readPhoneVerification);
  const [digits, setDigits] = useState<string[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [resent, setResent] = useState<string | undefined>();
  const confirm = useConfirmPhoneMutation();
  const resend = useResendCodeMutation();

  const change = (next: string[]) => {
    setDigits(next);
    setErrors([]);
    if (!isOtpComplete(next) || confirm.isPending) return;
    if (phone === null) {
      setErrors([REQUEST_FAILED_TEXT]);
      return;
    }
    confirm.mutate(
      { phone, code: next.join('') },
      {
        onSuccess: () => {
          sessionStorage.clear();
          navigate(PATHS.success);
        },
        onError: (error) => setErrors(messagesOf(error)),
      },
    );
  };

  const sendAgain = () => {
    if (phone === null) return;
    setErrors([]);
    setResent(undefined);
    resend.mutate(phone, {
      onSuccess: (answer) => setResent(answer.message),
      onError: (error) => setErrors(messagesOf(error)),
    });
  };

  return (
    <main className="verify-account">
      <h1>Confirm your cellphone number</h1>
      <p>For extra security, please verify your cellphone number by entering the OTP we sent you.</p>
      <OtpInput value={digits} onChange={change} disabled={confirm.isPending} errors={errors} />
      <p className="verify-account__resend">
        Haven&apos;t received a message yet?{' '}
        <Button
          variant="ghost"
          type="button"
          onClick={sendAgain}
          busy={resend.isPending}
          busyLabel="Submitting"
        >
          Resend OTP
        </Button>
      </p>
      {resent !== undefined && <Alert variant="success">{resent}</Alert>}
    </main>
  );
}
