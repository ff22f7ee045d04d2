import { beforeAll, describe, expect, it } from 'vitest';
import { BADGE, HISTORY_TYPE } from '@sentinel/domain';
import { createApiClient, ne } from '@sentinel/api-sdk';
import type { Vehicle } from '@sentinel/api-sdk';
import { apiUrl, storeSignedInUser } from '../../test/api';
import { vehicleBadge, withBatteries, withGpsFix, withLockState, withTamper } from './live-vehicle';
import { vehicleDisplayName } from './vehicle-name';

// A vehicle with a device as the api lists it; each case sets the fields it is about.
let listed: Vehicle;

beforeAll(async () => {
  let user = await storeSignedInUser('Technical-Agent');
  const api = createApiClient({
    baseUrl: apiUrl(),
    session: { get: () => user, set: (next) => (user = next), clear() {} },
  });
  const [first] = (await api.vehicles.list({ filter: ne('deviceId', null), pageSize: 1 })).items;
  if (!first) throw new Error('no vehicle with a device');
  listed = { ...first, carBatteryVolts: 12.6, deviceBatteryPercent: 90 };
});

const unlocked = (): Vehicle => ({
  ...listed,
  isLocked: false,
  tamperActive: false,
  latestHistoryType: HISTORY_TYPE.lockState,
  latestHistoryIsLocked: false,
});
const tampered = (): Vehicle => ({
  ...listed,
  isLocked: true,
  tamperActive: true,
  latestHistoryType: HISTORY_TYPE.tamperAlert,
  latestHistoryIsLocked: true,
});
const tamper = (tamperActive: boolean) => ({ tamperActive });

describe('withGpsFix', () => {
  it('makes the fix the current and last known position, reported when it came', () => {
    const at = new Date('2026-03-01T08:15:00Z');
    const moved = withGpsFix(
      unlocked(),
      { vehicleId: listed.id, latitudeDegrees: -26.2, longitudeDegrees: 28 },
      at,
    );
    expect(moved).toMatchObject({
      gpsLatitudeDegrees: -26.2,
      gpsLongitudeDegrees: 28,
      lastKnownGpsLatitudeDegrees: -26.2,
      lastKnownGpsLongitudeDegrees: 28,
      gpsDateTime: '2026-03-01T08:15:00.000Z',
    });
    expect(vehicleBadge(moved)).toBe(BADGE.unlocked);
  });
});

describe('withLockState', () => {
  it('is the lock state and the newest LockState entry, which the badge reads', () => {
    const locked = withLockState(unlocked(), { locked: true });
    expect(locked.isLocked).toBe(true);
    expect(vehicleBadge(locked)).toBe(BADGE.locked);
    expect(vehicleBadge(withLockState({ ...listed, latestHistoryType: null }, { locked: false }))).toBe(
      BADGE.unlocked,
    );
  });

  it('decides the badge over an older tamper alert, as the newest entry does', () => {
    expect(vehicleBadge(withLockState(tampered(), { locked: false }))).toBe(BADGE.unlocked);
  });
});

describe('withTamper', () => {
  it('turns the badge to Alert and the pin to the alert pin for a standing alert, the lock state kept', () => {
    const alert = withTamper(unlocked(), tamper(true));
    expect(vehicleBadge(alert)).toBe(BADGE.alert);
    expect(alert.tamperActive).toBe(true);
    expect(alert.isLocked).toBe(false);
  });

  it('ends the alert when the tamper is cancelled, with the lock state last known', () => {
    const cancelled = withTamper(tampered(), tamper(false));
    expect(cancelled.tamperActive).toBe(false);
    expect(vehicleBadge(cancelled)).toBe(BADGE.locked);
    expect(vehicleBadge(withTamper(withLockState(tampered(), { locked: false }), tamper(false)))).toBe(
      BADGE.unlocked,
    );
  });

  it('keeps an alert of another kind when a tamper alert is cancelled', () => {
    const aura = { ...tampered(), latestHistoryType: HISTORY_TYPE.auraCallout };
    expect(vehicleBadge(withTamper(aura, tamper(false)))).toBe(BADGE.alert);
  });

  it('still shows No device added for a vehicle without a device', () => {
    const noDevice = { ...unlocked(), deviceId: null, deviceSerialNumber: null };
    expect(vehicleBadge(withTamper(noDevice, tamper(true)))).toBe(BADGE.noDevice);
  });
});

describe('withBatteries', () => {
  it('is both batteries as stored, which the badge reads', () => {
    const low = withBatteries(unlocked(), { carBatteryVolts: 11.4, deviceBatteryPercent: 15 });
    expect(low).toMatchObject({ carBatteryVolts: 11.4, deviceBatteryPercent: 15, isLocked: false });
    expect(vehicleBadge(low)).toBe(BADGE.lowCarBattery);
    expect(vehicleBadge(withBatteries(low, { carBatteryVolts: 12.5, deviceBatteryPercent: 15 }))).toBe(
      BADGE.lowDeviceBattery,
    );
  });

  it('leaves the alert badge above a low battery', () => {
    const low = withBatteries(tampered(), { carBatteryVolts: 11.4, deviceBatteryPercent: null });
    expect(vehicleBadge(low)).toBe(BADGE.alert);
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
