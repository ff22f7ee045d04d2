/*
 * The benches' large database, as the lists bench made it first: 100,000 account holders and
 * 150,000 vehicles (100,000 with a device and two history entries, one vehicle with 2,000), written
 * through Kysely so that SQLite and PostgreSQL get the very same rows. Load it into a migrated,
 * empty database; the demo seed can be added after it.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { ROLE } from '@sentinel/domain';
import { dialectOf } from '../src/db/database';
import type { Database } from '../src/db/schema';
import { FIRST_NAMES, LAST_NAMES } from '../src/db/seed/generators';
import { seedRoles } from '../src/db/seed';

export const HOLDERS = 100_000;
export const VEHICLES = 150_000;
export const BUSY_VEHICLE_ENTRIES = 2_000;
/** Rows per insert: well under both engines' limits on bound parameters per statement. */
const CHUNK = 1_000;

const MAKES = ['Toyota', 'Volkswagen', 'Ford', 'Suzuki', 'Nissan', 'Hyundai', 'Isuzu', 'BMW', 'Kia', 'Haval'];

async function insertChunked<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await insert(rows.slice(start, start + CHUNK));
  }
}

/** The bench data, written through Kysely so both engines get the very same rows. */
export async function loadBigData(db: Kysely<Database>): Promise<void> {
  await seedRoles(db);
  const { id: holderRole } = await db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', ROLE.accountHolder)
    .executeTakeFirstOrThrow();
  const base = Date.UTC(2023, 0, 1);
  const holders = Array.from({ length: HOLDERS }, (_, index) => {
    const i = index + 1;
    return {
      id: 1000 + i,
      email: `holder${i}@bench.example`,
      firstName: FIRST_NAMES[i % FIRST_NAMES.length]!,
      lastName: LAST_NAMES[(i * 7) % LAST_NAMES.length]!,
      phoneNumber: `82${String(i).padStart(7, '0')}`,
      idNumber: '8001015800084',
      createdOnDateTime: new Date(base + i * 600_000).toISOString(),
      tamperActive: i % 97 === 0 ? (1 as const) : (0 as const),
    };
  });
  const vehicles = Array.from({ length: VEHICLES }, (_, index) => {
    const v = index + 1;
    // Holders 1..90,000 own the vehicles (some two or three); the last 10,000 have none.
    const owner = 1000 + ((v * 7919) % 90_000) + 1;
    const stage = v % 3 === 0 ? (v % 2 === 0 ? ('Booking-Pending' as const) : ('Scheduled' as const)) : null;
    const make = MAKES[v % MAKES.length]!;
    return {
      id: v,
      userId: owner,
      registrationNumber: `CA ${String(v).padStart(6, '0')}`,
      make,
      model: 'Model',
      makeVariant: `${make} Model 1.0`,
      registrationYear: '2020',
      vehicleColour: 'White',
      onboardingStatus: stage,
      tamperActive: 0 as const,
      createdOnDateTime: new Date(base + v * 400_000).toISOString(),
    };
  });
  const installed = vehicles.filter(({ onboardingStatus }) => onboardingStatus === null);
  const history = [
    ...installed.flatMap(({ id }) => [
      {
        vehicleId: id,
        dateTime: new Date(base + id * 400_000 + 60_000).toISOString(),
        type: 'LockState',
        isLocked: 1 as const,
      },
      {
        vehicleId: id,
        dateTime: new Date(base + id * 400_000 + 120_000).toISOString(),
        type: 'LockState',
        isLocked: 0 as const,
      },
    ]),
    ...Array.from({ length: BUSY_VEHICLE_ENTRIES }, (_, e) => ({
      vehicleId: 1,
      dateTime: new Date(base + e * 3_600_000).toISOString(),
      type: e % 10 === 0 ? 'TamperAlert' : 'LockState',
      isLocked: (e % 2) as 0 | 1,
    })),
  ];

  await db.transaction().execute(async (trx) => {
    await insertChunked(holders, (chunk) => trx.insertInto('users').values(chunk).execute());
    await insertChunked(holders, (chunk) =>
      trx
        .insertInto('userRoles')
        .values(chunk.map(({ id }) => ({ userId: id, roleId: holderRole })))
        .execute(),
    );
    await insertChunked(vehicles, (chunk) => trx.insertInto('vehicles').values(chunk).execute());
    await insertChunked(installed, (chunk) =>
      trx
        .insertInto('devices')
        .values(
          chunk.map(({ id, createdOnDateTime }) => ({
            serialNumber: `SNT-${String(id).padStart(6, '0')}`,
            vehicleId: id,
            active: 1 as const,
            createdOnDateTime,
          })),
        )
        .execute(),
    );
    await insertChunked(history, (chunk) => trx.insertInto('vehicleHistory').values(chunk).execute());
    // The maintained counters, recomputed once from the rows.
    await sql`
      update users set
        vehicles_with_device_count = (select count(*) from vehicles inner join devices on devices.vehicle_id = vehicles.id where vehicles.user_id = users.id),
        vehicles_without_device_count = (select count(*) from vehicles where vehicles.user_id = users.id and not exists (select 1 from devices where devices.vehicle_id = vehicles.id))
    `.execute(trx);
  });
  // The demo seed adds its users and vehicles after these, with ids the database numbers.
  for (const table of ['users', 'vehicles']) {
    await dialectOf(db).continueIdsAfterMax(db as Kysely<unknown>, table);
  }
  // Fresh statistics, as a long-running database has, so the planners know the sizes.
  await dialectOf(db).refreshStatistics(db as Kysely<unknown>);
}
