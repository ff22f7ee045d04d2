// The details step's rules, apart from the email and password steps' (sign-up.ts): the phone rule
// carries libphonenumber-js's metadata, which the sign-up app loads with the details step only.
import type { FieldErrors } from './messages';
import { validatePhone } from './phone-number';
import { collect, validateSignUpEmailStep, validateSignUpPasswordStep } from './sign-up';
import type { SignUpInput } from './sign-up';
import { validateIdNumber, validateName } from './validate-field';

/** The details step: name, surname, phone (a real number of its country code) and ID. */
export function validateSignUpDetailsStep(
  input: Pick<
    SignUpInput,
    'FirstName' | 'LastName' | 'PhoneCode' | 'PhoneNumber' | 'IdNumber' | 'IdNumberIsSouthAfrican'
  >,
): FieldErrors {
  return {
    ...collect([
      ['FirstName', validateName(input.FirstName)],
      ['LastName', validateName(input.LastName)],
    ]),
    ...validatePhone(input.PhoneCode, input.PhoneNumber),
    ...collect([['IdNumber', validateIdNumber(input.IdNumber, input.IdNumberIsSouthAfrican)]]),
  };
}

/** Every sign-up rule at once, keyed by the server's field names (what POST /Auth/SignUp checks). */
export function validateSignUp(input: SignUpInput): FieldErrors {
  return {
    ...validateSignUpEmailStep(input),
    ...validateSignUpPasswordStep(input),
    ...validateSignUpDetailsStep(input),
  };
}
