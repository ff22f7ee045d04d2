// The vehicle's newest lock or unlock command as the card shows it: the server's answer when the
// card opens (a command may be queued since before), then whatever the hub or the card's own
// requests say, whichever is further along.
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { DeviceCommand } from '@sentinel/api-sdk';
import { useApiClient } from '../../../lib/api-client';
import { newerCommand, vehicleCommandAtomFamily } from '../../../lib/vehicle-live/vehicle-commands';
import { vehicleCardQueries } from '../api/vehicle-card-queries';

export function useLockCommand(vehicleId: number, linked: boolean): DeviceCommand | null {
  const api = useApiClient();
  const { data } = useQuery({ ...vehicleCardQueries.latestCommand(api, vehicleId), enabled: linked });
  const live = useAtomValue(vehicleCommandAtomFamily(vehicleId));
  return newerCommand(data, live);
}
