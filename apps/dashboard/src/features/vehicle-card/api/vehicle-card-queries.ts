// The vehicle card's own server data: the vehicle's newest command and the linked device's status.
// Their keys are shared (lib/server-cache), since the live connection writes commands too.
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@sentinel/api-sdk';
import { commandKeys, deviceKeys, freeDevicesQuery } from '../../../lib/server-cache';

export const vehicleCardQueries = {
  /** The vehicle's newest lock or unlock command (null when it never had one); live messages follow it. */
  latestCommand: (api: ApiClient, vehicleId: number) =>
    queryOptions({
      queryKey: commandKeys.latest(vehicleId),
      queryFn: async () => (await api.vehicles.commands(vehicleId, { pageSize: 1 })).items[0] ?? null,
    }),
  /** GetDeviceStatusInfo of a linked device: asked once per device, whatever mounts the card again. */
  deviceStatus: (api: ApiClient, deviceId: number) =>
    queryOptions({
      queryKey: deviceKeys.status(deviceId),
      queryFn: () => api.devices.statusInfo(deviceId),
    }),
  /** Change device's search: free devices whose serial contains the text. */
  freeDevices: freeDevicesQuery,
};
