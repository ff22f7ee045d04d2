/*
 * The device's side of fetching commands: a claim hands over what waits for it now (and marks it
 * seen, so staff see it online); a poll claims, then waits until a command is made on this
 * instance (woken at once) or the recheck interval passes (a command made through another
 * instance), up to the device's wait. A device holds one poll at a time on an instance: a new
 * poll ends the one before with its usual empty answer. A device gateway polls for all the
 * devices it holds at once (pollMany), waiting on the whole set the same way.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DeviceCommandDelivery } from '@sentinel/domain';
import { traceCommandDelivery } from '../tracing/command-spans';
import type { CommandContext, CommandDevice, CommandService, HandedCommand } from './command-service';
import {
  claimCommands,
  claimCommandsOfDevices,
  deliveryView,
  devicesWithPendingCommands,
  markDeviceSeen,
  markDevicesSeen,
} from './command-queries';

type Delivery = Pick<CommandService, 'claim' | 'claimMany' | 'poll' | 'pollMany' | 'close'> & {
  /** Wakes the polls waiting on this instance for the device (its own, a gateway's): a command was made for it. */
  wake(deviceId: number): void;
};

/**
 * The most device ids one statement names: far below either engine's limit of parameters, and
 * short enough that a gateway's thousands of devices never hold the event loop for long (each
 * statement of SQLite runs on it).
 */
export const DEVICES_PER_STATEMENT = 1_000;

/** A gateway's poll waiting on this instance. */
interface SetWaiter {
  deviceIds: ReadonlySet<number>;
  wake(): void;
}

export function createDelivery(context: CommandContext): Delivery {
  const { db, settings, announce } = context;
  // Polls waiting on this instance, by device id: woken at once when a command is made here.
  const waiting = new Map<number, Set<() => void>>();
  // The poll each device has open on this instance. The newcomer wins rather than being refused:
  // a device whose connection dropped unnoticed polls again at once, and must not be locked out
  // until its dead poll's wait runs out. Either way one key holds one poll (and one recheck a
  // second), however many it opens.
  const openPolls = new Map<number, AbortController>();
  // Gateways' polls waiting on this instance, each on the devices it named. Several gateway
  // instances share one key, so each call waits on its own set and none ends another.
  const setWaiters = new Set<SetWaiter>();
  let closed = false;

  const wake = (deviceId: number) => {
    for (const resolve of waiting.get(deviceId) ?? []) resolve();
    for (const waiter of setWaiters) if (waiter.deviceIds.has(deviceId)) waiter.wake();
  };

  async function claim(device: CommandDevice): Promise<DeviceCommandDelivery[]> {
    const now = new Date();
    await markDeviceSeen(db, device.id, now);
    const rows = await claimCommands(db, device, now);
    rows.sort((a, b) => a.id - b.id);
    for (const row of rows) {
      traceCommandDelivery({ ...row, deviceId: device.id }, () => {
        // A test command changes no vehicle: nobody watches it live.
        if (row.vehicleId !== null) announce(row.vehicleId, row.id);
      });
    }
    return rows.map(deliveryView);
  }

  /** Hands over the waiting commands of these devices (any number of them), oldest first. */
  async function claimOf(deviceIds: readonly number[], now: Date): Promise<HandedCommand[]> {
    const rows = [];
    for (let start = 0; start < deviceIds.length; start += DEVICES_PER_STATEMENT) {
      if (start > 0) await nextTurn();
      rows.push(
        ...(await claimCommandsOfDevices(db, deviceIds.slice(start, start + DEVICES_PER_STATEMENT), now)),
      );
    }
    rows.sort((a, b) => a.id - b.id);
    for (const row of rows) {
      traceCommandDelivery(row, () => {
        // A test command changes no vehicle: nobody watches it live.
        if (row.vehicleId !== null) announce(row.vehicleId, row.id);
      });
    }
    return rows.map((row) => ({
      deviceId: row.deviceId,
      command: deliveryView(row),
      traceParent: row.traceParent,
    }));
  }

  /**
   * Notes that these devices (any number of them) asked for commands now. A chunk that PostgreSQL
   * stops as a deadlock (a telemetry transaction writing the same device rows in another order) is
   * left for the next poll, which comes within the device's wait: being marked seen a poll late
   * shows no device offline, and failing the poll would keep its commands from it.
   */
  async function markSeen(deviceIds: readonly number[], now: Date): Promise<void> {
    for (let start = 0; start < deviceIds.length; start += DEVICES_PER_STATEMENT) {
      if (start > 0) await nextTurn();
      try {
        await markDevicesSeen(db, deviceIds.slice(start, start + DEVICES_PER_STATEMENT), now);
      } catch (error) {
        if (!isDeadlock(error)) throw error;
      }
    }
  }

  async function claimMany(devices: readonly CommandDevice[]) {
    const claimed = new Map<number, DeviceCommandDelivery[]>();
    const ids = devices.map((device) => device.id);
    if (ids.length === 0) return claimed;
    const now = new Date();
    await markSeen(ids, now);
    for (const { deviceId, command } of await claimOf(ids, now)) {
      claimed.set(deviceId, [...(claimed.get(deviceId) ?? []), command]);
    }
    return claimed;
  }

  /**
   * The waiting commands of the devices in `ids`: only the few devices that have one are named in
   * the claim, so a gateway's recheck of thousands of devices costs one read of the waiting
   * commands, not a statement per thousand devices.
   */
  async function claimWaitingOf(ids: ReadonlySet<number>): Promise<HandedCommand[]> {
    if (ids.size === 0) return [];
    const now = new Date();
    const waitingIds = (await devicesWithPendingCommands(db, now)).filter((id) => ids.has(id));
    return waitingIds.length === 0 ? [] : claimOf(waitingIds, now);
  }

  async function pollMany(devices: readonly CommandDevice[], waitMs: number, signal?: AbortSignal) {
    // A gateway holding no known device still waits its wait, rather than polling again at once.
    const ids = new Set(devices.map((device) => device.id));
    // Seen once a call: the call lasts at most maxWaitMs, inside the online window.
    if (ids.size > 0) await markSeen([...ids], new Date());
    const deadline = Date.now() + Math.min(waitMs, settings.maxWaitMs);
    for (;;) {
      if (signal?.aborted || closed) return [];
      const claimed = await claimWaitingOf(ids);
      const left = deadline - Date.now();
      if (claimed.length > 0 || left <= 0 || closed || signal?.aborted) return claimed;
      await new Promise<void>((resolve) => {
        const waiter: SetWaiter = { deviceIds: ids, wake: () => done() };
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          setWaiters.delete(waiter);
          resolve();
        };
        const timer = setTimeout(done, Math.min(left, settings.recheckMs));
        setWaiters.add(waiter);
        signal?.addEventListener('abort', done);
      });
    }
  }

  async function poll(device: CommandDevice, waitMs: number, signal?: AbortSignal) {
    const superseded = new AbortController();
    openPolls.get(device.id)?.abort();
    openPolls.set(device.id, superseded);
    try {
      return await waitForCommands(device, waitMs, signal, superseded.signal);
    } finally {
      if (openPolls.get(device.id) === superseded) openPolls.delete(device.id);
    }
  }

  async function waitForCommands(
    device: CommandDevice,
    waitMs: number,
    signal: AbortSignal | undefined,
    superseded: AbortSignal,
  ) {
    const deadline = Date.now() + Math.min(waitMs, settings.maxWaitMs);
    for (;;) {
      const claimed = await claim(device);
      const left = deadline - Date.now();
      if (claimed.length > 0 || left <= 0 || closed || signal?.aborted || superseded.aborted) return claimed;
      await new Promise<void>((resolve) => {
        const listeners = waiting.get(device.id) ?? new Set<() => void>();
        waiting.set(device.id, listeners);
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          superseded.removeEventListener('abort', done);
          listeners.delete(done);
          if (listeners.size === 0 && waiting.get(device.id) === listeners) waiting.delete(device.id);
          resolve();
        };
        const timer = setTimeout(done, Math.min(left, settings.recheckMs));
        listeners.add(done);
        signal?.addEventListener('abort', done);
        superseded.addEventListener('abort', done);
      });
      // A device that went away must not be handed a command it will never read; a newer poll
      // of the device claims what came meanwhile.
      if (signal?.aborted || closed || superseded.aborted) return [];
    }
  }

  return {
    claim,
    claimMany,
    poll,
    pollMany,
    wake,
    close() {
      closed = true;
      for (const deviceId of [...waiting.keys()]) wake(deviceId);
      for (const waiter of [...setWaiters]) waiter.wake();
    },
  };
}

/** PostgreSQL's deadlock_detected (SQLSTATE 40P01); SQLite, one writer at a time, has none. */
function isDeadlock(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '40P01';
}
