import { MESSAGES } from './messages';
import type { FieldErrors } from './messages';
import { isStaffRole } from './roles';
import type { SignInRequest } from './contract/auth';

export type { SignInRequest };

/** Email and password inputs are trimmed of surrounding whitespace as typed. */
export function trimCredential(value: string): string {
  return value.trim();
}

/** Both fields must be non-empty once trimmed. */
export function canSubmitSignIn({ email, password }: SignInRequest): boolean {
  return email.trim() !== '' && password.trim() !== '';
}

/** The server's check of a sign-in body: the same rule, with the errors keyed as the client reads them. */
export function validateSignIn({ email, password }: SignInRequest): FieldErrors {
  const errors: FieldErrors = {};
  if (email.trim() === '') errors['Email'] = [MESSAGES.required];
  if (password.trim() === '') errors['Password'] = [MESSAGES.required];
  return errors;
}

export interface SignInFailureBody {
  message?: unknown;
  errors?: unknown;
}

/** The message to show for a failed sign-in: the body's message, else its first Email error, else none. */
export function signInFailureMessage(body: SignInFailureBody | undefined | null): string | undefined {
  if (!body) return undefined;
  if (typeof body.message === 'string' && body.message !== '') return body.message;
  const errors = body.errors as Record<string, unknown> | undefined;
  const email = errors?.['Email'];
  if (Array.isArray(email) && typeof email[0] === 'string') return email[0];
  return undefined;
}

/** An Account-Holder's successful sign-in is refused at the dashboard with this message. */
export function dashboardSignInRefusal(role: string): string | undefined {
  return isStaffRole(role) ? undefined : MESSAGES.invalidSignIn;
}
