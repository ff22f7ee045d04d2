import { errorText } from '@sentinel/api-sdk';

/** The line for a passkey the browser did not hand over (cancelled, timed out, none for this site). */
export const PASSKEY_NOT_CONFIRMED = 'The passkey was not confirmed. Try again or use another way.';

/**
 * A failed passkey step as text: the server's words when it refused the credential, else the
 * browser's refusal (@simplewebauthn/browser throws a WebAuthnError or the DOMException it got).
 */
export function passkeyErrorText(error: unknown): string {
  if (error instanceof Error && (error.name === 'WebAuthnError' || error instanceof DOMException))
    return PASSKEY_NOT_CONFIRMED;
  return errorText(error);
}
