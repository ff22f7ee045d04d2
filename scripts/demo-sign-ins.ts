// Prints the seeded demo sign-ins and Teltonika trackers for the start command's banner, from the
// api's own seed lists.
import { DEMO_SIGN_INS } from '../apps/api/src/index';
import { demoTrackers } from '../apps/api/src/config';
import { demoDevices, isDemoImei } from '../apps/api/src/db/seed/devices';
import { demoVehicles } from '../apps/api/src/db/seed/vehicles';

/** The trackers listed by name; a fleet of them all is summed up after these. */
const LISTED_TRACKERS = 6;

console.log('\n\x1b[1mDemo sign-ins\x1b[0m (dashboard at http://localhost:5173)');
for (const { role, email, password, name } of DEMO_SIGN_INS) {
  console.log(`  ${role.padEnd(16)} ${email.padEnd(30)} ${password.padEnd(20)} ${name}`);
}

const trackers = demoTrackers();
const active = new Set(
  demoDevices(trackers).flatMap((device) => (device.active ? [device.serialNumber] : [])),
);
const fitted = demoVehicles(trackers).flatMap(({ deviceSerialNumber, registrationNumber }) =>
  deviceSerialNumber !== null && isDemoImei(deviceSerialNumber) && active.has(deviceSerialNumber)
    ? [{ imei: deviceSerialNumber, registrationNumber }]
    : [],
);
console.log('\n\x1b[1mDemo Teltonika trackers\x1b[0m (the simulator drives them through the gateway)');
for (const { imei, registrationNumber } of fitted.slice(0, LISTED_TRACKERS)) {
  console.log(`  ${imei}  ${registrationNumber}`);
}
if (fitted.length > LISTED_TRACKERS) console.log(`  and ${fitted.length - LISTED_TRACKERS} more`);
