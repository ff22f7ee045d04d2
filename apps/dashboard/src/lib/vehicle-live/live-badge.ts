import { HISTORY_TYPE } from '@sentinel/domain';
import type { BadgeInput } from '@sentinel/domain';
import type { VehicleLive } from './vehicle-live-store';

/**
 * The badge input with live messages merged in, for the domain's badgeState. The newer of the live
 * lock and tamper messages acts as the vehicle's newest history entry:
 * - a standing tamper alert is a TamperAlert entry (the badge shows Alert);
 * - a lock message is a LockState entry with its value;
 * - a cancelled tamper alert ends the alert: a LockState entry with the last known lock value (live,
 *   else the server's newest entry's), unless the server's newest entry is an alert of another kind.
 * Without live lock or tamper values the server's fields are used as they are.
 */
export function liveBadgeInput(server: BadgeInput, live: VehicleLive | null): BadgeInput {
  if (!live?.newest) return server;
  const serverEntry = server.latestEntry ?? null;
  if (live.newest === 'lock' && live.locked !== undefined) {
    return { ...server, latestEntry: { type: HISTORY_TYPE.lockState, isLocked: live.locked } };
  }
  if (live.newest === 'tamper' && live.tamper) {
    if (live.tamper.tamperActive) return { ...server, latestEntry: { type: HISTORY_TYPE.tamperAlert } };
    if (serverEntry === null || serverEntry.type === HISTORY_TYPE.tamperAlert || live.locked !== undefined) {
      const isLocked = live.locked ?? serverEntry?.isLocked ?? null;
      return { ...server, latestEntry: { type: HISTORY_TYPE.lockState, isLocked } };
    }
  }
  return server;
}

/** The lock state to show: the live value when a lock message came, else the server's. */
export function liveLockState<T extends boolean | null | undefined>(
  live: VehicleLive | null,
  serverValue: T,
): boolean | T {
  return live?.locked ?? serverValue;
}

/** Whether a tamper alert stands (the map shows the alert pin): live when a tamper message came. */
export function liveTamperActive(live: VehicleLive | null, serverValue: boolean | null | undefined): boolean {
  return live?.tamper ? live.tamper.tamperActive : serverValue === true;
}
