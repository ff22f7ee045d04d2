/*
 * How a simulated vehicle lives: it drives up and down its road, parks and locks at the end, is
 * now and then (un)locked or tampered with while parked, and its batteries charge and drain. One
 * model for every simulated device, whichever way its reports travel: in-process to the telemetry
 * service, or as a Teltonika tracker's records through the device gateway.
 */
import type { TelemetryReport } from '@sentinel/domain';
import { seededRandom } from './random';
import type { Random } from './random';
import { bearingDegrees, measureRoute, roadFor } from './roads';
import type { LatLong, Route } from './roads';

export const APPLICATION_VERSION = '2.4.1-sim';
/** Rounds between two battery reports of a vehicle (every minute at the default tick). */
const BATTERY_EVERY_TICKS = 30;
/** Per round and vehicle: a parked owner walks up and (un)locks, or someone tampers. */
const LOCK_TOGGLE_CHANCE = 1 / 120;
/*
 * The demo should raise a few alarms an hour, enough to work the alarm queue without drowning it.
 * Only a parked vehicle is tampered with. The seeded fleet has 22 vehicles with devices; at the
 * default tick (2 s, 1,800 rounds an hour) about 9.3 of them are parked at any time (the 40 % that
 * never drive, and the drivers resting at a road's end), measured over 200 simulated hours:
 * 9.3 × 1,800 ≈ 16,800 parked vehicle-rounds an hour, and 16,800 / 4,000 ≈ 4.2 tamper reports an
 * hour (one in 1,500 gave 11). A bigger fleet or a shorter tick raises more, in proportion.
 */
const TAMPER_CHANCE = 1 / 4000;
/**
 * What a tamper report says, one drawn at random: the device's own tamper alert, the car's battery
 * cut, the GPS jammed, or its signal lost, so every kind of tamper alarm turns up in the demo.
 */
const TAMPER_REPORTS: readonly NonNullable<TelemetryReport['tamper']>[] = [
  { carBatteryState: 'Normal', gpsState: 'Normal' },
  { carBatteryState: 'Disconnected', gpsState: 'Normal' },
  { carBatteryState: 'Normal', gpsState: 'Jammed' },
  { carBatteryState: 'Normal', gpsState: 'NoSignal' },
];

export interface SimulatedVehicle {
  deviceId: number;
  vehicleId: number;
  /** The device's serial number: an IMEI makes it a Teltonika tracker. */
  serialNumber: string;
  random: Random;
  route: Route;
  moving: boolean;
  distanceMetres: number;
  direction: 1 | -1;
  speedMetresPerSecond: number;
  parkedTicksLeft: number;
  /** The lock state, which a device's immobiliser output holds. */
  locked: boolean;
  /** One vehicle in five has a weak car battery that drains while parked, one a tired device battery. */
  weakCarBattery: boolean;
  tiredDeviceBattery: boolean;
  carBatteryVolts: number;
  deviceBatteryPercent: number;
  ticks: number;
}

export function newVehicle(
  seed: number,
  movingShare: number,
  first: boolean,
  row: { deviceId: number; vehicleId: number; serialNumber: string },
): SimulatedVehicle {
  // Each vehicle has its own stream, so one joining or leaving does not change the others' drives.
  const random = seededRandom(seed * 7919 + row.vehicleId);
  const route = measureRoute(roadFor(row.vehicleId));
  const moving = first || random.chance(movingShare);
  return {
    ...row,
    random,
    route,
    moving,
    distanceMetres: random.between(0, route.lengthMetres),
    direction: random.chance(0.5) ? 1 : -1,
    speedMetresPerSecond: random.between(16, 28),
    parkedTicksLeft: 0,
    locked: !moving,
    weakCarBattery: row.vehicleId % 5 === 3,
    tiredDeviceBattery: row.vehicleId % 5 === 4,
    carBatteryVolts: 12.6,
    deviceBatteryPercent: random.integer(60, 100),
    ticks: 0,
  };
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** The next report of one vehicle, moving its simulated state on by one round. */
export function nextReport(vehicle: SimulatedVehicle, secondsPerTick: number, now: Date): TelemetryReport {
  const { random, route } = vehicle;
  const first = vehicle.ticks === 0;
  vehicle.ticks += 1;
  const report: TelemetryReport = { timestamp: now.toISOString() };
  const place = () => Object.assign(report, route.at(vehicle.distanceMetres));

  if (first) {
    place();
    report.locked = vehicle.locked;
    report.applicationVersion = APPLICATION_VERSION;
  }

  const driving = vehicle.moving && vehicle.parkedTicksLeft === 0;
  // On while it drives, off once parked: every report says which, as a tracker's ignition input does.
  report.ignition = driving;
  if (driving) {
    vehicle.distanceMetres += vehicle.direction * vehicle.speedMetresPerSecond * secondsPerTick;
    const atEnd = vehicle.distanceMetres <= 0 || vehicle.distanceMetres >= route.lengthMetres;
    vehicle.distanceMetres = Math.min(Math.max(vehicle.distanceMetres, 0), route.lengthMetres);
    place();
    if (atEnd) {
      report.ignition = false;
      // Arrived: park, lock, and later drive back the way it came.
      vehicle.parkedTicksLeft = random.integer(15, 45);
      vehicle.direction = vehicle.direction === 1 ? -1 : 1;
      vehicle.locked = true;
      report.locked = true;
    }
  } else if (vehicle.moving) {
    vehicle.parkedTicksLeft -= 1;
    if (vehicle.parkedTicksLeft === 0) {
      vehicle.locked = false;
      report.locked = false;
    }
  } else if (random.chance(LOCK_TOGGLE_CHANCE)) {
    vehicle.locked = !vehicle.locked;
    report.locked = vehicle.locked;
  }

  // Driving charges the battery (alternator, ~14 V); parked, a weak one sinks below the low mark.
  if (driving) vehicle.carBatteryVolts = round(random.between(13.8, 14.3), 2);
  else if (vehicle.weakCarBattery)
    vehicle.carBatteryVolts = round(Math.max(11.2, vehicle.carBatteryVolts - 0.02), 2);
  else vehicle.carBatteryVolts = round(random.between(12.4, 12.7), 2);
  if (vehicle.tiredDeviceBattery && vehicle.ticks % 10 === 0) {
    vehicle.deviceBatteryPercent = Math.max(5, vehicle.deviceBatteryPercent - 1);
  }
  if (first || vehicle.ticks % BATTERY_EVERY_TICKS === 0) {
    report.carBatteryVolts = vehicle.carBatteryVolts;
    report.deviceBatteryPercent = vehicle.deviceBatteryPercent;
  }

  if (!driving && random.chance(TAMPER_CHANCE)) {
    const tamper = TAMPER_REPORTS[random.integer(0, TAMPER_REPORTS.length - 1)];
    if (tamper) report.tamper = { ...tamper };
  }
  return report;
}

/** Where the vehicle is now, whether or not its last report said so. */
export function placeOf(vehicle: SimulatedVehicle): LatLong {
  return vehicle.route.at(vehicle.distanceMetres);
}

/** The way the vehicle faces along its road, in degrees clockwise from north. */
export function headingOf(vehicle: SimulatedVehicle): number {
  // Looked at over a few metres either side, so a vehicle at a road's end still has a heading.
  const { route, distanceMetres, direction } = vehicle;
  return bearingDegrees(route.at(distanceMetres - direction * 25), route.at(distanceMetres + direction * 25));
}
