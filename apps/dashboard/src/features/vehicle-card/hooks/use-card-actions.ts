// The vehicle card's data and actions as the kit's VehicleCard takes them.
import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { errorText } from '@sentinel/api-sdk';
import { validateSerialNumber } from '@sentinel/domain';
import type { Vehicle } from '@sentinel/api-sdk';
import { DEVICE_SEARCH_MIN_LENGTH } from '@sentinel/ui';
import type { DeviceChange } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { hasDevice } from '../../../lib/vehicle-live/live-vehicle';
import {
  useChangeDeviceMutation,
  usePartnerAlertMutation,
  useRegisterDeviceMutation,
} from '../api/use-vehicle-card-mutations';
import type { PartnerAlertType } from '../api/use-vehicle-card-mutations';
import { vehicleCardQueries } from '../api/vehicle-card-queries';

export const CHANGE_DEVICE_FAILED = 'Failed to change device';
export const DEVICE_SEARCH_FAILED = 'Failed to search devices';
export const REGISTER_DEVICE_FAILED = 'Failed to register device';

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
      throw new Error(errorText(error, 'Failed to send alert'), { cause: error });
    }
  };
}

/**
 * The change-device dialog's search and change. The dialog only shows them: the text lives here,
 * the search for free devices runs once typing pauses (useDebouncedValue, from 3 characters)
 * through TanStack Query, whose key per text keeps an older, slower answer from replacing a newer one.
 * With `mayRegister`, a serial the search does not find can be registered as a new device.
 */
export function useDeviceChange(vehicle: Vehicle, mayRegister: boolean): DeviceChange | undefined {
  const api = useApiClient();
  const change = useChangeDeviceMutation(vehicle);
  const { mutateAsync } = change;
  const { mutateAsync: registerDevice } = useRegisterDeviceMutation();
  const serialNumber = hasDevice(vehicle) ? vehicle.deviceSerialNumber : null;
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query.trim());
  const search = useQuery({
    ...vehicleCardQueries.freeDevices(api, settled),
    enabled: serialNumber !== null && settled.length >= DEVICE_SEARCH_MIN_LENGTH,
    // The last answer stays listed while the next text is searched, so a device picked from it can
    // be linked at once (its serial becomes the text and is searched again).
    placeholderData: keepPreviousData,
  });
  const searchError = search.isError ? errorText(search.error, DEVICE_SEARCH_FAILED) : null;
  const onChange = useMemo(() => {
    if (serialNumber === null) return undefined;
    return async (newSerialNumber: string) => {
      try {
        await mutateAsync({
          currentDeviceSerialNumber: serialNumber,
          newDeviceSerialNumber: newSerialNumber,
          vehicleNickname: vehicle.nickname ?? '',
        });
      } catch (error) {
        // The spec asks for a browser alert; the dialog keeps the same text beside its form.
        const message = errorText(error, CHANGE_DEVICE_FAILED);
        window.alert(message);
        throw new Error(message, { cause: error });
      }
    };
  }, [mutateAsync, serialNumber, vehicle.nickname]);
  const onRegister = useMemo(() => {
    if (!mayRegister) return undefined;
    return async (newSerialNumber: string) => {
      // The server's rule, checked here first so a mistyped IMEI costs no request.
      const invalid = validateSerialNumber(newSerialNumber);
      if (invalid !== undefined) throw new Error(invalid);
      try {
        await registerDevice(newSerialNumber);
      } catch (error) {
        // errorText puts the answer's field message (errors.SerialNumber) first.
        throw new Error(errorText(error, REGISTER_DEVICE_FAILED), { cause: error });
      }
    };
  }, [mayRegister, registerDevice]);
  if (onChange === undefined) return undefined;
  return {
    query,
    onQueryChange: setQuery,
    results: settled.length >= DEVICE_SEARCH_MIN_LENGTH ? search.data : undefined,
    searching: search.isFetching,
    searchError,
    onChange,
    onRegister,
  };
}
