/*
 * Per-device ingestion keys. A device presents `Authorization: Device <key>`; only the key's
 * SHA-256 is stored (devices.ingest_key_hash), so a copy of the table lets no one report as a
 * device. Keys are 32 random bytes: no salt or slow hash is needed for a secret nobody chose.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { preparedQuery } from './prepared-query';

export function hashDeviceKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/** Whether the key is the one whose hash is stored; constant-time, and false when none is stored. */
export function deviceKeyMatches(key: string, storedHash: string | null): boolean {
  if (storedHash === null) return false;
  const given = Buffer.from(hashDeviceKey(key));
  const stored = Buffer.from(storedHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

const DEVICE_SCHEME = /^Device\s+(\S+)\s*$/i;

/** The key of an `Authorization: Device <key>` header; undefined for any other header. */
export function deviceKeyFrom(authorization: string | undefined): string | undefined {
  return DEVICE_SCHEME.exec(authorization ?? '')?.[1];
}

/** Built once: every device request looks its device up. */
const deviceBySerial = preparedQuery(['serial'], (db, param) =>
  db
    .selectFrom('devices')
    .select(['id', 'serialNumber', 'vehicleId', 'active', 'ingestKeyHash'])
    .where(sql<string>`lower(serial_number)`, '=', param('serial')),
);

/** The device with this serial number, matched whatever its case, as serials are unique that way. */
export async function findDeviceBySerial(db: Kysely<Database>, serialNumber: string) {
  return (await deviceBySerial(db, { serial: serialNumber.toLowerCase() })).rows[0];
}

export type IngestingDevice = NonNullable<Awaited<ReturnType<typeof findDeviceBySerial>>>;

/**
 * Gives the device a new key and returns it; the previous key stops working at once. The key is
 * shown this one time (the CLI prints it for whoever flashes the device).
 */
export async function issueDeviceKey(
  db: Kysely<Database>,
  serialNumber: string,
): Promise<string | undefined> {
  const device = await findDeviceBySerial(db, serialNumber);
  if (!device) return undefined;
  const key = randomBytes(32).toString('base64url');
  await db
    .updateTable('devices')
    .set({ ingestKeyHash: hashDeviceKey(key) })
    .where('id', '=', device.id)
    .execute();
  return key;
}
