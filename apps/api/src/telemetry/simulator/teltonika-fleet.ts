/*
 * The simulated vehicles whose devices are Teltonika trackers, when the simulator has a device
 * gateway to report to: one tracker (one TCP link) per vehicle, fed each round with a record of
 * the movement model's state, as an FMB unit's IO elements say it.
 */
import { FMB_IO } from '@sentinel/teltonika';
import type { AvlRecord } from '@sentinel/teltonika';
import type { GatewayAddress } from '@sentinel/teltonika/tracker';
import type { TelemetryReport } from '@sentinel/domain';
import { headingOf, placeOf } from './movement';
import type { SimulatedVehicle } from './movement';
import { startVehicleTracker } from './teltonika-tracker';
import type { TeltonikaTracker, TeltonikaTrackerTimings } from './teltonika-tracker';

export type { GatewayAddress };

export interface TeltonikaFleet {
  /** Starts a tracker for each of `vehicles` that has none, and ends those of vehicles gone. */
  sync(vehicles: readonly SimulatedVehicle[]): void;
  /** Hands the round's report to the vehicle's tracker as a record. */
  report(vehicle: SimulatedVehicle, report: TelemetryReport, now: Date): void;
  /** The tracker of a vehicle's device, while it has one. */
  tracker(deviceId: number): TeltonikaTracker | undefined;
  /** Ends every tracker's link. */
  close(): void;
}

const flag = (on: boolean): bigint => (on ? 1n : 0n);

/** A Li-ion backup battery: about 3.5 V empty and 4.2 V full. */
const batteryMillivolts = (percent: number): number => 3_500 + 7 * percent;

/** The record an FMB unit would take of the vehicle as the model left it this round. */
export function recordOf(vehicle: SimulatedVehicle, report: TelemetryReport, now: Date): AvlRecord {
  const { latitudeDegrees, longitudeDegrees } = placeOf(vehicle);
  const driving = report.ignition === true;
  const powerCut = report.tamper?.carBatteryState === 'Disconnected';
  const gpsState = report.tamper?.gpsState;
  const io = new Map<number, bigint>([
    [FMB_IO.ignition, flag(driving)],
    [FMB_IO.movement, flag(driving)],
    // A cut battery wire reads no voltage at all.
    [FMB_IO.externalVoltage, powerCut ? 0n : BigInt(Math.round(vehicle.carBatteryVolts * 1000))],
    [FMB_IO.batteryVoltage, BigInt(batteryMillivolts(vehicle.deviceBatteryPercent))],
    [FMB_IO.batteryLevel, BigInt(vehicle.deviceBatteryPercent)],
    // Three to five bars, changing every half minute at the default tick.
    [FMB_IO.gsmSignal, BigInt(3 + ((vehicle.vehicleId + Math.floor(vehicle.ticks / 15)) % 3))],
    [FMB_IO.digitalOutput1, flag(vehicle.locked)],
  ]);
  if (powerCut) io.set(FMB_IO.unplug, 1n);
  if (gpsState === 'Jammed') io.set(FMB_IO.jamming, 1n);
  return {
    timestamp: now,
    // A tamper report goes out as a high-priority record, as an FMB's alarm events do.
    priority: report.tamper === undefined ? 0 : 1,
    latitude: latitudeDegrees,
    longitude: longitudeDegrees,
    altitude: 0,
    angle: headingOf(vehicle),
    // Without a signal, or jammed, a receiver repeats its last fix with no satellites.
    satellites: gpsState === 'Jammed' || gpsState === 'NoSignal' ? 0 : 8 + (vehicle.ticks % 5),
    speedKmh: driving ? Math.round(vehicle.speedMetresPerSecond * 3.6) : 0,
    eventIoId: report.locked === undefined ? 0 : FMB_IO.digitalOutput1,
    io,
    ioVariable: new Map(),
  };
}

export function createTeltonikaFleet(
  gateway: GatewayAddress,
  timings: TeltonikaTrackerTimings = {},
): TeltonikaFleet {
  const trackers = new Map<number, { vehicle: SimulatedVehicle; tracker: TeltonikaTracker }>();

  return {
    sync(vehicles) {
      const wanted = new Map(vehicles.map((vehicle) => [vehicle.deviceId, vehicle]));
      for (const [deviceId, { vehicle, tracker }] of trackers) {
        if (wanted.get(deviceId) === vehicle) continue;
        tracker.close();
        trackers.delete(deviceId);
      }
      for (const vehicle of vehicles) {
        if (trackers.has(vehicle.deviceId)) continue;
        const tracker = startVehicleTracker({
          ...gateway,
          ...timings,
          imei: vehicle.serialNumber,
          immobiliser: vehicle,
        });
        trackers.set(vehicle.deviceId, { vehicle, tracker });
      }
    },
    report(vehicle, report, now) {
      // The tracker resends until acknowledged; the round does not wait for it.
      void trackers.get(vehicle.deviceId)?.tracker.record(recordOf(vehicle, report, now));
    },
    tracker(deviceId) {
      return trackers.get(deviceId)?.tracker;
    },
    close() {
      for (const { tracker } of trackers.values()) tracker.close();
      trackers.clear();
    },
  };
}
