import { createHash, randomBytes } from 'node:crypto';
import { openDatabase } from '@sentinel/database';
import { sql } from 'kysely';

interface DevicesFile {
  devices: { id: number; serialNumber: string; ingestKeyHash: string | null };
}

/**
 * Gives a device in this SQLite file of a running api a fresh ingestion key, as an installer does
 * with the api's `device:key` command, and returns it: 32 random bytes, of which the api keeps
 * only the SHA-256. For browser tests, whose api runs in its own process on a database file.
 */
export async function issueDeviceKeyInFile(databaseFile: string, serialNumber: string): Promise<string> {
  const db = openDatabase<DevicesFile>({ databaseFile });
  try {
    const key = randomBytes(32).toString('base64url');
    const result = await db
      .updateTable('devices')
      .set({ ingestKeyHash: createHash('sha256').update(key).digest('base64url') })
      .where(sql<string>`lower(serial_number)`, '=', serialNumber.toLowerCase())
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n)
      throw new Error(`No device with serial number ${serialNumber} in ${databaseFile}.`);
    return key;
  } finally {
    await db.destroy();
  }
}
