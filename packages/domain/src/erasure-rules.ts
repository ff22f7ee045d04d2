/*
 * Erasure of an account holder (POPIA section 24) and the legal hold that stops it: when an
 * erasure is refused and in which words, the legal hold reason's rules, and what an erased
 * holder's and driver's personal fields become. One module for View account's Privacy section and
 * the api, so the screen and the server say the same thing.
 */
import type { SubscriptionStatus } from './contract/onboarding';
import { LEGAL_HOLD_REASON_MAX_LENGTH, LEGAL_HOLD_REASON_MIN_LENGTH } from './contract/privacy';
import type { FieldErrors } from './messages';

/**
 * The subscription statuses that have not ended: a deposit still due (Deposit-Pending) counts, as
 * the client may still pay it and be served; only an Admin's End leaves a holder erasable.
 */
export const NOT_ENDED_SUBSCRIPTION_STATUSES = [
  'Deposit-Pending',
  'Deposit-Paid',
  'Offline',
] as const satisfies readonly SubscriptionStatus[];

export function subscriptionHasEnded(status: SubscriptionStatus): boolean {
  return !(NOT_ENDED_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
}

/** '…: SAPS case 12.' rather than '…: SAPS case 12..'. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

export const ERASURE_MESSAGES = {
  activeSubscriptions: (count: number) =>
    count === 1
      ? 'This account holder has an active subscription.'
      : `This account holder has ${count} active subscriptions.`,
  legalHold: (reason: string) => `This account holder is under a legal hold: ${sentence(reason.trim())}`,
  alreadyErased: 'This account holder has already been erased.',
  /** An edit of an erased holder's contact details, which would put personal data back. */
  erasedNoEdit: 'This account holder has been erased: their details cannot be changed.',
  notUnderHold: 'This account holder is not under a legal hold.',
  erasedNoHold: 'This account holder has been erased: there is nothing left to hold.',
  noSubscription: 'This vehicle has no subscription that has not ended.',
  reasonRequired: 'Give the reason.',
  reasonTooShort: `The reason must be at least ${LEGAL_HOLD_REASON_MIN_LENGTH} characters.`,
  reasonTooLong: `The reason must be at most ${LEGAL_HOLD_REASON_MAX_LENGTH} characters.`,
  /** What the confirm dialog says will happen, before the Admin erases. */
  consequence:
    'Their name, e-mail address, phone and ID number, and their drivers’, are replaced; their escalation ' +
    'contacts, notification settings and sign-ins are deleted, they can no longer sign in; their ' +
    'vehicles’ devices are unlinked and every position fix is deleted; history, alarms, messages and ' +
    'the audit log keep their events without their details. This cannot be undone.',
} as const;

/** What stands in the way of erasing a holder, as the api reads it. */
export interface ErasureFacts {
  /** Vehicles of theirs with a subscription that has not ended (see NOT_ENDED_SUBSCRIPTION_STATUSES). */
  subscriptionsNotEnded: number;
  /** The legal hold's reason; null when none is set. */
  legalHoldReason: string | null;
}

/**
 * Why the holder may not be erased now, every reason in one message ('This account holder has an
 * active subscription. This account holder is under a legal hold: SAPS case 12.'); undefined when
 * they may be.
 */
export function erasureRefusal(facts: ErasureFacts): string | undefined {
  const reasons: string[] = [];
  if (facts.subscriptionsNotEnded > 0) {
    reasons.push(ERASURE_MESSAGES.activeSubscriptions(facts.subscriptionsNotEnded));
  }
  if (facts.legalHoldReason !== null) reasons.push(ERASURE_MESSAGES.legalHold(facts.legalHoldReason));
  return reasons.length === 0 ? undefined : reasons.join(' ');
}

/** The Reason field's message for a legal hold's setting or lifting, or undefined when it is fine. */
export function validateLegalHoldReason(reason: string): string | undefined {
  const trimmed = reason.trim();
  if (trimmed === '') return ERASURE_MESSAGES.reasonRequired;
  if (trimmed.length < LEGAL_HOLD_REASON_MIN_LENGTH) return ERASURE_MESSAGES.reasonTooShort;
  if (trimmed.length > LEGAL_HOLD_REASON_MAX_LENGTH) return ERASURE_MESSAGES.reasonTooLong;
  return undefined;
}

/** The legal hold form's errors, keyed as the api answers them (errors.Reason). */
export function legalHoldReasonErrors(request: { reason: string }): FieldErrors {
  const message = validateLegalHoldReason(request.reason);
  return message === undefined ? {} : { Reason: [message] };
}

/**
 * What an erased holder's fields become. The e-mail stays unique (the column's index) and can
 * never be delivered to: .invalid is reserved (RFC 2606). Lists then show 'Erased account holder'.
 */
export const ERASED_HOLDER = {
  firstName: 'Erased',
  lastName: 'account holder',
  email: (userId: number) => `erased-${userId}@erased.invalid`,
  phoneNumber: '',
  idNumber: null,
} as const;

/** What an erased holder's drivers' fields become. */
export const ERASED_DRIVER = {
  firstName: 'Erased',
  lastName: 'driver',
  email: (driverId: number) => `erased-driver-${driverId}@erased.invalid`,
  phoneNumber: '',
  idNumber: '',
} as const;

/** An erased holder's vehicle's registration: unique, so the plate is free for its next owner. */
export const erasedRegistration = (vehicleId: number) => `ERASED-${vehicleId}`;

/** What stands in free text (a message, a note, an audit detail) where a personal detail was. */
export const ERASED_TEXT = '[erased]';

/** 'Erased account holder', as lists name an erased holder. */
export const ERASED_HOLDER_NAME = `${ERASED_HOLDER.firstName} ${ERASED_HOLDER.lastName}`;
