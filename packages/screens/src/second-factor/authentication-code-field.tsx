import { TextField } from '@sentinel/ui';

/**
 * The authenticator app's 6-digit code, wherever it is typed: the second step of a sign-in, the
 * step-up prompt and the set-up of an app. Keeps digits only; the refusal shows under it.
 */
export function AuthenticationCodeField({
  value,
  onChange,
  error,
  hint = 'The 6-digit code your authenticator app shows.',
}: {
  value: string;
  onChange: (code: string) => void;
  error?: string | undefined;
  hint?: string;
}) {
  return (
    <TextField
      label="Authentication code"
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      hint={hint}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
    />
  );
}
