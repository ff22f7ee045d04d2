/* The reads the test host answers that no route of the api makes. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Every vehicle's id and registration number, in id order. */
export function listVehicleRegistrations(db: Kysely<Database>) {
  return db.selectFrom('vehicles').select(['id', 'registrationNumber']).orderBy('id').execute();
}
