// Each vehicle's newest lock or unlock command: written by the live feature (DeviceCommandStatusMessage)
// and by the vehicle card (the command its request created), read by the vehicle card.
import { atom } from 'jotai';
import { atomFamily } from 'jotai-family';
import type { DeviceCommand, DeviceCommandStatus } from '@sentinel/api-sdk';

/** How far a command has got; a late answer must not move it back (Delivered, then the PUT's Pending). */
const STAGE: Record<DeviceCommandStatus, number> = {
  Pending: 0,
  Delivered: 1,
  Confirmed: 2,
  Failed: 2,
  Expired: 2,
  Cancelled: 2,
};

/** The newer of two views of a vehicle's newest command: the later command, else the further status. */
export function newerCommand(
  a: DeviceCommand | null | undefined,
  b: DeviceCommand | null | undefined,
): DeviceCommand | null {
  if (!a) return b ?? null;
  if (!b) return a;
  if (a.id !== b.id) return a.id > b.id ? a : b;
  return STAGE[b.status] >= STAGE[a.status] ? b : a;
}

/** null until the vehicle's card or the hub says something about its commands. */
export const vehicleCommandAtomFamily = atomFamily((_vehicleId: number) => atom<DeviceCommand | null>(null));

export const receiveCommandAtom = atom(null, (get, set, command: DeviceCommand) => {
  const vehicle = vehicleCommandAtomFamily(command.vehicleId);
  set(vehicle, newerCommand(get(vehicle), command));
});

/** Forgets every vehicle's command (sign-out, or a reconnect after which the server is read again). */
export const forgetCommandsAtom = atom(null, (_get, set) => {
  for (const vehicleId of vehicleCommandAtomFamily.getParams())
    set(vehicleCommandAtomFamily(vehicleId), null);
});
