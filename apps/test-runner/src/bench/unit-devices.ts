/*
 * The units as devices on their command channel. While a unit's tests run it long-polls
 * GET /Devices/{serial}/Commands with its own key, like a device fitted to a vehicle, carries out
 * each command after a realistic delay and acknowledges it with the lock state it ended in; a unit
 * off the network (a weak GSM signal) fetches nothing, and a weak relay or a late door sensor fails
 * the command (bench-simulator.ts decides which).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { DEVICE_COMMAND_WAIT_SECONDS } from '@sentinel/domain';
import type { VehicleApi } from '../vehicle-api';
import type { BenchSimulator, FaultName } from './bench-simulator';

export interface UnitDevicesOptions {
  api: Pick<VehicleApi, 'fetchCommands' | 'acknowledge'>;
  simulator: BenchSimulator;
  /** Multiplies the answer delays, as TEST_DURATION_SCALE does the tests. @default 1 */
  durationScale?: number;
  /** How long one poll waits for a command, as a fitted device's does. @default DEVICE_COMMAND_WAIT_SECONDS */
  waitSeconds?: number;
  /** The pause after a poll the api did not answer, before the next. @default 2000 */
  retryMs?: number;
}

export interface UnitDevices {
  /** The unit starts polling its channel (nothing happens if it already does). */
  start(serial: string, key: string, faults: readonly FaultName[]): void;
  /** Every unit not in the set stops polling. */
  retain(serials: ReadonlySet<string>): void;
  stop(serial: string): void;
  /** Stops every unit and waits for their loops to end. */
  close(): Promise<void>;
}

export function createUnitDevices(options: UnitDevicesOptions): UnitDevices {
  const scale = options.durationScale ?? 1;
  const waitSeconds = options.waitSeconds ?? DEVICE_COMMAND_WAIT_SECONDS;
  const running = new Map<string, { abort: AbortController; done: Promise<void> }>();
  // Each start is a new run: a unit with a weak signal may be on the network on one and not the next.
  const runs = new Map<string, number>();

  async function loop(serial: string, key: string, faults: readonly FaultName[], signal: AbortSignal) {
    const run = (runs.get(serial) ?? 0) + 1;
    runs.set(serial, run);
    if (options.simulator.offline(serial, faults, run)) return;
    while (!signal.aborted) {
      const commands = await options.api.fetchCommands(serial, key, waitSeconds, signal);
      if (commands === null) {
        await sleep(options.retryMs ?? 2000, undefined, { signal }).catch(() => undefined);
        continue;
      }
      for (const command of commands) {
        const { delayMs, ack } = options.simulator.answer(serial, faults, command.type, command.id);
        await sleep(delayMs * scale, undefined, { signal }).catch(() => undefined);
        if (signal.aborted) return;
        await options.api.acknowledge(serial, key, command.id, ack);
      }
    }
  }

  const stop = (serial: string) => {
    running.get(serial)?.abort.abort();
    running.delete(serial);
  };

  return {
    start(serial, key, faults) {
      if (running.has(serial)) return;
      const abort = new AbortController();
      running.set(serial, { abort, done: loop(serial, key, faults, abort.signal) });
    },
    retain(serials) {
      for (const serial of [...running.keys()]) if (!serials.has(serial)) stop(serial);
    },
    stop,
    async close() {
      const loops = [...running.values()];
      for (const { abort } of loops) abort.abort();
      running.clear();
      await Promise.all(loops.map(({ done }) => done));
    },
  };
}
