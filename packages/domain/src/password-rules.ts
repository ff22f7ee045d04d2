import { MESSAGES } from './messages';

/** Password minimum length (spec §9). */
export const PASSWORD_MIN_LENGTH = 8;

/** The most characters a password may have: long passphrases pass, a megabyte of text does not. */
export const PASSWORD_MAX_LENGTH = 128;

export interface PasswordRule {
  /** The checklist label, word for word. */
  label: string;
  test: (password: string) => boolean;
}

/** The live checklist, in the order the screens show it. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  { label: 'One lowercase character', test: (password) => /\p{Ll}/u.test(password) },
  { label: 'One uppercase character', test: (password) => /\p{Lu}/u.test(password) },
  { label: 'One number', test: (password) => /\d/.test(password) },
  // Anything that is not a letter, a digit or white space counts as special.
  { label: 'One special character', test: (password) => /[^\p{L}\p{N}\s]/u.test(password) },
  {
    label: `${String(PASSWORD_MIN_LENGTH)} character minimum`,
    test: (password) => [...password].length >= PASSWORD_MIN_LENGTH,
  },
];

/** Each checklist label with whether the password meets it. */
export function passwordChecklist(password: string): { label: string; met: boolean }[] {
  return PASSWORD_RULES.map((rule) => ({ label: rule.label, met: rule.test(password) }));
}

export function isStrongPassword(password: string): boolean {
  return [...password].length <= PASSWORD_MAX_LENGTH && PASSWORD_RULES.every((rule) => rule.test(password));
}

/** The server's (and a form's) message for a password: required, the first unmet rule, or none. */
export function validatePassword(password: string): string | undefined {
  if (password === '') return MESSAGES.required;
  if ([...password].length > PASSWORD_MAX_LENGTH) return MESSAGES.passwordTooLong;
  return PASSWORD_RULES.every((rule) => rule.test(password)) ? undefined : MESSAGES.passwordWeak;
}

/** 'Passwords do not match' when the confirmation differs from the password. */
export function validatePasswordConfirmation(password: string, confirmation: string): string | undefined {
  return password === confirmation ? undefined : MESSAGES.passwordsDoNotMatch;
}

/** A new-password form submits once every rule holds and the confirmation equals the password. */
export function canSubmitNewPassword(password: string, confirmation: string): boolean {
  return isStrongPassword(password) && password === confirmation;
}
