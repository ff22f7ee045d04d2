// What other packages may import: the production set-up's scale test (deploy) reads the demo
// sign-ins and issues device keys in the database it set up. Other packages' tests start the api
// through its test host (src/testing), never by importing it. The api's own tests import build
// from here too.
export { build } from './app';
export { DEMO_SIGN_INS } from './db/seed';
export { createDatabase } from './db/database';
export { issueDeviceKey } from './telemetry/device-keys';
export { recordTamper } from './vehicles/vehicle-store';

export type { LockEvent } from './vehicles/vehicle-events';
