export { startApi } from './start-api';
export { startTestHost } from './test-host';
export { startTestRunner } from './start-test-runner';
export { serverBundle } from '@sentinel/server-bundle';
export { authenticatorApp, totpAt } from './authenticator-app';
export { demoSignIn, demoSignIns, loadDemoSignIns, signIn } from './demo-users';
export { freePort, deadUrl } from './free-port';
export { issueDeviceKeyInFile } from './device-keys';
export { expirePhoneCodesInFile } from './phone-codes';

export type { ApiOptions, OutboxMessage, RunningApi } from './start-api';
export type { TestHost } from './test-host';
export type { RunningTestRunner, TestRunnerOptions } from './start-test-runner';
export type { AuthenticatorApp } from './authenticator-app';
export type { DemoRole, DemoSignIn } from './demo-users';
