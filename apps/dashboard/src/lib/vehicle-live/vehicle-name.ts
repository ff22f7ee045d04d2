import type { VehicleName } from './vehicle-live-store';

/**
 * How a notice names a vehicle: 'Nickname (REG)', the registration or the nickname alone, or
 * 'Vehicle {id}' when no list has shown it yet.
 */
export function vehicleDisplayName(vehicleId: number, name: VehicleName | undefined): string {
  const registration = name?.registrationNumber?.trim();
  const nickname = name?.nickname?.trim();
  if (registration && nickname) return `${nickname} (${registration})`;
  return registration || nickname || `Vehicle ${vehicleId}`;
}
