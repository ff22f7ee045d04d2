import { describe, expect, it } from 'vitest';
import { badgeState } from './badge-state';

const label = (input: Parameters<typeof badgeState>[0]) => badgeState(input).label;

describe('badgeState', () => {
  it('says No device added when no device is linked, whatever else is known', () => {
    expect(label({ hasDevice: false, latestEntry: { type: 'TamperAlert' } })).toBe('No device added');
  });

  it.each(['AuraCallout', 'TamperAlert', 'CapitalAirIncident'])(
    'says Alert when the newest entry is %s',
    (type) => {
      expect(label({ hasDevice: true, latestEntry: { type, isLocked: true }, carBatteryVolts: 10 })).toBe(
        'Alert',
      );
    },
  );

  it('says Locked! or Unlocked from the newest lock entry', () => {
    expect(label({ hasDevice: true, latestEntry: { type: 'LockState', isLocked: true } })).toBe('Locked!');
    expect(label({ hasDevice: true, latestEntry: { type: 'LockState', isLocked: false } })).toBe('Unlocked');
  });

  it('puts a low car battery before a low device battery, and both before the lock state', () => {
    const entry = { type: 'LockState', isLocked: true };
    expect(
      label({ hasDevice: true, latestEntry: entry, carBatteryVolts: 11.5, deviceBatteryPercent: 5 }),
    ).toBe('Low car battery');
    expect(
      label({ hasDevice: true, latestEntry: entry, carBatteryVolts: 12.6, deviceBatteryPercent: 19 }),
    ).toBe('Low device battery');
    expect(
      label({ hasDevice: true, latestEntry: entry, carBatteryVolts: 11.8, deviceBatteryPercent: 20 }),
    ).toBe('Locked!');
  });

  it('falls back to the default when there is no entry', () => {
    expect(badgeState({ hasDevice: true }).state).toBe('unknown');
    expect(label({ hasDevice: true, latestEntry: null })).toBe('No status yet');
  });
});
