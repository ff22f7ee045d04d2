export { startApi } from './start-api';
export { demoSignIn, signIn } from './demo-users';
export { freePort, deadUrl } from './free-port';
export { issueDeviceKeyInFile } from './device-keys';
export { expirePhoneCodesInFile } from './phone-codes';
export { DEMO_SIGN_INS } from '@sentinel/api';
// The api's factory and vehicle store, for tests that need an api with unusual options or that
// change a vehicle the way a device report would, without a device.
export { build, recordGpsFix, recordLockChange, recordTamper } from '@sentinel/api';

export type { RunningApi } from './start-api';
export type { DemoRole } from './demo-users';
export type { BuildOptions, DemoSignIn } from '@sentinel/api';
