// The live connection's own state: its status and the tamper notices it raises. A vehicle's facts
// that messages carry are written into the query cache (../api/live-cache.ts), not here.
import { atom } from 'jotai';
import type { DeviceTamperMessage, LiveConnectionState } from '@sentinel/api-sdk';

/** The hub connection's state; Disconnected while signed out. */
export const liveConnectionStateAtom = atom<LiveConnectionState>('Disconnected');

/** A standing tamper alert the staff member has not dismissed yet, newest first. */
export interface TamperNotice {
  vehicleId: number;
  tamper: Omit<DeviceTamperMessage, 'vehicleId'>;
}

export const tamperNoticesAtom = atom<readonly TamperNotice[]>([]);

/**
 * The spec leaves the tamper message unhandled; staff expect to hear of it. A standing alert raises
 * a notice (the vehicle's badge and map pin follow from the cache); a cancelled one takes its
 * notice away.
 */
export const receiveTamperAtom = atom(null, (get, set, message: DeviceTamperMessage) => {
  const { vehicleId, ...tamper } = message;
  const others = get(tamperNoticesAtom).filter((notice) => notice.vehicleId !== vehicleId);
  set(tamperNoticesAtom, tamper.tamperActive ? [{ vehicleId, tamper }, ...others] : others);
});

export const dismissTamperNoticeAtom = atom(null, (get, set, vehicleId: number) => {
  set(
    tamperNoticesAtom,
    get(tamperNoticesAtom).filter((notice) => notice.vehicleId !== vehicleId),
  );
});

/** Signing out forgets the notices and the connection (the query cache is cleared with the user). */
export const clearLiveAtom = atom(null, (_get, set) => {
  set(tamperNoticesAtom, []);
  set(liveConnectionStateAtom, 'Disconnected');
});
