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

export interface StepProps {
  values: SignUpValues;
  errors: FieldErrors;
  /** Changes some values; the fields' errors are cleared as they change. */
  change: (next: Partial<SignUpValues>) => void;
}

/** Whether every text holds more than spaces (what a step's button waits for). */
export const filled = (...texts: string[]) => texts.every((text) => text.trim() !== '');
