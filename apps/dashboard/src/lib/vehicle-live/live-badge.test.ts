import { describe, expect, it } from 'vitest';
import { BADGE, HISTORY_TYPE, badgeState } from '@sentinel/domain';
import type { BadgeInput } from '@sentinel/domain';
import { liveBadgeInput, liveLockState, liveTamperActive } from './live-badge';
import type { LiveTamper, VehicleLive } from './vehicle-live-store';
import { vehicleDisplayName } from './vehicle-name';

const unlockedOnServer: BadgeInput = {
  hasDevice: true,
  latestEntry: { type: HISTORY_TYPE.lockState, isLocked: false },
};
const tamperOnServer: BadgeInput = {
  hasDevice: true,
  latestEntry: { type: HISTORY_TYPE.tamperAlert, isLocked: true },
};
const tamper = (tamperActive: boolean): LiveTamper => ({
  tamperActive,
  tamperCancelled: !tamperActive,
  tamperCarBatteryState: null,
  tamperGpsState: null,
  dateTime: '2026-03-01T08:15:00Z',
  latitudeDegrees: null,
  longitudeDegrees: null,
});
const badge = (server: BadgeInput, live: VehicleLive | null) => badgeState(liveBadgeInput(server, live));

describe('liveBadgeInput', () => {
  it('leaves the server fields alone when nothing live is known, or only a position', () => {
    expect(badge(unlockedOnServer, null)).toBe(BADGE.unlocked);
    expect(badge(tamperOnServer, { latitudeDegrees: 1, longitudeDegrees: 2, updatedAt: 1 })).toBe(
      BADGE.alert,
    );
  });

  it('takes a live lock message as the newest LockState entry', () => {
    expect(badge(unlockedOnServer, { locked: true, newest: 'lock', updatedAt: 1 })).toBe(BADGE.locked);
    expect(badge({ hasDevice: true }, { locked: false, newest: 'lock', updatedAt: 1 })).toBe(BADGE.unlocked);
  });

  it('turns the badge to Alert for a standing live tamper alert, even after an older lock message', () => {
    const live: VehicleLive = { locked: true, tamper: tamper(true), newest: 'tamper', updatedAt: 1 };
    expect(badge(unlockedOnServer, live)).toBe(BADGE.alert);
  });

  it('lets a lock message newer than the tamper alert decide, as the newest entry does', () => {
    const live: VehicleLive = { locked: false, tamper: tamper(true), newest: 'lock', updatedAt: 1 };
    expect(badge(tamperOnServer, live)).toBe(BADGE.unlocked);
  });

  it('ends the alert when the tamper is cancelled, with the lock state last known', () => {
    expect(badge(tamperOnServer, { tamper: tamper(false), newest: 'tamper', updatedAt: 1 })).toBe(
      BADGE.locked,
    );
    const live: VehicleLive = { locked: false, tamper: tamper(false), newest: 'tamper', updatedAt: 1 };
    expect(badge(tamperOnServer, live)).toBe(BADGE.unlocked);
  });

  it('keeps an alert of another kind when a tamper alert is cancelled', () => {
    const aura: BadgeInput = { hasDevice: true, latestEntry: { type: HISTORY_TYPE.auraCallout } };
    expect(badge(aura, { tamper: tamper(false), newest: 'tamper', updatedAt: 1 })).toBe(BADGE.alert);
  });

  it('still shows No device added for a vehicle without a device', () => {
    expect(badge({ hasDevice: false }, { tamper: tamper(true), newest: 'tamper', updatedAt: 1 })).toBe(
      BADGE.noDevice,
    );
  });
});

describe('liveLockState and liveTamperActive', () => {
  it('prefer the live value and fall back to the server', () => {
    expect(liveLockState(null, null)).toBeNull();
    expect(liveLockState({ locked: false, updatedAt: 1 }, true)).toBe(false);
    expect(liveTamperActive(null, true)).toBe(true);
    expect(liveTamperActive({ tamper: tamper(false), updatedAt: 1 }, true)).toBe(false);
    expect(liveTamperActive({ locked: true, updatedAt: 1 }, null)).toBe(false);
  });
});

describe('vehicleDisplayName', () => {
  it('names a vehicle by nickname and registration, either alone, or its id', () => {
    expect(vehicleDisplayName(3, { registrationNumber: 'CA 123-456', nickname: 'Bakkie' })).toBe(
      'Bakkie (CA 123-456)',
    );
    expect(vehicleDisplayName(3, { registrationNumber: 'CA 123-456', nickname: null })).toBe('CA 123-456');
    expect(vehicleDisplayName(3, { nickname: ' Bakkie ' })).toBe('Bakkie');
    expect(vehicleDisplayName(3, undefined)).toBe('Vehicle 3');
  });
});
