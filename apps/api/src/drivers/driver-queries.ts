/* Every read and write of drivers; handlers decide who may call. */
import type { Expression, Kysely, SqlBool } from 'kysely';
import type { Driver } from '@sentinel/domain';
import type { Database } from '../db/schema';
import { bool } from '../routes/schemas';

/** A stored driver row as the api answers it. */
export const driverItem = (row: {
  id: number;
  vehicleId: number;
  firstName: string;
  lastName: string;
  email: string;
  phoneCode: string;
  phoneNumber: string;
  idNumber: string;
  idNumberIsSouthAfrican: number;
}): Driver => ({ ...row, idNumberIsSouthAfrican: bool(row.idNumberIsSouthAfrican) });

/**
 * True when the driver exists and `scope` (a condition on vehicles.userId, the vehicle's owner)
 * includes them.
 */
export async function driverExists(
  db: Kysely<Database>,
  id: number,
  scope: Expression<SqlBool> | undefined,
): Promise<boolean> {
  let query = db
    .selectFrom('drivers')
    .innerJoin('vehicles', 'vehicles.id', 'drivers.vehicleId')
    .select('drivers.id')
    .where('drivers.id', '=', id);
  if (scope) query = query.where(scope);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Stores the driver's new contact columns and answers the driver. */
export async function updateDriverContact(
  db: Kysely<Database>,
  id: number,
  columns: { email: string; phoneNumber: string },
): Promise<Driver> {
  const row = await db
    .updateTable('drivers')
    .set(columns)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return driverItem(row);
}
