import type { FieldErrors, SignUpInput } from '@sentinel/domain';

/** The sign-up form's values across its three steps. */
export type SignUpValues = SignUpInput;

export const EMPTY_SIGN_UP: SignUpValues = {
  Email: '',
  acceptedTermsAndConditionsAndPolicy: false,
  acceptedToAllowInformationToBeUsedToContact: false,
  Password: '',
  FirstName: '',
  LastName: '',
  PhoneNumber: '',
  IdNumber: '',
  IdNumberIsSouthAfrican: true,
};

/** A step's rules (the domain's, which the server runs too): the messages of all its fields. */
export type StepRules = (values: SignUpValues) => FieldErrors;

export interface ChangeOptions {
  /**
   * Whether a changed field that shows a message is checked again as it changes, so a fixed value
   * clears it (as the dashboard's forms do). Off for a reset, such as toggling the ID kind, which
   * clears the field and its messages. @default true
   */
  recheck?: boolean;
}

export interface StepProps {
  values: SignUpValues;
  errors: FieldErrors;
  /** Changes some values; a changed field's message follows the new value, or goes. */
  change: (next: Partial<SignUpValues>, options?: ChangeOptions) => void;
  /** Checks one field when it is left (spec part 1 §5), with the rules of the step it is on. */
  check: (field: keyof SignUpValues, rules: StepRules) => void;
}

/** Whether every text holds more than spaces (what a step's button waits for). */
export const filled = (...texts: string[]) => texts.every((text) => text.trim() !== '');
