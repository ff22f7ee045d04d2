/*
 * Phone numbers: the country code must be one of the ITU's (E.164, as libphonenumber-js lists
 * them), the number must be a whole number of that country, and each number has one stored form,
 * so '0821234567' with code 27 and '+27 82 123 4567' are the same number everywhere (duplicates,
 * the OTP throttles, the texts themselves).
 */
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { MESSAGES } from './messages';
import type { FieldErrors } from './messages';

/** The phone code the forms send when none is chosen (spec §9). */
export const DEFAULT_PHONE_CODE = '27';

/** A number in its one stored form. */
export interface NormalisedPhone {
  /** The country calling code, digits only, e.g. '27'. */
  phoneCode: string;
  /** The national number without the trunk 0, e.g. '821234567'. */
  phoneNumber: string;
  /** The ISO 3166-1 alpha-2 country the number belongs to, e.g. 'ZA'; undefined when it names none. */
  country: string | undefined;
  /** The E.164 form, e.g. '+27821234567': where texts go and what the OTP throttles count. */
  e164: string;
}

let callingCodes: ReadonlySet<string> | undefined;

/** Every country calling code the ITU has given a country. */
function knownCallingCodes(): ReadonlySet<string> {
  callingCodes ??= new Set(getCountries().map((country) => String(getCountryCallingCode(country))));
  return callingCodes;
}

/** A country code as the forms send it: its digits alone ('27'), no '+' and no leading 0. */
export function validatePhoneCode(value: string): string | undefined {
  const code = value.trim();
  if (code === '') return MESSAGES.required;
  return /^[1-9]\d{0,2}$/.test(code) && knownCallingCodes().has(code) ? undefined : MESSAGES.phoneCode;
}

// Digits with the usual separators, optionally after a '+' that starts an international number.
const NUMBER_TEXT = /^\+?[\d\s().-]+$/;

function parse(phoneCode: string, phoneNumber: string): NormalisedPhone | undefined {
  const text = phoneNumber.trim();
  if (text.length > 32 || !NUMBER_TEXT.test(text)) return undefined;
  const digits = text.replace(/\D+/g, '');
  // An international number ('+27 82 …') carries its own code, which must be the one chosen.
  const parsed = parsePhoneNumberFromString(text.startsWith('+') ? `+${digits}` : `+${phoneCode}${digits}`);
  if (!parsed?.isValid() || String(parsed.countryCallingCode) !== phoneCode) return undefined;
  return {
    phoneCode,
    phoneNumber: String(parsed.nationalNumber),
    country: parsed.country,
    e164: String(parsed.number),
  };
}

/**
 * The field errors of a phone code and number, keyed PhoneCode and PhoneNumber; an empty code is
 * the default, 27.
 */
export function validatePhone(phoneCode: string | undefined, phoneNumber: string): FieldErrors {
  const code = phoneCode === undefined || phoneCode.trim() === '' ? DEFAULT_PHONE_CODE : phoneCode.trim();
  const codeError = validatePhoneCode(code);
  if (codeError !== undefined) return { PhoneCode: [codeError] };
  if (phoneNumber.trim() === '') return { PhoneNumber: [MESSAGES.required] };
  return parse(code, phoneNumber) === undefined ? { PhoneNumber: [MESSAGES.phoneNumber] } : {};
}

/** The number in its one stored form, or undefined when validatePhone finds fault with it. */
export function normalisePhone(
  phoneCode: string | undefined,
  phoneNumber: string,
): NormalisedPhone | undefined {
  const code = phoneCode === undefined || phoneCode.trim() === '' ? DEFAULT_PHONE_CODE : phoneCode.trim();
  return validatePhoneCode(code) === undefined ? parse(code, phoneNumber) : undefined;
}

/** Whether one-time codes may be texted to this number: only to the countries listed (SMS_COUNTRIES). */
export function isSmsCountry(phone: NormalisedPhone, countries: readonly string[]): boolean {
  return phone.country !== undefined && countries.includes(phone.country);
}

/** The refusal of a number outside the countries texted, naming them: 'We can only send an OTP to numbers in South Africa'. */
export function smsCountryMessage(countries: readonly string[]): string {
  let names: string[];
  try {
    const display = new Intl.DisplayNames(['en'], { type: 'region' });
    names = countries.map((country) => display.of(country) ?? country);
  } catch {
    names = [...countries];
  }
  const list =
    names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`;
  return `${MESSAGES.smsCountry} ${list}`;
}
