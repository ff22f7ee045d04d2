/*
 * pnpm --filter @sentinel/api device:key <serialNumber>
 *
 * Gives a device a new ingestion key and prints it once, with a curl line to try it; the old
 * key stops working. Only the key's hash is kept, so a lost key is replaced, never recovered.
 */
import { readServerConfig } from '../config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrations';
import { issueDeviceKey } from './device-keys';

const serialNumber = process.argv[2]?.trim();
if (!serialNumber) {
  console.error('Usage: pnpm --filter @sentinel/api device:key <serialNumber>   (e.g. SNT-000101)');
  process.exit(2);
}

const { databaseFile, databaseUrl, port } = readServerConfig();
const db = createDatabase({ databaseFile, databaseUrl });
try {
  await migrateToLatest(db);
  const key = await issueDeviceKey(db, serialNumber);
  if (key === undefined) {
    console.error(
      `No device with serial number ${serialNumber} in ${databaseUrl === undefined ? databaseFile : 'the PostgreSQL database'}.`,
    );
    process.exitCode = 1;
  } else {
    console.log(`Device ${serialNumber}: new key (shown once; the previous key no longer works)`);
    console.log(`  ${key}`);
    console.log('Try it:');
    console.log(
      `  curl -i -X POST http://127.0.0.1:${port}/Devices/${serialNumber}/Telemetry \\\n` +
        `    -H 'Authorization: Device ${key}' -H 'Content-Type: application/json' \\\n` +
        `    -d '{"timestamp":"${new Date().toISOString()}","latitudeDegrees":-33.9249,"longitudeDegrees":18.4241,"locked":true}'`,
    );
  }
} finally {
  await db.destroy();
}
