import { PHONE_VERIFICATION_KEY } from '@sentinel/domain';
import type { PhoneVerification } from '@sentinel/domain';

/** Keeps the number to confirm for Verify Account, in this tab only (session storage). */
export function keepPhoneVerification(verification: PhoneVerification): void {
  sessionStorage.setItem(PHONE_VERIFICATION_KEY, JSON.stringify(verification));
}

function isPhoneVerification(value: unknown): value is PhoneVerification {
  if (typeof value !== 'object' || value === null) return false;
  const { PhoneNumber, PhoneCode } = value as Record<string, unknown>;
  return typeof PhoneNumber === 'string' && typeof PhoneCode === 'string';
}

/** The number kept by sign-up, or null when there is none (or it is not that shape). */
export function readPhoneVerification(): PhoneVerification | null {
  const raw = sessionStorage.getItem(PHONE_VERIFICATION_KEY);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isPhoneVerification(value) ? value : null;
  } catch {
    return null;
  }
}
