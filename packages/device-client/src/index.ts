export { createDeviceClient } from './device-client';
export type { DeviceAnswer, DeviceClient, DeviceClientOptions, PollOptions } from './device-client';
