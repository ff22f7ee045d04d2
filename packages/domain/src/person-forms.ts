import type { FieldErrors } from './messages';
import {
  required,
  validateEmail,
  validateIdNumber,
  validateName,
  validatePhoneNumber,
} from './validate-field';

type Check = readonly [field: string, message: string | undefined];

function collect(checks: readonly Check[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, message] of checks) if (message) errors[field] = [message];
  return errors;
}

const filled = (...values: string[]) => values.every((value) => value.trim() !== '');

export interface AccountHolderInput {
  FirstName: string;
  LastName: string;
  Email: string;
  PhoneNumber: string;
  IdNumber: string;
  IdNumberIsSouthAfrican: boolean;
}

/** Every rule of the account holder form, keyed by the field names the server answers with. */
export function validateAccountHolder(input: AccountHolderInput): FieldErrors {
  return collect([
    ['FirstName', validateName(input.FirstName)],
    ['LastName', validateName(input.LastName)],
    ['Email', validateEmail(input.Email)],
    ['PhoneNumber', validatePhoneNumber(input.PhoneNumber)],
    ['IdNumber', validateIdNumber(input.IdNumber, input.IdNumberIsSouthAfrican)],
  ]);
}

/** 'Next' is enabled once name, surname, phone, email and ID are filled. */
export function canSubmitAccountHolder(input: AccountHolderInput): boolean {
  return filled(input.FirstName, input.LastName, input.PhoneNumber, input.Email, input.IdNumber);
}

export interface AgentInput {
  FirstName: string;
  LastName: string;
  Email: string;
  PhoneNumber: string;
  RoleName: string;
}

/** The add-agent rules; the phone number is optional but must be valid when given. */
export function validateAgent(input: AgentInput, knownRoles: readonly string[]): FieldErrors {
  const phone = input.PhoneNumber.trim() === '' ? undefined : validatePhoneNumber(input.PhoneNumber);
  const role =
    required(input.RoleName) ??
    (knownRoles.includes(input.RoleName) ? undefined : 'Please select a valid role');
  return collect([
    ['FirstName', validateName(input.FirstName)],
    ['LastName', validateName(input.LastName)],
    ['Email', validateEmail(input.Email)],
    ['PhoneNumber', phone],
    ['RoleName', role],
  ]);
}

/** 'Add agent' is enabled once first name, last name, email and role are filled. */
export function canSubmitAgent(input: AgentInput): boolean {
  return filled(input.FirstName, input.LastName, input.Email, input.RoleName);
}

export interface ContactEditInput {
  Email: string;
  PhoneNumber: string;
}

/** Account holder and driver edits change only email and phone; both must be filled and valid. */
export function validateContactEdit(input: ContactEditInput): FieldErrors {
  return collect([
    ['Email', validateEmail(input.Email)],
    ['PhoneNumber', validatePhoneNumber(input.PhoneNumber)],
  ]);
}

export function canSubmitContactEdit(input: ContactEditInput): boolean {
  return filled(input.Email, input.PhoneNumber);
}
