import { describe, expect, it } from 'vitest';
import { currentSpeedKmh, holdsLock, maySendLockNow, validateLockRequest } from './immobilisation';

describe('validateLockRequest', () => {
  it('asks for a reason', () => {
    expect(validateLockRequest({})).toEqual({ Reason: ['This field is required'] });
    expect(validateLockRequest({ reason: 'Because' })).toEqual({
      Reason: ['Reason must be one of: TheftInProgress, CustomerRequest, Test, Other'],
    });
  });

  it('asks for a note with Other, of at most 500 characters', () => {
    expect(validateLockRequest({ reason: 'Other' })).toEqual({ Note: ['This field is required'] });
    expect(validateLockRequest({ reason: 'Other', note: '  ' })).toEqual({
      Note: ['This field is required'],
    });
    expect(validateLockRequest({ reason: 'Test', note: 'x'.repeat(501) })).toEqual({
      Note: ['Must be at most 500 characters'],
    });
    expect(validateLockRequest({ reason: 'Other', note: 'Repossession' })).toBeUndefined();
    expect(validateLockRequest({ reason: 'TheftInProgress' })).toBeUndefined();
  });
});

describe('currentSpeedKmh', () => {
  const now = new Date('2025-03-01T10:00:00Z');
  const fix = (secondsAgo: number, latitudeDegrees: number) => ({
    at: new Date(now.getTime() - secondsAgo * 1000).toISOString(),
    latitudeDegrees,
    longitudeDegrees: 28,
  });
  // 0.00015° of latitude is 16.7 m: in one second, 60 km/h.
  const moving = [fix(2, -26), fix(1, -26.00015)] as const;

  it('is distance over time between the last two fixes', () => {
    expect(currentSpeedKmh(moving[0], moving[1], now)).toBeCloseTo(60, 0);
  });

  it('is 0 without two fixes, and for a vehicle parked for minutes', () => {
    expect(currentSpeedKmh(undefined, moving[1], now)).toBe(0);
    expect(currentSpeedKmh(fix(601, -26), fix(600, -26.00015), now)).toBe(0);
    expect(currentSpeedKmh(fix(900, -26), fix(1, -26.00015), now)).toBe(0);
  });

  it('holds a lock above the limit only', () => {
    expect(holdsLock(20.1, 20)).toBe(true);
    expect(holdsLock(20, 20)).toBe(false);
  });
});

describe('maySendLockNow', () => {
  it('lets anyone but the requester send a held lock', () => {
    expect(maySendLockNow(7, 8)).toBe(true);
    expect(maySendLockNow(7, 7)).toBe(false);
  });
});
