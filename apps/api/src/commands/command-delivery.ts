/*
 * The device's side of fetching commands: a claim hands over what waits for it now (and marks it
 * seen, so staff see it online); a poll claims, then waits until a command is made on this
 * instance (woken at once) or the recheck interval passes (a command made through another
 * instance), up to the device's wait. A device holds one poll at a time on an instance: a new
 * poll ends the one before with its usual empty answer.
 */
import type { DeviceCommandDelivery } from '@sentinel/domain';
import type { CommandContext, CommandDevice, CommandService } from './command-service';
import {
  claimCommands,
  claimCommandsOfDevices,
  deliveryView,
  markDeviceSeen,
  markDevicesSeen,
} from './command-queries';

type Delivery = Pick<CommandService, 'claim' | 'claimMany' | 'poll' | 'close'> & {
  /** Wakes the device's polls waiting on this instance: a command was made for it. */
  wake(deviceId: number): void;
};

export function createDelivery(context: CommandContext): Delivery {
  const { db, settings, announce } = context;
  // Polls waiting on this instance, by device id: woken at once when a command is made here.
  const waiting = new Map<number, Set<() => void>>();
  // The poll each device has open on this instance. The newcomer wins rather than being refused:
  // a device whose connection dropped unnoticed polls again at once, and must not be locked out
  // until its dead poll's wait runs out. Either way one key holds one poll (and one recheck a
  // second), however many it opens.
  const openPolls = new Map<number, AbortController>();
  let closed = false;

  const wake = (deviceId: number) => {
    for (const resolve of waiting.get(deviceId) ?? []) resolve();
  };

  async function claim(device: CommandDevice): Promise<DeviceCommandDelivery[]> {
    const now = new Date();
    await markDeviceSeen(db, device.id, now);
    const rows = await claimCommands(db, device, now);
    rows.sort((a, b) => a.id - b.id);
    // A test command changes no vehicle: nobody watches it live.
    for (const row of rows) if (row.vehicleId !== null) announce(row.vehicleId, row.id);
    return rows.map(deliveryView);
  }

  async function claimMany(devices: readonly CommandDevice[]) {
    const claimed = new Map<number, DeviceCommandDelivery[]>();
    const ids = devices.filter((device) => device.vehicleId !== null).map((device) => device.id);
    if (ids.length === 0) return claimed;
    const now = new Date();
    await markDevicesSeen(db, ids, now);
    const rows = await claimCommandsOfDevices(db, ids, now);
    rows.sort((a, b) => a.id - b.id);
    for (const row of rows) {
      announce(row.vehicleId, row.id);
      claimed.set(row.deviceId, [...(claimed.get(row.deviceId) ?? []), deliveryView(row)]);
    }
    return claimed;
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
    wake,
    close() {
      closed = true;
      for (const deviceId of [...waiting.keys()]) wake(deviceId);
    },
  };
}
