import { apiGet } from './api';

/**
 * The trackers device-gateway.spec.ts registers by hand and fits in place of SNT-000116 (client
 * 24's 'ND 501-135') and SNT-000112 (client 18's 'VH 35 MR GP'): Teltonika's documented IMEI, and a
 * phone's OsmAnd id.
 */
export const OWNED_BY_DEVICE_GATEWAY = { imei: '356307042441013', osmandId: '48241179' } as const;

/**
 * Seeded devices a journey owns by name: account.spec.ts (SNT-000101, and SNT-000126 it fits),
 * live.spec.ts (103, 104, 108), commands.spec.ts (113, 117, 124, 125), arming.spec.ts (120),
 * immobilisation.spec.ts (122), geofences.spec.ts (119), burn-in.spec.ts (127 to 130) and
 * device-gateway.spec.ts (112, 116, and the trackers it fits in their place). A journey that needs
 * any fitted vehicle takes another.
 */
const OWNED = new Set([
  ...[101, 103, 104, 108, 112, 113, 116, 117, 119, 120, 122, 124, 125, 126, 127, 128, 129, 130].map(
    (n) => `SNT-000${n}`,
  ),
  ...Object.values(OWNED_BY_DEVICE_GATEWAY),
]);

/** The device whose vehicle geofences.spec.ts drives into a zone. */
export const OWNED_BY_GEOFENCES = 'SNT-000119';

export interface FittedVehicle {
  serialNumber: string;
  vehicleId: number;
  holderId: number;
  registrationNumber: string;
  isLocked: boolean | null;
  tamperActive: boolean;
  /** A deactivated device's reports are refused. */
  deviceActive: boolean;
}

/**
 * The first fitted demo vehicle that no journey owns by name and that `fits`, looking from the
 * lowest device or the highest (two journeys that take one from opposite ends never meet).
 */
export async function freeFittedVehicle(
  from: 'first' | 'last',
  fits: (vehicle: FittedVehicle) => boolean,
): Promise<FittedVehicle> {
  const { items } = await apiGet<{ items: { serialNumber: string; vehicleId: number | null }[] }>(
    `/Devices?${new URLSearchParams({
      $filter: 'vehicleId gt 0',
      $orderby: from === 'first' ? 'id' : 'id desc',
      $pagesize: '100',
    })}`,
  );
  for (const device of items) {
    if (device.vehicleId === null || OWNED.has(device.serialNumber)) continue;
    const { items: vehicles } = await apiGet<{
      items: {
        id: number;
        userId: number;
        registrationNumber: string;
        isLocked: boolean | null;
        tamperActive: boolean;
        deviceActive: boolean | null;
      }[];
    }>(`/Vehicles?${new URLSearchParams({ $filter: `id eq ${device.vehicleId}` })}`);
    const vehicle = vehicles[0];
    if (vehicle === undefined) continue;
    const fitted = {
      serialNumber: device.serialNumber,
      vehicleId: vehicle.id,
      holderId: vehicle.userId,
      registrationNumber: vehicle.registrationNumber,
      isLocked: vehicle.isLocked,
      tamperActive: vehicle.tamperActive,
      deviceActive: vehicle.deviceActive === true,
    };
    if (fits(fitted)) return fitted;
  }
  throw new Error(`No free fitted demo vehicle fits: ${fits.toString()}`);
}
