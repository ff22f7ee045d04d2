export { BurnInDeviceCard } from './burn-in-device-card';
export type { BurnInDeviceCardProps } from './burn-in-device-card';
