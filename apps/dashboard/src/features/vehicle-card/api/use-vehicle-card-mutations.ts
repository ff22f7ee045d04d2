// The vehicle card's calls that change something. Each writes what the server answered into the
// cache (and the lock state into the vehicle's live values), so every screen that shows the vehicle
// follows without a reload or a second request.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import type { ChangeLinkedDeviceRequest, Vehicle } from '@sentinel/api-sdk';
import { HISTORY_TYPE } from '@sentinel/domain';
import { useApiClient } from '../../../lib/api-client';
import { historyKeys, patchCachedVehicle } from '../../../lib/server-cache';
import { receiveLockAtom, supersedeLiveEntryAtom } from '../../../lib/vehicle-live/vehicle-live-store';
import { deviceKeys } from './vehicle-card-queries';

/** Lock (true) or Unlock (false); the confirmed state is the vehicle's newest lock value. */
export function useLockMutation(vehicleId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const receiveLock = useSetAtom(receiveLockAtom);
  return useMutation({
    mutationFn: (locked: boolean) => (locked ? api.vehicles.lock(vehicleId) : api.vehicles.unlock(vehicleId)),
    onSuccess: (_answer, locked) => {
      // Lock state is live data: the same atom the hub writes, so the newer of the two always shows.
      receiveLock({ vehicleId, locked });
      patchCachedVehicle(queryClient, vehicleId, (vehicle) => ({
        ...vehicle,
        isLocked: locked,
        latestHistoryType: HISTORY_TYPE.lockState,
        latestHistoryIsLocked: locked,
      }));
      return queryClient.invalidateQueries({ queryKey: historyKeys.byVehicle(vehicleId) });
    },
  });
}

export type PartnerAlertType = typeof HISTORY_TYPE.auraCallout | typeof HISTORY_TYPE.capitalAirIncident;

/** Aura or Capital Air: the callout becomes the vehicle's newest history entry. */
export function usePartnerAlertMutation(vehicleId: number, type: PartnerAlertType) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const supersede = useSetAtom(supersedeLiveEntryAtom);
  return useMutation({
    mutationFn: () =>
      type === HISTORY_TYPE.auraCallout
        ? api.vehicles.alertAura(vehicleId)
        : api.vehicles.alertCapitalAir(vehicleId),
    onSuccess: () => {
      supersede(vehicleId);
      patchCachedVehicle(queryClient, vehicleId, (vehicle) => ({
        ...vehicle,
        latestHistoryType: type,
        latestHistoryIsLocked: null,
      }));
      return queryClient.invalidateQueries({ queryKey: historyKeys.byVehicle(vehicleId) });
    },
  });
}

/** Links another device; the vehicle's cached rows show it, and the device lists are asked again. */
export function useChangeDeviceMutation(vehicle: Pick<Vehicle, 'id'>) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ChangeLinkedDeviceRequest) => api.vehicles.changeLinkedDevice(vehicle.id, request),
    onSuccess: (linked) => {
      patchCachedVehicle(queryClient, vehicle.id, (current) => ({
        ...current,
        deviceId: linked.id,
        deviceSerialNumber: linked.serialNumber,
        deviceActive: linked.active,
      }));
      return queryClient.invalidateQueries({ queryKey: deviceKeys.all });
    },
  });
}
