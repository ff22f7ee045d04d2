// The vehicle card's data and actions as the kit's VehicleCard takes them.
import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@sentinel/api-sdk';
import type { Vehicle } from '@sentinel/api-sdk';
import type { DeviceChange } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { useChangeDeviceMutation, usePartnerAlertMutation } from '../api/use-vehicle-card-mutations';
import type { PartnerAlertType } from '../api/use-vehicle-card-mutations';
import { vehicleCardQueries } from '../api/vehicle-card-queries';

export const CHANGE_DEVICE_FAILED = 'Failed to change device';

/** The text of a failed call as the spec shows it: the server's message, else its title (the status text). */
export function failureText(error: unknown, fallback: string): string {
  if (isApiError(error)) return error.body?.message || error.body?.title || fallback;
  return fallback;
}

/** Whether the vehicle has a linked device (the card shows its details and actions then). */
export const hasDevice = (vehicle: Vehicle) =>
  vehicle.deviceId !== null && vehicle.deviceId !== 0 && vehicle.deviceSerialNumber !== null;

/** GetDeviceStatusInfo for the linked device, from the cache when any card asked before. */
export function useDeviceStatus(deviceId: number | null) {
  const api = useApiClient();
  const { data } = useQuery({
    ...vehicleCardQueries.deviceStatus(api, deviceId ?? 0),
    enabled: deviceId !== null,
  });
  return data;
}

/** The kit's alert button awaits this: it shows 'Alert sent', or the rejection's message for 2 s. */
export function usePartnerAlert(vehicleId: number, type: PartnerAlertType) {
  const alert = usePartnerAlertMutation(vehicleId, type);
  return async () => {
    try {
      await alert.mutateAsync();
    } catch (error) {
      throw new Error(isApiError(error) ? error.message : 'Failed to send alert', { cause: error });
    }
  };
}

export function useDeviceChange(vehicle: Vehicle): DeviceChange | undefined {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const change = useChangeDeviceMutation(vehicle);
  const { mutateAsync } = change;
  const serialNumber = hasDevice(vehicle) ? vehicle.deviceSerialNumber : null;
  return useMemo<DeviceChange | undefined>(() => {
    if (serialNumber === null) return undefined;
    return {
      searchDevices: (text) => queryClient.fetchQuery(vehicleCardQueries.freeDevices(api, text)),
      onChange: async (newSerialNumber) => {
        try {
          await mutateAsync({
            currentDeviceSerialNumber: serialNumber,
            newDeviceSerialNumber: newSerialNumber,
            vehicleNickname: vehicle.nickname ?? '',
          });
        } catch (error) {
          // The spec asks for a browser alert; the dialog keeps the same text beside its form.
          const message = failureText(error, CHANGE_DEVICE_FAILED);
          window.alert(message);
          throw new Error(message, { cause: error });
        }
      },
    };
  }, [api, queryClient, mutateAsync, serialNumber, vehicle.nickname]);
}
