/*
 * What the live hub at {base}/DefaultHub sends, shared by the server that sends it and the clients that
 * listen. GPS and lock follow the spec's live messages word for word; the spec leaves the tamper message
 * open, so it carries the tamper history entry's fields and a client can merge it into the history.
 * The onboarding status message is the product's own: it moves a vehicle between the onboarding
 * tabs of every signed-in agent, not only of the one who made the change. The command status
 * message is ours too: it follows a lock or unlock from the request to the device's answer. So is the
 * arming message: an arm, disarm or schedule change made on one screen (or by the owner's mobile app)
 * reaches every other screen showing the vehicle. So is the battery message: a report that changes a
 * vehicle's car or device battery reaches the status badge of every screen showing it.
 */

import type { Alarm } from './contract/alarms';
import type { ArmingStatus } from './contract/arming';
import type { DeviceCommand } from './contract/commands';
import type { OnboardingStatus } from './onboarding-rules';

/** The hub method names (spec part 1, section 4). */
export const LIVE_MESSAGE = {
  gpsLocation: 'DeviceGpsLocationMessage',
  lockUnlock: 'DeviceLockUnlockMessage',
  tamper: 'DeviceTamperMessage',
  onboardingStatus: 'VehicleOnboardingStatusMessage',
  commandStatus: 'DeviceCommandStatusMessage',
  alarmChanged: 'AlarmChangedMessage',
  arming: 'VehicleArmingMessage',
  battery: 'DeviceBatteryMessage',
} as const;

export type LiveMessageName = (typeof LIVE_MESSAGE)[keyof typeof LIVE_MESSAGE];

/** DeviceGpsLocationMessage: a vehicle's new position. */
export interface DeviceGpsLocationMessage {
  vehicleId: number;
  latitudeDegrees: number;
  longitudeDegrees: number;
}

/** DeviceLockUnlockMessage: a vehicle's new lock state. */
export interface DeviceLockUnlockMessage {
  vehicleId: number;
  locked: boolean;
}

/** DeviceTamperMessage: a tamper alert raised by the device, or cancelled by a person. */
export interface DeviceTamperMessage {
  vehicleId: number;
  /** True while the alert stands; false once it is cancelled. */
  tamperActive: boolean;
  tamperCancelled: boolean;
  /** What the device reported about the car battery, e.g. 'Disconnected'; null when it did not say. */
  tamperCarBatteryState: string | null;
  /** What the device reported about its GPS, e.g. 'Jammed'; null when it did not say. */
  tamperGpsState: string | null;
  /** When it happened, ISO 8601 UTC (the history entry's dateTime). */
  dateTime: string;
  /** The vehicle's last known position when the alert was stored; null when it never had one. */
  latitudeDegrees: number | null;
  longitudeDegrees: number | null;
}

/** VehicleOnboardingStatusMessage: a vehicle's onboarding status changed (null once installed). */
export interface VehicleOnboardingStatusMessage {
  vehicleId: number;
  onBoardingStatus: OnboardingStatus | null;
}

/**
 * DeviceCommandStatusMessage: a lock or unlock command was asked for, handed to the device, carried
 * out, refused, expired or cancelled; the command as GET /Vehicles/{id}/Commands answers it.
 */
export type DeviceCommandStatusMessage = DeviceCommand;

/**
 * AlarmChangedMessage: an alarm was opened, joined by a repeat, acknowledged, escalated or
 * resolved; the alarm as GET /Alarms answers it. Sent to the staff who see its vehicle.
 */
export type AlarmChangedMessage = Alarm;

/**
 * VehicleArmingMessage: a vehicle was armed or disarmed by hand, or its schedule was set or removed;
 * its ArmingStatus as PUT /Vehicles/{id}/Arm, /Disarm and /ArmingSchedule answer it (armed now, by
 * hand or by schedule; armedSince; armingSchedule). A schedule's window opening or closing by the
 * clock sends nothing: a screen re-reads `armed` at the window's edges itself.
 */
export type VehicleArmingMessage = ArmingStatus;

/**
 * DeviceBatteryMessage: a device report changed its vehicle's car battery volts or device battery
 * percent; both values as stored now (null while the device never reported one), the fields the
 * vehicle's status badge reads. A report that repeats the stored values sends nothing.
 */
export interface DeviceBatteryMessage {
  vehicleId: number;
  carBatteryVolts: number | null;
  deviceBatteryPercent: number | null;
}
