/*
 * The demo's device simulator: it plays the tracking devices of the seeded vehicles, so the
 * dashboard has pins that move, locks that change and the odd alarm without real hardware (and a
 * vehicle someone arms is driven off, so arming can be tried).
 * It reports through the telemetry service, the same code the ingestion route calls, so the
 * demo exercises storage, the event bus and the hub exactly as a device would.
 */
import type { Kysely } from 'kysely';
import { armedAt } from '@sentinel/domain';
import type { TelemetryReport } from '@sentinel/domain';
import { armableVehicles } from '../../arming/arming-queries';
import type { Database } from '../../db/schema';
import type { CommandService } from '../../commands/command-service';
import type { TelemetryService } from '../telemetry-service';
import { createCommandResponder } from './command-responder';
import { seededRandom } from './random';
import type { Random } from './random';
import { measureRoute, roadFor } from './roads';
import type { Route } from './roads';

export interface SimulatorOptions {
  /** Time between two rounds of reports; each moving vehicle sends a fix per round. @default 2000 */
  tickMs?: number;
  /** Same seed, same drives: tests pass one to predict what happens. @default 1 */
  seed?: number;
  /** Share of the vehicles that drive; the others stay parked (the first always drives). @default 0.6 */
  movingShare?: number;
}

export interface Simulator {
  /** Starts a round every tickMs (the first after one tick). */
  start(): void;
  /** Stops ticking and waits for a round in progress to finish. */
  stop(): Promise<void>;
  /** One round of reports, now; what the timer calls. */
  tick(): Promise<void>;
  readonly running: boolean;
}

export interface SimulatorDependencies {
  db: Kysely<Database>;
  telemetry: TelemetryService;
  /** Lock and unlock commands: the simulated devices fetch and answer them. */
  commands?: CommandService | undefined;
  onError: (error: unknown) => void;
}

const APPLICATION_VERSION = '2.4.1-sim';
/** Rounds between two re-reads of the linked devices (new vehicles join the drive). */
const RELOAD_EVERY_TICKS = 30;
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

interface SimulatedVehicle {
  deviceId: number;
  vehicleId: number;
  random: Random;
  route: Route;
  moving: boolean;
  distanceMetres: number;
  direction: 1 | -1;
  speedMetresPerSecond: number;
  parkedTicksLeft: number;
  locked: boolean;
  /** One vehicle in five has a weak car battery that drains while parked, one a tired device battery. */
  weakCarBattery: boolean;
  tiredDeviceBattery: boolean;
  carBatteryVolts: number;
  deviceBatteryPercent: number;
  ticks: number;
}

function newVehicle(
  seed: number,
  movingShare: number,
  first: boolean,
  row: { deviceId: number; vehicleId: number },
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
function nextReport(vehicle: SimulatedVehicle, secondsPerTick: number, now: Date): TelemetryReport {
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

export function createSimulator(
  dependencies: SimulatorDependencies,
  options: SimulatorOptions = {},
): Simulator {
  const { db, telemetry, commands, onError } = dependencies;
  const tickMs = options.tickMs ?? 2_000;
  const seed = options.seed ?? 1;
  const movingShare = options.movingShare ?? 0.6;
  // Simulated time runs with the clock, so speeds stay plausible whatever the tick.
  const secondsPerTick = tickMs / 1000;

  const responder = commands && createCommandResponder(commands, seed);
  let vehicles: SimulatedVehicle[] = [];
  let rounds = 0;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let current: Promise<void> = Promise.resolve();

  /** The vehicles with an active linked device; known ones keep their state. */
  async function loadVehicles(): Promise<void> {
    const rows = await db
      .selectFrom('devices')
      .select(['devices.id as deviceId', 'devices.vehicleId'])
      .where('devices.active', '=', 1)
      .where('devices.vehicleId', 'is not', null)
      .orderBy('devices.id')
      .execute();
    const known = new Map(vehicles.map((vehicle) => [vehicle.deviceId, vehicle]));
    vehicles = rows.flatMap(({ deviceId, vehicleId }, index) => {
      if (vehicleId === null) return [];
      const existing = known.get(deviceId);
      if (existing?.vehicleId === vehicleId) return [existing];
      return [newVehicle(seed, movingShare, index === 0, { deviceId, vehicleId })];
    });
  }

  /**
   * The demo's thief: a vehicle armed (by hand or by its schedule) that stands still, parked for
   * good or resting at a road's end, is unlocked this round and driven off the next, so whoever
   * arms a demo vehicle sees its alarm within two rounds (4 s at the default tick). From then on it
   * drives like the others. One look-up a round, of the armed vehicles alone.
   */
  async function driveArmedVehiclesOff(now: Date): Promise<void> {
    const armed = await armableVehicles(db);
    if (armed.size === 0) return;
    for (const vehicle of vehicles) {
      const state = armed.get(vehicle.vehicleId);
      if (state === undefined || armedAt(state, now) === undefined) continue;
      if (vehicle.moving && vehicle.parkedTicksLeft === 0) continue;
      vehicle.moving = true;
      vehicle.parkedTicksLeft = 1;
    }
  }

  async function tick(): Promise<void> {
    if (vehicles.length === 0 || rounds % RELOAD_EVERY_TICKS === 0) await loadVehicles();
    rounds += 1;
    const now = new Date();
    await driveArmedVehiclesOff(now).catch(onError);
    const offline =
      (await responder?.round(vehicles).catch((error: unknown) => {
        onError(error);
        return undefined;
      })) ?? new Set<number>();
    for (const vehicle of vehicles) {
      try {
        const report = nextReport(vehicle, secondsPerTick, now);
        // An offline device's report does not arrive (the drive goes on all the same).
        if (offline.has(vehicle.deviceId)) continue;
        await telemetry.ingest({ id: vehicle.deviceId, vehicleId: vehicle.vehicleId }, report);
      } catch (error) {
        onError(error);
      }
    }
  }

  // Rounds start tickMs apart, not tickMs after the last one ended, so each vehicle reports once a
  // tick however long a round takes (a round longer than a tick is followed by the next at once).
  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      const started = Date.now();
      current = tick()
        .catch(onError)
        .finally(() => {
          if (running) schedule(Math.max(0, tickMs - (Date.now() - started)));
        });
    }, delayMs);
  };

  return {
    start() {
      if (running) return;
      running = true;
      schedule(tickMs);
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await current;
    },
    tick,
    get running() {
      return running;
    },
  };
}
