/*
 * Staff sign-in's second factor, sessions and step-up: the rules the api and the apps share.
 */
import { isStaffRole } from './roles';

/** The second factors a person can give. */
export const SECOND_FACTOR = {
  totp: 'Totp',
  passkey: 'Passkey',
  recoveryCode: 'RecoveryCode',
} as const;

export type SecondFactorKind = (typeof SECOND_FACTOR)[keyof typeof SECOND_FACTOR];

/** ProblemDetails.type of the 403 that asks for the second factor again before a privileged action. */
export const STEP_UP_REQUIRED = 'step-up-required';

/** The sentence of that 403. */
export const STEP_UP_MESSAGE = 'Confirm it is you with your second factor.';

/** How many recovery codes a new set holds. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * Whether a user must give a second factor when signing in: account holders never; staff when the
 * service requires it (MFA_REQUIRED) or when they enrolled one of their own accord.
 */
export function secondFactorRequired(role: string, mfaRequired: boolean, hasFactor: boolean): boolean {
  if (!isStaffRole(role)) return false;
  return mfaRequired || hasFactor;
}

/** A recovery code as typed: spaces, dashes and case do not matter. */
export function normaliseRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}
