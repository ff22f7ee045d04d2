/*
 * The bench's server data: query keys and options beside the calls (TkDodo's key factories), so
 * every component and every mutation names the same cache entries.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { and, contains, eq, orderBy } from '@sentinel/api-sdk';
import type { BurnInApi, Device, DeviceListFields, DevicesApi } from '@sentinel/api-sdk';
import { BURN_IN_AUTO_REFRESH_MS, BURN_IN_SEARCH_MIN_CHARS } from '@sentinel/domain';

/** What the bench needs of the app: the burn-in service and the api's device list. */
export interface BurnInServices {
  burnIn: BurnInApi;
  devices: Pick<DevicesApi, 'list'>;
}

/** The spec's device search: page size 50, ordered by serial ascending. */
export const DEVICE_SEARCH_PAGE_SIZE = 50;

export const burnInKeys = {
  all: ['burn-in'] as const,
  results: () => [...burnInKeys.all, 'results'] as const,
  stations: () => [...burnInKeys.all, 'stations'] as const,
  deviceSearch: (text: string) => [...burnInKeys.all, 'device-search', text] as const,
};

export function burnInQueries({ burnIn, devices }: BurnInServices) {
  return {
    /** Every unit with its tests; reloaded every 5 s while 'Auto Refresh' is on. */
    results: (autoRefresh: boolean) =>
      queryOptions({
        queryKey: burnInKeys.results(),
        queryFn: () => burnIn.results(),
        // Tests change on their own: what was read a moment ago is already old.
        staleTime: 0,
        refetchInterval: autoRefresh ? BURN_IN_AUTO_REFRESH_MS : false,
        refetchIntervalInBackground: true,
        retry: false,
      }),
    /** The free stations, read each time the Add Device modal opens. */
    stations: () =>
      queryOptions({
        queryKey: burnInKeys.stations(),
        queryFn: () => burnIn.stations(),
        staleTime: 0,
        retry: false,
      }),
    /** Free devices (linked to no vehicle) whose serial contains the text; from 3 characters. */
    deviceSearch: (text: string) =>
      queryOptions({
        queryKey: burnInKeys.deviceSearch(text),
        queryFn: async (): Promise<Device[]> =>
          (
            await devices.list({
              filter: and(
                eq<DeviceListFields>('vehicleId', 0),
                contains<DeviceListFields>('serialNumber', text),
              ),
              orderBy: [orderBy<DeviceListFields>('serialNumber', 'asc')],
              pageSize: DEVICE_SEARCH_PAGE_SIZE,
            })
          ).items,
        enabled: text.length >= BURN_IN_SEARCH_MIN_CHARS,
        // Picking a device from the list searches its whole serial: the list stays until that
        // answer is in, so the chosen device (and the OK it enables) never blinks out meanwhile.
        placeholderData: keepPreviousData,
      }),
  };
}

export type BurnInQueries = ReturnType<typeof burnInQueries>;
