// The live connection's own state: its status, the tamper notices it raises, and what a sign-out
// forgets. The per-vehicle values it writes are shared (src/lib/vehicle-live).
import { atom } from 'jotai';
import type { DeviceTamperMessage, LiveConnectionState } from '@sentinel/api-sdk';
import { vehicleLiveAtomFamily, vehicleNamesAtom } from '../../../lib/vehicle-live/vehicle-live-store';
import type { LiveTamper } from '../../../lib/vehicle-live/vehicle-live-store';
import { forgetCommandsAtom } from '../../../lib/vehicle-live/vehicle-commands';

/** The hub connection's state; Disconnected while signed out. */
export const liveConnectionStateAtom = atom<LiveConnectionState>('Disconnected');

/** A standing tamper alert the staff member has not dismissed yet, newest first. */
export interface TamperNotice {
  vehicleId: number;
  tamper: LiveTamper;
}

export const tamperNoticesAtom = atom<readonly TamperNotice[]>([]);

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

/**
 * After a reconnect the hub may have sent messages nobody heard: the per-vehicle values are dropped
 * and the screens read the server's snapshot again (the provider refetches it).
 */
export const forgetVehicleLiveAtom = atom(null, (_get, set) => {
  for (const vehicleId of vehicleLiveAtomFamily.getParams()) set(vehicleLiveAtomFamily(vehicleId), null);
  set(forgetCommandsAtom);
});

/** Signing out forgets everything live: the next user may not see the same vehicles. */
export const clearLiveAtom = atom(null, (_get, set) => {
  set(forgetVehicleLiveAtom);
  set(tamperNoticesAtom, []);
  set(vehicleNamesAtom, new Map());
  set(liveConnectionStateAtom, 'Disconnected');
});
