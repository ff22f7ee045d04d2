// What each live message means for a vehicle as the server lists it: pure functions from the cached
// vehicle and a message to the vehicle the server would now answer, so the query cache stays the
// one source of a vehicle's facts and a message changes them as a refetch would.
import { HISTORY_TYPE, badgeState } from '@sentinel/domain';
import type { Badge } from '@sentinel/domain';
import type {
  ArmingStatus,
  DeviceBatteryMessage,
  DeviceGpsLocationMessage,
  DeviceLockUnlockMessage,
  DeviceTamperMessage,
  Vehicle,
} from '@sentinel/api-sdk';

/** A GPS fix is the vehicle's current and last known position, reported now (spec part 1 §4). */
export function withGpsFix(vehicle: Vehicle, fix: DeviceGpsLocationMessage, receivedAt: Date): Vehicle {
  return {
    ...vehicle,
    gpsLatitudeDegrees: fix.latitudeDegrees,
    gpsLongitudeDegrees: fix.longitudeDegrees,
    lastKnownGpsLatitudeDegrees: fix.latitudeDegrees,
    lastKnownGpsLongitudeDegrees: fix.longitudeDegrees,
    gpsDateTime: receivedAt.toISOString(),
  };
}

/**
 * A lock message is the device's confirmed lock state, and the server wrote it as the vehicle's
 * newest history entry (a LockState entry), which the badge reads.
 */
export function withLockState(
  vehicle: Vehicle,
  { locked }: Pick<DeviceLockUnlockMessage, 'locked'>,
): Vehicle {
  return {
    ...vehicle,
    isLocked: locked,
    latestHistoryType: HISTORY_TYPE.lockState,
    latestHistoryIsLocked: locked,
  };
}

/**
 * A standing tamper alert is the vehicle's newest entry (the badge shows Alert, the map the alert
 * pin). A cancelled one ends the alert: the badge goes back to the lock state, unless the newest
 * entry is an alert of another kind (a partner callout), which still stands.
 */
export function withTamper(vehicle: Vehicle, tamper: Pick<DeviceTamperMessage, 'tamperActive'>): Vehicle {
  const lockState = vehicle.isLocked ?? vehicle.latestHistoryIsLocked;
  if (tamper.tamperActive) {
    return {
      ...vehicle,
      tamperActive: true,
      latestHistoryType: HISTORY_TYPE.tamperAlert,
      latestHistoryIsLocked: lockState,
    };
  }
  const tamperWasNewest =
    vehicle.latestHistoryType === null || vehicle.latestHistoryType === HISTORY_TYPE.tamperAlert;
  return {
    ...vehicle,
    tamperActive: false,
    ...(tamperWasNewest
      ? { latestHistoryType: HISTORY_TYPE.lockState, latestHistoryIsLocked: lockState }
      : {}),
  };
}

/**
 * A battery message is the device's batteries as the server stored them, which the status badge
 * reads (low car battery, low device battery).
 */
export function withBatteries(
  vehicle: Vehicle,
  {
    carBatteryVolts,
    deviceBatteryPercent,
  }: Pick<DeviceBatteryMessage, 'carBatteryVolts' | 'deviceBatteryPercent'>,
): Vehicle {
  return { ...vehicle, carBatteryVolts, deviceBatteryPercent };
}

/** Whether the vehicle has a linked device (its card shows the device's details and actions then). */
export const hasDevice = (vehicle: Vehicle): boolean =>
  vehicle.deviceId !== null && vehicle.deviceId !== 0 && vehicle.deviceSerialNumber !== null;

/** The vehicle's status badge from its cached fields (domain's badgeState). */
export function vehicleBadge(vehicle: Vehicle): Badge {
  return badgeState({
    hasDevice: hasDevice(vehicle),
    latestEntry:
      vehicle.latestHistoryType === null
        ? null
        : { type: vehicle.latestHistoryType, isLocked: vehicle.latestHistoryIsLocked },
    carBatteryVolts: vehicle.carBatteryVolts,
    deviceBatteryPercent: vehicle.deviceBatteryPercent,
  });
}

/**
 * A vehicle's arming as the server answered an arming call or sent it live (VehicleArmingMessage):
 * the card's own calls and everyone else's screens write the same fields.
 */
export function withArming(
  vehicle: Vehicle,
  { armed, armedSince, armingSchedule }: Pick<ArmingStatus, 'armed' | 'armedSince' | 'armingSchedule'>,
): Vehicle {
  return { ...vehicle, armed, armedSince, armingSchedule };
}
