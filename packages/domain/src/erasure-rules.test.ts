import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_STATUSES } from './contract/onboarding';
import {
  ERASED_HOLDER,
  ERASED_HOLDER_NAME,
  ERASURE_MESSAGES,
  erasureRefusal,
  legalHoldReasonErrors,
  subscriptionHasEnded,
  validateLegalHoldReason,
} from './erasure-rules';

describe('given an account holder to erase', () => {
  it('allows it when no subscription is running and no legal hold is set', () => {
    expect(erasureRefusal({ subscriptionsNotEnded: 0, legalHoldReason: null })).toBeUndefined();
  });

  it('refuses while a subscription has not ended, counting them', () => {
    expect(erasureRefusal({ subscriptionsNotEnded: 1, legalHoldReason: null })).toBe(
      'This account holder has an active subscription.',
    );
    expect(erasureRefusal({ subscriptionsNotEnded: 2, legalHoldReason: null })).toBe(
      'This account holder has 2 active subscriptions.',
    );
  });

  it('refuses under a legal hold, giving its reason as one sentence', () => {
    expect(erasureRefusal({ subscriptionsNotEnded: 0, legalHoldReason: ' SAPS case 12/04/2026 ' })).toBe(
      'This account holder is under a legal hold: SAPS case 12/04/2026.',
    );
    expect(ERASURE_MESSAGES.legalHold('Court order.')).toBe(
      'This account holder is under a legal hold: Court order.',
    );
  });

  it('gives every reason at once', () => {
    expect(erasureRefusal({ subscriptionsNotEnded: 1, legalHoldReason: 'Court order' })).toBe(
      'This account holder has an active subscription. This account holder is under a legal hold: Court order.',
    );
  });

  it('counts a deposit still due as running, and only Ended as ended', () => {
    expect(SUBSCRIPTION_STATUSES.filter(subscriptionHasEnded)).toEqual(['Ended']);
  });

  it('names an erased holder as lists show them, with an address that is unique and undeliverable', () => {
    expect(ERASED_HOLDER_NAME).toBe('Erased account holder');
    expect(ERASED_HOLDER.email(42)).toBe('erased-42@erased.invalid');
  });
});

describe('a legal hold reason', () => {
  it('is required', () => {
    expect(validateLegalHoldReason('   ')).toBe(ERASURE_MESSAGES.reasonRequired);
    expect(legalHoldReasonErrors({ reason: '' })).toEqual({ Reason: [ERASURE_MESSAGES.reasonRequired] });
  });

  it('takes 3 to 500 characters once trimmed', () => {
    expect(validateLegalHoldReason('  ab  ')).toBe(ERASURE_MESSAGES.reasonTooShort);
    expect(validateLegalHoldReason(' abc ')).toBeUndefined();
    expect(validateLegalHoldReason('a'.repeat(500))).toBeUndefined();
    expect(validateLegalHoldReason(`${'a'.repeat(501)}`)).toBe(ERASURE_MESSAGES.reasonTooLong);
    expect(legalHoldReasonErrors({ reason: 'SAPS case 12' })).toEqual({});
  });
});
