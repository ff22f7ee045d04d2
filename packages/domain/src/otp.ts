/** One-time codes are six digits (spec §9). */
export const OTP_LENGTH = 6;

/** A code may be tried until it expires, ten minutes after it was sent. */
export const OTP_TTL_MS = 10 * 60_000;

/** After this many wrong tries a code is spent and a new one must be requested. */
export const OTP_MAX_ATTEMPTS = 5;

/** A new code may be sent to one phone at most this often. */
export const OTP_RESEND_INTERVAL_MS = 60_000;

/** The boxes' content: a single digit or empty. Anything else typed into a box is ignored. */
export function otpDigit(typed: string): string | undefined {
  const digits = typed.replace(/\D+/g, '');
  return digits === '' ? undefined : digits.charAt(digits.length - 1);
}

/** A pasted or auto-filled code fills the boxes when it holds exactly six digits (spaces aside). */
export function otpFromPaste(text: string): string[] | undefined {
  const compact = text.replace(/\s+/g, '');
  return new RegExp(`^\\d{${String(OTP_LENGTH)}}$`).test(compact) ? [...compact] : undefined;
}

/** The code is sent only when all six boxes hold a digit. */
export function isOtpComplete(entries: readonly string[]): boolean {
  return entries.length === OTP_LENGTH && entries.every((entry) => /^\d$/.test(entry));
}

/** The server's check: exactly six characters, each 0-9. */
export function isOtpCode(code: string): boolean {
  return code.length === OTP_LENGTH && /^\d+$/.test(code);
}
