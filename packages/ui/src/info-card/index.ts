export { InfoCard } from './info-card';
export { personInfoRows, vehicleInfoRows } from './info-rows';
export type { InfoCardProps, InfoCardMenuItem } from './info-card';
export type { InfoRow, PersonInfo, VehicleInfo } from './info-rows';
