import { MESSAGES } from './messages';
import type { FieldErrors } from './messages';
import { validatePassword } from './password-rules';
import { validateEmail } from './validate-field';

/** The three sign-up steps, in order. */
export const SIGN_UP_STEPS = ['email', 'password', 'details'] as const;
export type SignUpStep = (typeof SIGN_UP_STEPS)[number];

/** The bot challenge is tried again this often until it yields a token (spec §9). */
export const TURNSTILE_RETRY_MS = 8000;

/** Where Verify Account finds the number to confirm (session storage). */
export const PHONE_VERIFICATION_KEY = 'phone-verification';

export interface SignUpInput {
  Email: string;
  acceptedTermsAndConditionsAndPolicy: boolean;
  acceptedToAllowInformationToBeUsedToContact: boolean;
  Password: string;
  FirstName: string;
  LastName: string;
  /** The country calling code's digits. @default '27' */
  PhoneCode?: string | undefined;
  PhoneNumber: string;
  IdNumber: string;
  IdNumberIsSouthAfrican: boolean;
}

/** The messages of the checks that failed, keyed by field. */
export function collect(checks: readonly (readonly [string, string | undefined])[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, message] of checks) if (message !== undefined) errors[field] = [message];
  return errors;
}

/** The email step: the address and accepted terms (marketing consent is optional). */
export function validateSignUpEmailStep(
  input: Pick<SignUpInput, 'Email' | 'acceptedTermsAndConditionsAndPolicy'>,
): FieldErrors {
  return collect([
    ['Email', validateEmail(input.Email)],
    [
      'AcceptedTermsAndConditionsAndPolicy',
      input.acceptedTermsAndConditionsAndPolicy ? undefined : MESSAGES.termsRequired,
    ],
  ]);
}

export function validateSignUpPasswordStep(input: Pick<SignUpInput, 'Password'>): FieldErrors {
  return collect([['Password', validatePassword(input.Password)]]);
}

const STEP_FIELDS: Record<Exclude<SignUpStep, 'details'>, readonly string[]> = {
  email: ['email', 'acceptedtermsandconditionsandpolicy', 'acceptedtoallowinformationtobeusedtocontact'],
  password: ['password'],
};

/** The step holding a faulty field: email first, then password, else details. */
export function signUpStepForErrors(errors: FieldErrors): SignUpStep {
  const fields = Object.keys(errors).map((field) => field.toLowerCase());
  if (fields.some((field) => STEP_FIELDS.email.includes(field))) return 'email';
  if (fields.some((field) => STEP_FIELDS.password.includes(field))) return 'password';
  return 'details';
}
