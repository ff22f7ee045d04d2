import { createDatabase, issueDeviceKey, migrateToLatest } from '@sentinel/api';

/**
 * Gives a device in this SQLite file a fresh ingestion key, as an installer does with the api's
 * `device:key` command, and returns it. For browser tests, whose api runs in its own process on
 * a database file.
 */
export async function issueDeviceKeyInFile(databaseFile: string, serialNumber: string): Promise<string> {
  const db = createDatabase({ databaseFile });
  try {
    await migrateToLatest(db);
    const key = await issueDeviceKey(db, serialNumber);
    if (key === undefined)
      throw new Error(`No device with serial number ${serialNumber} in ${databaseFile}.`);
    return key;
  } finally {
    await db.destroy();
  }
}
