import { MAX_LENGTH, validateMaxLength } from './limits';
import { MESSAGES } from './messages';

/** A field rule returns its message, or undefined when the value is valid. */
export type FieldRule = (value: string) => string | undefined;

export function required(value: string): string | undefined {
  return value.trim() === '' ? MESSAGES.required : undefined;
}

// A standard address: one @, no spaces, a dot in the domain with a 2+ letter tail.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[A-Za-z]{2,}$/;

export function validateEmail(value: string): string | undefined {
  if (value.trim() === '') return MESSAGES.required;
  return (
    validateMaxLength(value.trim(), MAX_LENGTH.email) ??
    (EMAIL.test(value.trim()) ? undefined : MESSAGES.email)
  );
}

/** A first, last or company name: filled, and no longer than the api stores. */
export function validateName(value: string): string | undefined {
  return required(value) ?? validateMaxLength(value.trim(), MAX_LENGTH.name);
}

// Optional leading 0, then 1-9, then 8 more digits.
const PHONE = /^0?[1-9]\d{8}$/;

export function validatePhoneNumber(value: string): string | undefined {
  if (value.trim() === '') return MESSAGES.required;
  return PHONE.test(value.trim()) ? undefined : MESSAGES.phoneNumber;
}

/** While typing, phone fields keep digits only. */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '');
}

// YYMMDD, 4 digits, then three digits of which the first is 0 or 1.
const SA_ID = /^\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{4}[01]\d{2}$/;

export function validateSouthAfricanId(value: string): string | undefined {
  if (value.trim() === '') return MESSAGES.required;
  return SA_ID.test(value.trim()) ? undefined : MESSAGES.idNumber;
}

const PASSPORT = /^[A-Za-z0-9]{1,50}$/;

export function validatePassport(value: string): string | undefined {
  if (value.trim() === '') return MESSAGES.required;
  return PASSPORT.test(value.trim()) ? undefined : MESSAGES.passport;
}

/** The ID field's rule depends on the 'Has a South African ID' switch. */
export function validateIdNumber(value: string, isSouthAfrican: boolean): string | undefined {
  return isSouthAfrican ? validateSouthAfricanId(value) : validatePassport(value);
}
