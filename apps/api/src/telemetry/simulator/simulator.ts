/*
 * The demo's device simulator: it plays the tracking devices of the seeded vehicles, so the
 * dashboard has pins that move, locks that change and the odd alarm without real hardware (and a
 * vehicle someone arms is driven off, so arming can be tried).
 * It reports through the telemetry service, the same code the ingestion route calls, so the
 * demo exercises storage, the event bus and the hub exactly as a device would. Given a device
 * gateway, the vehicles whose devices are Teltonika trackers report through it instead, each over
 * its own TCP connection in Teltonika's protocol, and take their lock commands from it.
 */
import type { Kysely } from 'kysely';
import { armedAt, GATEWAY_SERIAL_PATTERN } from '@sentinel/domain';
import { isImei } from '@sentinel/teltonika';
import { armableVehicles } from '../../arming/arming-queries';
import { isDemoImei } from '../../db/seed/devices';
import type { Database } from '../../db/schema';
import type { CommandService } from '../../commands/command-service';
import type { TelemetryService } from '../telemetry-service';
import { createCommandResponder } from './command-responder';
import { newVehicle, nextReport } from './movement';
import type { SimulatedVehicle } from './movement';
import { createTeltonikaFleet } from './teltonika-fleet';
import type { GatewayAddress } from './teltonika-fleet';
import type { TeltonikaTrackerTimings } from './teltonika-tracker';

/**
 * Which simulated devices are Teltonika trackers: `mixed`, the demo's own (their serials are the
 * IMEIs the seed gives); `teltonika`, every device whose serial is an IMEI.
 */
export type SimulatorTrackers = 'mixed' | 'teltonika';

export interface SimulatorOptions {
  /** Time between two rounds of reports; each moving vehicle sends a fix per round. @default 2000 */
  tickMs?: number;
  /** Same seed, same drives: tests pass one to predict what happens. @default 1 */
  seed?: number;
  /** Share of the vehicles that drive; the others stay parked (the first always drives). @default 0.6 */
  movingShare?: number;
  /**
   * The device gateway's Teltonika listener: the Teltonika trackers report to it over TCP, one
   * connection each, and take its Codec 12 commands. @default undefined (every vehicle reports in-process)
   */
  gateway?: GatewayAddress | undefined;
  /** Which devices are Teltonika trackers. @default 'mixed' */
  trackers?: SimulatorTrackers | undefined;
  /** The trackers' acknowledgement timeout and reconnect waits (tests shorten them). */
  teltonika?: TeltonikaTrackerTimings | undefined;
}

export interface Simulator {
  /** Starts a round every tickMs (the first after one tick). */
  start(): void;
  /** Stops ticking, waits for a round in progress to finish, and ends the trackers' links. */
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

/** Rounds between two re-reads of the linked devices (new vehicles join the drive). */
const RELOAD_EVERY_TICKS = 30;

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

  const isTracker = options.trackers === 'teltonika' ? isImei : isDemoImei;
  // A numeric serial the simulator does not play is a real tracker's or a phone's, which reports
  // for itself through a gateway: the simulator leaves its vehicle alone.
  const plays = (serialNumber: string) =>
    !GATEWAY_SERIAL_PATTERN.test(serialNumber) || isTracker(serialNumber);
  // With a gateway the trackers report through it, and only through it; without, in-process.
  const fleet = options.gateway && createTeltonikaFleet(options.gateway, options.teltonika);
  const viaGateway = (vehicle: SimulatedVehicle) => fleet !== undefined && isTracker(vehicle.serialNumber);

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
      .select(['devices.id as deviceId', 'devices.vehicleId', 'devices.serialNumber'])
      .where('devices.active', '=', 1)
      .where('devices.vehicleId', 'is not', null)
      .orderBy('devices.id')
      .execute();
    const known = new Map(vehicles.map((vehicle) => [vehicle.deviceId, vehicle]));
    const played = rows.filter(({ serialNumber }) => plays(serialNumber));
    vehicles = played.flatMap(({ deviceId, vehicleId, serialNumber }, index) => {
      if (vehicleId === null) return [];
      const existing = known.get(deviceId);
      if (existing?.vehicleId === vehicleId && existing.serialNumber === serialNumber) return [existing];
      return [newVehicle(seed, movingShare, index === 0, { deviceId, vehicleId, serialNumber })];
    });
    fleet?.sync(vehicles.filter(viaGateway));
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
    // The gateway hands the trackers their commands; the responder answers for the others.
    const inProcess = fleet === undefined ? vehicles : vehicles.filter((vehicle) => !viaGateway(vehicle));
    const offline =
      (await responder?.round(inProcess).catch((error: unknown) => {
        onError(error);
        return undefined;
      })) ?? new Set<number>();
    for (const vehicle of vehicles) {
      try {
        const report = nextReport(vehicle, secondsPerTick, now);
        if (fleet && viaGateway(vehicle)) {
          fleet.report(vehicle, report, now);
          continue;
        }
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
      fleet?.close();
    },
    tick,
    get running() {
      return running;
    },
  };
}
