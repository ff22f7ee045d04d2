export { VehicleMap, VEHICLE_MAP_ZOOM } from './vehicle-map';
export type { VehicleMapProps } from './vehicle-map';
