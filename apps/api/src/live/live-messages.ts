/*
 * The messages the hub sends to the dashboard (targets and argument shapes). GPS and lock follow
 * the spec's live messages word for word; the tamper message is ours (the spec leaves it open),
 * named after the history entry's fields so a client can merge it into the vehicle's history.
 */

export const LIVE_MESSAGE = {
  gps: 'DeviceGpsLocationMessage',
  lock: 'DeviceLockUnlockMessage',
  tamper: 'DeviceTamperMessage',
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
  /** What the device saw, e.g. 'Disconnected'; null when it did not say. */
  tamperCarBatteryState: string | null;
  tamperGpsState: string | null;
  /** When it happened, ISO 8601 UTC (the history entry's dateTime). */
  dateTime: string;
  /** The vehicle's last known position when the alert was stored; null when it never had one. */
  latitudeDegrees: number | null;
  longitudeDegrees: number | null;
}
