// Hooks for screens that show a vehicle (cards, maps, lock buttons): each reads one vehicle's atom,
// so a message for another vehicle does not re-render them.
import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { badgeState } from '@sentinel/domain';
import type { Badge, BadgeInput } from '@sentinel/domain';
import { liveBadgeInput, liveLockState, liveTamperActive } from './live-badge';
import { rememberVehicleNamesAtom, vehicleLiveAtomFamily } from './vehicle-live-store';
import type { VehicleLive, VehicleName } from './vehicle-live-store';

/** The vehicle's merged live values; null until the hub has said something about it. */
export function useVehicleLive(vehicleId: number): VehicleLive | null {
  return useAtomValue(vehicleLiveAtomFamily(vehicleId));
}

/** The lock state to show: the live value once a lock message came, else the server's. */
export function useLiveLockState<T extends boolean | null | undefined>(
  vehicleId: number,
  serverValue: T,
): boolean | T {
  return liveLockState(useVehicleLive(vehicleId), serverValue);
}

/** Whether a tamper alert stands (alert pin on the map): live once a tamper message came. */
export function useLiveTamperActive(vehicleId: number, serverValue: boolean | null | undefined): boolean {
  return liveTamperActive(useVehicleLive(vehicleId), serverValue);
}

/**
 * The vehicle's status badge from the server's fields with live messages merged in: a standing live
 * tamper alert shows Alert, a live lock message acts as the newest LockState entry.
 */
export function useLiveBadge(vehicleId: number, serverFields: BadgeInput): Badge {
  const live = useVehicleLive(vehicleId);
  return badgeState(liveBadgeInput(serverFields, live));
}

/**
 * Vehicle lists call this with what they show, so a tamper notice can name the vehicle by its
 * registration and nickname rather than its id.
 */
export function useRememberVehicleNames(
  vehicles: readonly ({ id: number } & VehicleName)[] | undefined,
): void {
  const remember = useSetAtom(rememberVehicleNamesAtom);
  // The write compares names first, so a refetch with the same names stores nothing.
  useEffect(() => {
    if (vehicles) remember(vehicles);
  }, [vehicles, remember]);
}
