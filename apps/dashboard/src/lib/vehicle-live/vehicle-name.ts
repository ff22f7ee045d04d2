import type { Vehicle } from '@sentinel/api-sdk';

/**
 * How a notice names a vehicle: 'Nickname (REG)', the registration or the nickname alone, or
 * 'Vehicle {id}' while no cached list holds it.
 */
export function vehicleDisplayName(
  vehicleId: number,
  name: Partial<Pick<Vehicle, 'registrationNumber' | 'nickname'>> | undefined,
): string {
  const registration = name?.registrationNumber?.trim();
  const nickname = name?.nickname?.trim();
  if (registration && nickname) return `${nickname} (${registration})`;
  return registration || nickname || `Vehicle ${vehicleId}`;
}
