export { BurnInDeviceCard } from './burn-in-device-card';
export type { BurnInDeviceCardProps, BurnInDeviceCardRootProps } from './burn-in-device-card';
