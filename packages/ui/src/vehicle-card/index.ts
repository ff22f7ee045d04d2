export { VehicleCard } from './vehicle-card';
export { formatCoordinates } from './coordinates';
export type {
  VehicleCardProps,
  VehicleCardRootProps,
  VehicleCardHeaderProps,
  VehicleCardDeviceSerialProps,
} from './vehicle-card';
export type { GpsCoordinates } from './coordinates';
export type { VehicleArming, ArmControlProps } from './arming';
export { DEVICE_SEARCH_MIN_LENGTH } from './change-device-dialog';
export type { DeviceChange, DeviceSearchResult } from './change-device-dialog';
