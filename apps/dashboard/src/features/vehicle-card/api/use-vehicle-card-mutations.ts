// The vehicle card's calls that change something. Each writes what the server answered into the
// cache, so every screen that shows the vehicle follows without a reload or a second request.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { ArmingSchedule, ArmingStatus, ChangeLinkedDeviceRequest, Vehicle } from '@sentinel/api-sdk';
import type { LockRequest } from '@sentinel/domain';
import { HISTORY_TYPE } from '@sentinel/domain';
import { useApiClient } from '../../../lib/api-client';
import {
  commandKeys,
  deviceKeys,
  historyKeys,
  patchCachedVehicle,
  receiveCommand,
} from '../../../lib/server-cache';
import { withArming } from '../../../lib/vehicle-live/live-vehicle';

/**
 * Lock (with its reason) or Unlock (null): the api answers with the command sent to the device, or
 * held while the vehicle moves. The lock state does not change here: the device's answer comes back
 * as live messages (the command's status, then the lock state).
 */
export function useLockMutation(vehicleId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lock: LockRequest | null) =>
      lock === null ? api.vehicles.unlock(vehicleId) : api.vehicles.lock(vehicleId, lock),
    onSuccess: (answer) => receiveCommand(queryClient, answer.command),
  });
}

/** Sends a lock held for a moving vehicle at once (another staff member's approval). */
export function useSendNowMutation(vehicleId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commandId: number) => api.vehicles.sendNow(vehicleId, commandId),
    onSuccess: (command) => receiveCommand(queryClient, command),
    onError: () => queryClient.invalidateQueries({ queryKey: commandKeys.latest(vehicleId) }),
  });
}

/** Cancels a command queued for an offline device; a refusal (already sent) reads the command again. */
export function useCancelCommandMutation(vehicleId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commandId: number) => api.vehicles.cancelCommand(vehicleId, commandId),
    onSuccess: (command) => {
      receiveCommand(queryClient, command);
      return queryClient.invalidateQueries({ queryKey: historyKeys.byVehicle(vehicleId) });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: commandKeys.latest(vehicleId) }),
  });
}

export type PartnerAlertType = typeof HISTORY_TYPE.auraCallout | typeof HISTORY_TYPE.capitalAirIncident;

/** Aura or Capital Air: the callout becomes the vehicle's newest history entry. */
export function usePartnerAlertMutation(vehicleId: number, type: PartnerAlertType) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      type === HISTORY_TYPE.auraCallout
        ? api.vehicles.alertAura(vehicleId)
        : api.vehicles.alertCapitalAir(vehicleId),
    onSuccess: () => {
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

/**
 * Registers a device by its serial: the free-device searches are asked again, so the change-device
 * search lists it by the time the registration resolves.
 */
export function useRegisterDeviceMutation() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (serialNumber: string) => api.devices.register(serialNumber),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...deviceKeys.all, 'free'] }),
  });
}

/**
 * An arming call's answer written into every cached copy of the vehicle: the cached vehicle is the
 * one source of its arming, so every screen showing it follows.
 */
function receiveArming(queryClient: QueryClient, status: ArmingStatus): void {
  patchCachedVehicle(queryClient, status.vehicleId, (vehicle) => withArming(vehicle, status));
}

/** Arm (true) or Disarm (false) by hand. */
export function useArmMutation(vehicleId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (arm: boolean) => (arm ? api.vehicles.arm(vehicleId) : api.vehicles.disarm(vehicleId)),
    onSuccess: (status) => receiveArming(queryClient, status),
  });
}

/** Saves the hours the vehicle arms itself, or removes them (null). */
export function useArmingScheduleMutation(vehicleId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (schedule: ArmingSchedule | null) =>
      schedule === null
        ? api.vehicles.clearArmingSchedule(vehicleId)
        : api.vehicles.setArmingSchedule(vehicleId, schedule),
    onSuccess: (status) => receiveArming(queryClient, status),
  });
}
