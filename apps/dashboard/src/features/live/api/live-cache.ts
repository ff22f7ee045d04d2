// The hub's messages written into the query cache, where every screen reads a vehicle's facts.
import type { QueryClient } from '@tanstack/react-query';
import type {
  AlarmChangedMessage,
  VehicleArmingMessage,
  DeviceBatteryMessage,
  DeviceCommandStatusMessage,
  DeviceGpsLocationMessage,
  DeviceLockUnlockMessage,
  DeviceTamperMessage,
} from '@sentinel/api-sdk';
import { isOpenCommand } from '@sentinel/domain';
import {
  alarmKeys,
  commandKeys,
  historyKeys,
  patchCachedVehicle,
  patchCachedVehicles,
  receiveAlarm,
  receiveCommand,
  userKeys,
  vehicleKeys,
} from '../../../lib/server-cache';
import type { VehiclePatch } from '../../../lib/server-cache';
import {
  withArming,
  withBatteries,
  withGpsFix,
  withLockState,
  withTamper,
} from '../../../lib/vehicle-live/live-vehicle';

/** How long GPS fixes gather before they are written together. */
export const GPS_FLUSH_MS = 50;

/** The most vehicles one write moves; the rest follow in the next task, after the browser's own work. */
export const GPS_VEHICLES_PER_WRITE = 50;

export interface LiveCacheWriter {
  gpsLocation(message: DeviceGpsLocationMessage): void;
  lockUnlock(message: DeviceLockUnlockMessage): void;
  tamper(message: DeviceTamperMessage): void;
  commandStatus(message: DeviceCommandStatusMessage): void;
  onboardingStatus(): void;
  /** An alarm changed: written where its page and its queue tab are cached; a tab it entered or left asks again. */
  alarmChanged(message: AlarmChangedMessage): void;
  /** A vehicle was armed, disarmed or scheduled (VehicleArmingMessage): written into every cached copy. */
  arming(message: VehicleArmingMessage): void;
  /** A report changed a vehicle's batteries (DeviceBatteryMessage): written into every cached copy. */
  battery(message: DeviceBatteryMessage): void;
  /** After a reconnect: messages may have been missed, so the cached vehicles are asked again. */
  reconnected(): void;
  /** Drops fixes not yet written (the connection stopped). */
  stop(): void;
}

export function createLiveCacheWriter(queryClient: QueryClient): LiveCacheWriter {
  // Fixes come by the hundred a second with a fleet on the hub, and a fleet's devices report
  // together: the newest fix of each vehicle is kept, and they are written in one pass over the
  // cached queries per GPS_VEHICLES_PER_WRITE vehicles, each pass in a task of its own, so the
  // cards a burst moves render in slices between the browser's other work, not in one long task
  // (a query's components render at once when it changes: React renders a store's change
  // urgently, never as a transition). See the README, "Live updates".
  const fixes = new Map<number, DeviceGpsLocationMessage>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const writeFixes = (all: boolean) => {
    timer = undefined;
    const receivedAt = new Date();
    const patches = new Map<number, VehiclePatch>();
    for (const [vehicleId, fix] of fixes) {
      if (!all && patches.size === GPS_VEHICLES_PER_WRITE) break;
      patches.set(vehicleId, (vehicle) => withGpsFix(vehicle, fix, receivedAt));
      fixes.delete(vehicleId);
    }
    patchCachedVehicles(queryClient, patches);
    if (fixes.size > 0) timer = setTimeout(() => writeFixes(false), 0);
  };

  // A lock or tamper message may follow a fix still gathering: the fixes are written first, in order.
  const flushNow = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    writeFixes(true);
  };

  return {
    gpsLocation(message) {
      fixes.set(message.vehicleId, message);
      timer ??= setTimeout(() => writeFixes(false), GPS_FLUSH_MS);
    },
    // Few, and a person may be waiting for them: written at once.
    lockUnlock(message) {
      flushNow();
      patchCachedVehicle(queryClient, message.vehicleId, (vehicle) => withLockState(vehicle, message));
    },
    tamper(message) {
      flushNow();
      patchCachedVehicle(queryClient, message.vehicleId, (vehicle) => withTamper(vehicle, message));
    },
    // A lock or unlock moved on: the card shows where it stands, and one that ended (confirmed,
    // failed, expired, cancelled) is a new history entry.
    commandStatus(message) {
      receiveCommand(queryClient, message);
      if (!isOpenCommand(message.status)) {
        void queryClient.invalidateQueries({ queryKey: historyKeys.byVehicle(message.vehicleId) });
      }
    },
    // Another agent moved a vehicle between onboarding stages: the onboarding tabs and the client
    // lists filter on the status (and on the owners' vehicle counts), so the open ones ask again.
    onboardingStatus() {
      void queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
    alarmChanged(message) {
      receiveAlarm(queryClient, message);
    },
    // The same fields the card's own arming calls write from their answer (withArming).
    arming(message) {
      patchCachedVehicle(queryClient, message.vehicleId, (vehicle) => withArming(vehicle, message));
    },
    // Sent only when a value changed, so written at once like the lock state.
    battery(message) {
      flushNow();
      patchCachedVehicle(queryClient, message.vehicleId, (vehicle) => withBatteries(vehicle, message));
    },
    reconnected() {
      flushNow();
      void queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
      void queryClient.invalidateQueries({ queryKey: commandKeys.all });
      void queryClient.invalidateQueries({ queryKey: alarmKeys.all });
    },
    stop() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      fixes.clear();
    },
  };
}
