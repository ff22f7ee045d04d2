// Live vehicle values from the hub, shared by the agent shell (which keeps the connection) and
// every screen that shows a vehicle, so they live in lib rather than in one feature's stores/.
import { atom } from 'jotai';
import { atomFamily } from 'jotai-family';
import type {
  DeviceGpsLocationMessage,
  DeviceLockUnlockMessage,
  DeviceTamperMessage,
  LiveConnectionState,
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

/** The hub connection's state; Disconnected while signed out. */
export const liveConnectionStateAtom = atom<LiveConnectionState>('Disconnected');

/** A standing tamper alert the staff member has not dismissed yet, newest first. */
export interface TamperNotice {
  vehicleId: number;
  tamper: LiveTamper;
}

export const tamperNoticesAtom = atom<readonly TamperNotice[]>([]);

/** Names of vehicles the lists have shown, so a notice can say which vehicle it is about. */
export interface VehicleName {
  registrationNumber?: string | null | undefined;
  nickname?: string | null | undefined;
}

export const vehicleNamesAtom = atom<ReadonlyMap<number, VehicleName>>(new Map());

// ---------------------------------------------------------------------------------------------
// Writes: what the live provider does with each message.

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
 * The spec leaves the tamper message unhandled; staff expect to hear of it. It is kept on the
 * vehicle (the badge turns to Alert, the map pin to the alert pin) and a standing alert raises a
 * notice; a cancelled one takes its notice away.
 */
export const receiveTamperAtom = atom(null, (get, set, message: DeviceTamperMessage) => {
  const { vehicleId, ...tamper } = message;
  const vehicle = vehicleLiveAtomFamily(vehicleId);
  set(vehicle, { ...get(vehicle), tamper, newest: 'tamper', updatedAt: Date.now() });
  const others = get(tamperNoticesAtom).filter((notice) => notice.vehicleId !== vehicleId);
  set(tamperNoticesAtom, tamper.tamperActive ? [{ vehicleId, tamper }, ...others] : others);
});

export const dismissTamperNoticeAtom = atom(null, (get, set, vehicleId: number) => {
  set(
    tamperNoticesAtom,
    get(tamperNoticesAtom).filter((notice) => notice.vehicleId !== vehicleId),
  );
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

/** Signing out forgets everything live: the next user may not see the same vehicles. */
export const clearLiveAtom = atom(null, (_get, set) => {
  for (const vehicleId of vehicleLiveAtomFamily.getParams()) set(vehicleLiveAtomFamily(vehicleId), null);
  set(tamperNoticesAtom, []);
  set(vehicleNamesAtom, new Map());
  set(liveConnectionStateAtom, 'Disconnected');
});
