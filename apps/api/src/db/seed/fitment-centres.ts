/*
 * Regions and fitment centres of the metros where installations are done, each centre with its
 * weekly slots and a capacity per slot. Reference data like the vehicle types: added when missing
 * (regions and centres by name), never changed once there.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';

interface CentreSeed {
  name: string;
  area: string;
  active: boolean;
}

/** Metro regions and their centres; one centre is closed (inactive), so only active ones are offered. */
const REGIONS: Record<string, CentreSeed[]> = {
  Johannesburg: [
    { name: 'Sentinel Fitment Sandton', area: 'Sandton', active: true },
    { name: 'Sentinel Fitment Roodepoort', area: 'Roodepoort', active: true },
    { name: 'Sentinel Fitment Soweto', area: 'Soweto', active: false },
  ],
  Pretoria: [
    { name: 'Sentinel Fitment Centurion', area: 'Centurion', active: true },
    { name: 'Sentinel Fitment Menlyn', area: 'Menlyn', active: true },
  ],
  Ekurhuleni: [{ name: 'Sentinel Fitment Boksburg', area: 'Boksburg', active: true }],
  'Cape Town': [
    { name: 'Sentinel Fitment Montague Gardens', area: 'Montague Gardens', active: true },
    { name: 'Sentinel Fitment Bellville', area: 'Bellville', active: true },
  ],
  Durban: [
    { name: 'Sentinel Fitment Pinetown', area: 'Pinetown', active: true },
    { name: 'Sentinel Fitment Umhlanga', area: 'Umhlanga', active: true },
  ],
  Gqeberha: [{ name: 'Sentinel Fitment Newton Park', area: 'Newton Park', active: true }],
  Bloemfontein: [{ name: 'Sentinel Fitment Hilton', area: 'Hilton', active: true }],
};

/**
 * Weekly slots in UTC (South Africa is UTC+2 all year): weekday mornings 08:00-12:00 and
 * afternoons 13:00-17:00 local, and a Saturday morning with a single place.
 */
const WEEKLY_SLOTS = [
  ...[1, 2, 3, 4, 5].flatMap((weekday) => [
    { weekday, utcTimeStart: '06:00', utcTimeEnd: '10:00', capacity: 3 },
    { weekday, utcTimeStart: '11:00', utcTimeEnd: '15:00', capacity: 2 },
  ]),
  { weekday: 6, utcTimeStart: '06:00', utcTimeEnd: '10:00', capacity: 1 },
];

export async function seedFitmentCentres(db: Kysely<Database> | Transaction<Database>): Promise<void> {
  for (const [regionName, centres] of Object.entries(REGIONS)) {
    const region =
      (await db.selectFrom('regions').select('id').where('name', '=', regionName).executeTakeFirst()) ??
      (await db
        .insertInto('regions')
        .values({ name: regionName, active: 1 })
        .returning('id')
        .executeTakeFirstOrThrow());
    for (const centre of centres) {
      const existing = await db
        .selectFrom('fitmentCenters')
        .select('id')
        .where('name', '=', centre.name)
        .executeTakeFirst();
      if (existing) continue;
      const { id } = await db
        .insertInto('fitmentCenters')
        .values({ regionId: region.id, name: centre.name, area: centre.area, active: centre.active ? 1 : 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('fitmentCenterSlots')
        .values(WEEKLY_SLOTS.map((slot) => ({ ...slot, fitmentCenterId: id })))
        .execute();
    }
  }
}
