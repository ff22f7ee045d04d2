// Per-vehicle live values: written by the live feature (hub messages) and by the vehicle card (its own
// confirmed commands), read by every screen that shows a vehicle, so they are shared code.
import { atom } from 'jotai';
import { atomFamily } from 'jotai-family';
import type {
  DeviceGpsLocationMessage,
  DeviceLockUnlockMessage,
  DeviceTamperMessage,
} from '@sentinel/api-sdk';

/** A tamper message without its vehicle id: what the device reported and where the vehicle was. */
export type LiveTamper = Omit<DeviceTamperMessage, 'vehicleId'>;

/** What the hub has said about one vehicle since the connection started, merged message by message. */
export interface VehicleLive {
  latitudeDegrees?: number;
  longitudeDegrees?: number;
  locked?: boolean;
  tamper?: LiveTamper;
  /** Which of the lock and tamper messages came last: the newer one decides the badge. */
  newest?: 'lock' | 'tamper';
  /** When the last message for this vehicle arrived, in milliseconds since the epoch. */
  updatedAt: number;
}

/**
 * One atom per vehicle id, so a component watching one vehicle re-renders only when that vehicle's
 * values change. null until a message for the vehicle arrives. From jotai-family, where jotai moved
 * atomFamily when it deprecated the jotai/utils copy (see the README).
 */
export const vehicleLiveAtomFamily = atomFamily((_vehicleId: number) => atom<VehicleLive | null>(null));

/** Names of vehicles the lists have shown, so a notice can say which vehicle it is about. */
export interface VehicleName {
  registrationNumber?: string | null | undefined;
  nickname?: string | null | undefined;
}

export const vehicleNamesAtom = atom<ReadonlyMap<number, VehicleName>>(new Map());

// ---------------------------------------------------------------------------------------------
// Writes: the hub's messages and the vehicle card's own confirmed commands.

/** GPS messages are merged into the vehicle's current live values (spec part 1 §4). */
export const receiveGpsAtom = atom(null, (get, set, message: DeviceGpsLocationMessage) => {
  const vehicle = vehicleLiveAtomFamily(message.vehicleId);
  set(vehicle, {
    ...get(vehicle),
    latitudeDegrees: message.latitudeDegrees,
    longitudeDegrees: message.longitudeDegrees,
    updatedAt: Date.now(),
  });
});

/** Lock messages are merged into the vehicle's current live values (spec part 1 §4). */
export const receiveLockAtom = atom(null, (get, set, message: DeviceLockUnlockMessage) => {
  const vehicle = vehicleLiveAtomFamily(message.vehicleId);
  set(vehicle, { ...get(vehicle), locked: message.locked, newest: 'lock', updatedAt: Date.now() });
});

/**
 * A call answered by the server made a newer history entry than the live lock or tamper message (a
 * partner alert): the server's newest entry decides the badge again; the live values stay.
 */
export const supersedeLiveEntryAtom = atom(null, (get, set, vehicleId: number) => {
  const vehicle = vehicleLiveAtomFamily(vehicleId);
  const current = get(vehicle);
  if (current?.newest) set(vehicle, { ...current, newest: undefined, updatedAt: Date.now() });
});

/** Lists call this with the vehicles they show; only names that changed cause a write. */
export const rememberVehicleNamesAtom = atom(
  null,
  (get, set, vehicles: readonly ({ id: number } & VehicleName)[]) => {
    const known = get(vehicleNamesAtom);
    const changed = vehicles.filter(({ id, registrationNumber, nickname }) => {
      const name = known.get(id);
      return name?.registrationNumber !== registrationNumber || name?.nickname !== nickname;
    });
    if (changed.length === 0) return;
    const next = new Map(known);
    for (const { id, registrationNumber, nickname } of changed)
      next.set(id, { registrationNumber, nickname });
    set(vehicleNamesAtom, next);
  },
);
