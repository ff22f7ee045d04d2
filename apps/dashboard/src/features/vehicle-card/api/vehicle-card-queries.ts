// The vehicle card's own server data: the linked device's status and the free-device search.
import { queryOptions } from '@tanstack/react-query';
import { and, contains, eq } from '@sentinel/api-sdk';
import type { ApiClient } from '@sentinel/api-sdk';

/** Spec part 2 §9: the device search asks for 50 results, ordered by serial. */
export const DEVICE_SEARCH_PAGE_SIZE = 50;

// Devices free up and get linked by anyone; a search answer is reused only for a moment.
const DEVICE_SEARCH_STALE_MS = 10_000;

export const deviceKeys = {
  all: ['devices'] as const,
  status: (deviceId: number) => [...deviceKeys.all, deviceId, 'status'] as const,
  freeSearch: (text: string) => [...deviceKeys.all, 'free', text] as const,
};

export const commandKeys = {
  latest: (vehicleId: number) => ['vehicle-commands', vehicleId, 'latest'] as const,
};

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
  /** GET /Devices: free devices (VehicleId eq 0) whose serial contains the text. */
  freeDevices: (api: ApiClient, text: string) =>
    queryOptions({
      queryKey: deviceKeys.freeSearch(text),
      queryFn: async () =>
        (
          await api.devices.list({
            filter: and(eq('VehicleId', 0), contains('SerialNumber', text)),
            pageSize: DEVICE_SEARCH_PAGE_SIZE,
            orderBy: [{ field: 'SerialNumber', direction: 'asc' }],
          })
        ).items,
      staleTime: DEVICE_SEARCH_STALE_MS,
    }),
};
