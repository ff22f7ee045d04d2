import { isAlertType } from './history-types';

/** Below this the car's own battery is reported low (a resting 12 V lead-acid battery under ~40 % charge). */
export const CAR_BATTERY_LOW_VOLTS = 11.8;
/** Below this the tracking device's backup battery is reported low. */
export const DEVICE_BATTERY_LOW_PERCENT = 20;

export const BADGE = {
  alert: { state: 'alert', label: 'Alert' },
  locked: { state: 'locked', label: 'Locked!' },
  unlocked: { state: 'unlocked', label: 'Unlocked' },
  lowCarBattery: { state: 'low-car-battery', label: 'Low car battery' },
  lowDeviceBattery: { state: 'low-device-battery', label: 'Low device battery' },
  noDevice: { state: 'no-device', label: 'No device added' },
  unknown: { state: 'unknown', label: 'No status yet' },
} as const;

export type Badge = (typeof BADGE)[keyof typeof BADGE];
export type BadgeStateName = Badge['state'];

export interface BadgeInput {
  /** False when no tracking device is linked to the vehicle. */
  hasDevice: boolean;
  /** The newest history entry, with live messages already merged in; absent when there is none. */
  latestEntry?: { type: string; isLocked?: boolean | null } | null | undefined;
  /** Last reported car battery voltage, when the device has reported one. */
  carBatteryVolts?: number | null | undefined;
  /** Last reported device backup battery charge in percent, when reported. */
  deviceBatteryPercent?: number | null | undefined;
}

export function isCarBatteryLow(volts: number | null | undefined): boolean {
  return typeof volts === 'number' && volts < CAR_BATTERY_LOW_VOLTS;
}

export function isDeviceBatteryLow(percent: number | null | undefined): boolean {
  return typeof percent === 'number' && percent < DEVICE_BATTERY_LOW_PERCENT;
}

/**
 * The vehicle's status badge. Precedence, most urgent first: no device, alert (the newest entry is an
 * Aura callout, tamper alert or Capital Air incident), low car battery, low device battery, then
 * locked or unlocked from the newest entry, and the default when there is no entry at all.
 */
export function badgeState({
  hasDevice,
  latestEntry,
  carBatteryVolts,
  deviceBatteryPercent,
}: BadgeInput): Badge {
  if (!hasDevice) return BADGE.noDevice;
  if (latestEntry && isAlertType(latestEntry.type)) return BADGE.alert;
  if (isCarBatteryLow(carBatteryVolts)) return BADGE.lowCarBattery;
  if (isDeviceBatteryLow(deviceBatteryPercent)) return BADGE.lowDeviceBattery;
  if (!latestEntry) return BADGE.unknown;
  return latestEntry.isLocked ? BADGE.locked : BADGE.unlocked;
}
