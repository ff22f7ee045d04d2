/*
 * pnpm --silent --filter @sentinel/testing device:key <serialNumber>   (DATABASE_FILE=<sqlite file>)
 *
 * Prints a fresh ingestion key for a device in the api's database file, for browser tests whose
 * api runs in another process and which need the key synchronously.
 */
import { issueDeviceKeyInFile } from './device-keys';

const serialNumber = process.argv[2]?.trim();
const databaseFile = process.env['DATABASE_FILE'];
if (!serialNumber || !databaseFile) {
  console.error(
    'Usage: DATABASE_FILE=<file> pnpm --silent --filter @sentinel/testing device:key <serialNumber>',
  );
  process.exit(2);
}
console.log(await issueDeviceKeyInFile(databaseFile, serialNumber));
