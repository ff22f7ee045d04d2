/*
 * The units as devices. While a unit's tests run it is online the way its kind of device is: a unit
 * with an ingestion key long-polls GET /Devices/{serial}/Commands with it, like a device fitted to a
 * vehicle, and reports through the telemetry route; a unit known by IMEI, when the bench has a
 * device gateway, holds a Teltonika link to the gateway instead (teltonika-unit.ts), which speaks
 * for it to the api. Either way it carries out each command after the delay the bench simulator
 * gives and its readings reach the api as the device's own; a unit off the network for a run (a
 * weak GSM signal) takes no commands at all. Only the transport differs: the tests, their verdicts
 * and the relay drive are the same for both.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { DEVICE_COMMAND_WAIT_SECONDS, isValidImei } from '@sentinel/domain';
import type { TelemetryReport } from '@sentinel/domain';
import type { GatewayAddress, TeltonikaTrackerTimings } from '@sentinel/teltonika/tracker';
import type { Delivery, VehicleApi } from '../vehicle-api';
import type { BenchSimulator, FaultName } from './bench-simulator';
import { startTeltonikaUnit } from './teltonika-unit';
import type { TeltonikaUnit } from './teltonika-unit';

export interface UnitDevicesOptions {
  api: Pick<VehicleApi, 'fetchCommands' | 'acknowledge' | 'report'>;
  simulator: BenchSimulator;
  /** Multiplies the answer delays, as TEST_DURATION_SCALE does the tests. @default 1 */
  durationScale?: number;
  /** How long one poll waits for a command, as a fitted device's does. @default DEVICE_COMMAND_WAIT_SECONDS */
  waitSeconds?: number;
  /** The pause after a poll the api did not answer, before the next. @default 2000 */
  retryMs?: number;
  /**
   * The device gateway's Teltonika listener (BENCH_GATEWAY): units known by IMEI speak Teltonika to
   * it and need no key. None: every unit reports and takes commands with its own key.
   */
  gateway?: GatewayAddress;
  /** The Teltonika links' acknowledgement wait and reconnect backoff. @default the tracker's */
  teltonika?: TeltonikaTrackerTimings;
  /** How long a Teltonika unit's report waits for the gateway's acknowledgement. @default 10000 */
  reportTimeoutMs?: number;
}

export interface UnitDevices {
  /** Whether the unit speaks Teltonika through the gateway, which speaks for it: it needs no key. */
  throughGateway(serial: string): boolean;
  /**
   * The unit goes online: it polls its channel with its key, or without one opens its link to the
   * gateway (nothing happens if it is online, or has neither).
   */
  start(serial: string, key: string | null, faults: readonly FaultName[]): void;
  /** Sends the unit's readings as the device, with its key or over its link. Never throws. */
  report(serial: string, key: string | null, body: TelemetryReport): Promise<Delivery>;
  /** Every unit not in the set goes offline. */
  retain(serials: ReadonlySet<string>): void;
  stop(serial: string): void;
  /** Takes every unit offline and waits for their loops to end. */
  close(): Promise<void>;
}

interface Online {
  abort: AbortController;
  done: Promise<void>;
  /** The unit's link to the gateway, for a Teltonika unit on the network. */
  link?: TeltonikaUnit;
}

const NO_LINK: Delivery = { accepted: false, status: null };

export function createUnitDevices(options: UnitDevicesOptions): UnitDevices {
  const scale = options.durationScale ?? 1;
  const waitSeconds = options.waitSeconds ?? DEVICE_COMMAND_WAIT_SECONDS;
  const { gateway, simulator } = options;
  const online = new Map<string, Online>();
  // Each start is a new run: a unit with a weak signal may be on the network on one and not the next.
  const runs = new Map<string, number>();
  // A Teltonika unit never learns the api's command ids: it counts the commands it was sent instead.
  const commandsTaken = new Map<string, number>();

  const throughGateway = (serial: string) => gateway !== undefined && isValidImei(serial);

  async function poll(serial: string, key: string, faults: readonly FaultName[], signal: AbortSignal) {
    while (!signal.aborted) {
      const commands = await options.api.fetchCommands(serial, key, waitSeconds, signal);
      if (commands === null) {
        await sleep(options.retryMs ?? 2000, undefined, { signal }).catch(() => undefined);
        continue;
      }
      for (const command of commands) {
        const { delayMs, ack } = simulator.answer(serial, faults, command.type, command.id);
        await sleep(delayMs * scale, undefined, { signal }).catch(() => undefined);
        if (signal.aborted) return;
        await options.api.acknowledge(serial, key, command.id, ack);
      }
    }
  }

  function link(serial: string, faults: readonly FaultName[], to: GatewayAddress): TeltonikaUnit {
    return startTeltonikaUnit({
      gateway: to,
      imei: serial,
      reportTimeoutMs: options.reportTimeoutMs ?? 10_000,
      ...(options.teltonika ? { timings: options.teltonika } : {}),
      carryOutMs(type) {
        const taken = (commandsTaken.get(serial) ?? 0) + 1;
        commandsTaken.set(serial, taken);
        return simulator.answer(serial, faults, type, taken).delayMs * scale;
      },
    });
  }

  const stop = (serial: string) => {
    const unit = online.get(serial);
    unit?.abort.abort();
    unit?.link?.close();
    online.delete(serial);
  };

  return {
    throughGateway,

    start(serial, key, faults) {
      if (online.has(serial)) return;
      if (key === null && !throughGateway(serial)) return;
      const run = (runs.get(serial) ?? 0) + 1;
      runs.set(serial, run);
      const abort = new AbortController();
      if (simulator.offline(serial, faults, run)) {
        online.set(serial, { abort, done: Promise.resolve() });
      } else if (key !== null) {
        online.set(serial, { abort, done: poll(serial, key, faults, abort.signal) });
      } else if (gateway !== undefined) {
        online.set(serial, { abort, done: Promise.resolve(), link: link(serial, faults, gateway) });
      }
    },

    async report(serial, key, body) {
      if (key !== null) return options.api.report(serial, key, body);
      // Off the network, or nothing to report through: the reading reaches no one.
      return online.get(serial)?.link?.report(body) ?? NO_LINK;
    },

    retain(serials) {
      for (const serial of [...online.keys()]) if (!serials.has(serial)) stop(serial);
    },

    stop,

    async close() {
      const units = [...online.values()];
      for (const serial of [...online.keys()]) stop(serial);
      await Promise.all(units.map(({ done }) => done));
    },
  };
}
