// The bench's fleet in the api's SQLite file: account holders, each with vehicles, each vehicle
// fitted with a tracker known by a numeric serial (an IMEI), as installers leave them.
import { instant, openDatabase } from '@sentinel/database';
import { ROLE } from '@sentinel/domain';
import type { Generated } from 'kysely';

// The columns the bench writes; the api's migrations made the tables.
interface FleetTables {
  roles: { id: Generated<number>; name: string };
  users: {
    id: Generated<number>;
    email: string;
    firstName: string;
    lastName: string;
    phoneNumber: string;
    idNumber: string | null;
    createdOnDateTime: string;
  };
  userRoles: { userId: number; roleId: number };
  vehicles: {
    id: Generated<number>;
    userId: number;
    registrationNumber: string;
    make: string;
    model: string;
    makeVariant: string;
    registrationYear: string;
    vehicleColour: string;
    onboardingStatus: string | null;
    createdOnDateTime: string;
  };
  devices: {
    id: Generated<number>;
    serialNumber: string;
    vehicleId: number | null;
    createdOnDateTime: string;
  };
}

/** Vehicles per account holder. */
const VEHICLES_PER_HOLDER = 10;
/** Rows per INSERT (SQLite takes at most 32,766 bound values a statement). */
const CHUNK = 500;

/** The IMEI of bench device `index`: 15 digits, a type allocation code no demo tracker uses. */
export function benchImei(index: number): string {
  return `358000${String(index).padStart(9, '0')}`;
}

/** Adds `count` fitted vehicles to the file; resolves with their devices' IMEIs, in order. */
export async function seedFleet(databaseFile: string, count: number): Promise<string[]> {
  const db = openDatabase<FleetTables>({ databaseFile });
  const now = instant();
  try {
    return await db.transaction().execute(async (trx) => {
      const { id: roleId } = await trx
        .selectFrom('roles')
        .select('id')
        .where('name', '=', ROLE.accountHolder)
        .executeTakeFirstOrThrow();
      const holders = Math.ceil(count / VEHICLES_PER_HOLDER);
      const holderIds: number[] = [];
      for (let start = 0; start < holders; start += CHUNK) {
        const rows = await trx
          .insertInto('users')
          .values(
            Array.from({ length: Math.min(CHUNK, holders - start) }, (_, offset) => ({
              email: `gateway-bench-${start + offset}@example.test`,
              firstName: 'Bench',
              lastName: `Holder ${start + offset}`,
              phoneNumber: '821112233',
              idNumber: null,
              createdOnDateTime: now,
            })),
          )
          .returning('id')
          .execute();
        holderIds.push(...rows.map((row) => row.id));
        await trx
          .insertInto('userRoles')
          .values(rows.map((row) => ({ userId: row.id, roleId })))
          .execute();
      }
      const imeis: string[] = [];
      for (let start = 0; start < count; start += CHUNK) {
        const size = Math.min(CHUNK, count - start);
        const vehicles = await trx
          .insertInto('vehicles')
          .values(
            Array.from({ length: size }, (_, offset) => ({
              userId: holderIds[Math.floor((start + offset) / VEHICLES_PER_HOLDER)]!,
              registrationNumber: `GW ${start + offset} GP`,
              make: 'Toyota',
              model: 'Hilux',
              makeVariant: 'Toyota Hilux',
              registrationYear: '2022',
              vehicleColour: 'White',
              onboardingStatus: null,
              createdOnDateTime: now,
            })),
          )
          .returning('id')
          .execute();
        const serials = vehicles.map((_, offset) => benchImei(start + offset));
        await trx
          .insertInto('devices')
          .values(
            vehicles.map((vehicle, offset) => ({
              serialNumber: serials[offset]!,
              vehicleId: vehicle.id,
              createdOnDateTime: now,
            })),
          )
          .execute();
        imeis.push(...serials);
      }
      return imeis;
    });
  } finally {
    await db.destroy();
  }
}
