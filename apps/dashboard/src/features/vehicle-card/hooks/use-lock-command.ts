// The vehicle's newest lock or unlock command as the card shows it: the server's answer when the
// card opens (a command may be queued since before), then what the card's own requests and the
// hub's DeviceCommandStatusMessage write into the same cache entry, whichever is further along.
import { useQuery } from '@tanstack/react-query';
import type { DeviceCommand } from '@sentinel/api-sdk';
import { useApiClient } from '../../../lib/api-client';
import { vehicleCardQueries } from '../api/vehicle-card-queries';

export function useLockCommand(vehicleId: number, linked: boolean): DeviceCommand | null {
  const api = useApiClient();
  const { data } = useQuery({ ...vehicleCardQueries.latestCommand(api, vehicleId), enabled: linked });
  return data ?? null;
}
