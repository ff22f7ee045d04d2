import { EventEmitter } from 'node:events';
import type { ArmingStatus } from '@sentinel/domain';

/** A vehicle's new position, as the live GPS message carries it. */
export interface GpsEvent {
  vehicleId: number;
  latitudeDegrees: number;
  longitudeDegrees: number;
}

/** A vehicle's new lock state, as the live lock message carries it. */
export interface LockEvent {
  vehicleId: number;
  locked: boolean;
}

/** A tamper alert raised (tamperActive true) or cancelled (false). */
export interface TamperEvent {
  vehicleId: number;
  tamperActive: boolean;
  tamperCancelled: boolean;
  tamperCarBatteryState: string | null;
  tamperGpsState: string | null;
  dateTime: string;
}

/** A vehicle's onboarding status was written; listeners read the stored status. */
export interface OnboardingEvent {
  vehicleId: number;
}

/** A lock or unlock command was created or changed status; listeners read the stored command. */
export interface CommandEvent {
  vehicleId: number;
  commandId: number;
}

/** An alarm of the vehicle was opened or changed; listeners read the stored alarm. */
export interface AlarmEvent {
  vehicleId: number;
  alarmId: number;
}

/** The vehicle was armed or disarmed by hand, or its schedule set or removed: its ArmingStatus as answered. */
export type ArmingEvent = ArmingStatus;

/** A device report changed the vehicle's car or device battery: both values as stored now. */
export interface BatteryEvent {
  vehicleId: number;
  carBatteryVolts: number | null;
  deviceBatteryPercent: number | null;
}

export interface VehicleEventMap {
  gps: [GpsEvent];
  lock: [LockEvent];
  tamper: [TamperEvent];
  onboarding: [OnboardingEvent];
  command: [CommandEvent];
  alarm: [AlarmEvent];
  arming: [ArmingEvent];
  battery: [BatteryEvent];
}

/**
 * The in-process bus of stored vehicle changes (decorated as app.vehicleEvents). Every event is
 * emitted only after its change is committed, so a listener that reads the database sees it.
 */
export class VehicleEvents extends EventEmitter<VehicleEventMap> {
  constructor() {
    super();
    // The hub and tests may each listen; there is no leak to warn about.
    this.setMaxListeners(0);
  }
}

/**
 * A bus that keeps what is emitted on it inside a transaction: listeners must hear of a change
 * only once it is committed, so the kept events go to the real bus after the commit, in order
 * (and are dropped when the transaction rolls back).
 */
export function heldEvents(): { bus: VehicleEvents; release(to: VehicleEvents): void } {
  const bus = new VehicleEvents();
  const held: ((to: VehicleEvents) => void)[] = [];
  bus.on('gps', (event) => held.push((to) => to.emit('gps', event)));
  bus.on('lock', (event) => held.push((to) => to.emit('lock', event)));
  bus.on('tamper', (event) => held.push((to) => to.emit('tamper', event)));
  bus.on('onboarding', (event) => held.push((to) => to.emit('onboarding', event)));
  bus.on('command', (event) => held.push((to) => to.emit('command', event)));
  bus.on('alarm', (event) => held.push((to) => to.emit('alarm', event)));
  bus.on('arming', (event) => held.push((to) => to.emit('arming', event)));
  bus.on('battery', (event) => held.push((to) => to.emit('battery', event)));
  return {
    bus,
    release(to) {
      for (const emit of held) emit(to);
    },
  };
}
