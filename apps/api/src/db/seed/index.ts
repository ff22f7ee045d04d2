/*
 * The demo data, one module per entity (users, plans, devices, vehicles with drivers and history,
 * companies). seedDemoData adds whatever is missing and leaves everything else alone: running it
 * twice changes nothing, and it never overwrites a row someone edited.
 */
import type { Kysely } from 'kysely';
import { demoTrackers } from '../../config';
import type { Database } from '../schema';
import { seedCompanies } from './companies';
import { seedDevices } from './devices';
import type { DemoTrackers } from './devices';
import { seedPlans } from './plans';
import { seedAccountHolders, seedDemoUsers } from './users';
import { seedVehicles } from './vehicles';
import { seedVehicleTypes } from './vehicle-types';
import { seedFitmentCentres } from './fitment-centres';
import { seedEscalationContacts } from './escalation-contacts';
import { backfillDemoTrips } from '../../telemetry/simulator/backfill';

export { seedRoles } from './roles';
export { countUsers, DEMO_SIGN_INS } from './users';
export { DEMO_TRACKERS, demoImei, isDemoImei } from './devices';
export type { DemoTrackers } from './devices';
export type { DemoSignIn } from './users';

export interface SeedReport {
  /** E-mail addresses of the demo sign-in users this run added. */
  addedUsers: string[];
  /** How many demo account holders, vehicles and devices this run added. */
  addedAccountHolders: number;
  addedVehicles: number;
  addedDevices: number;
}

export interface SeedOptions {
  /** Which demo devices are Teltonika trackers known by IMEI. @default DEMO_TRACKERS, else 'mixed' */
  trackers?: DemoTrackers;
}

export async function seedDemoData(db: Kysely<Database>, options: SeedOptions = {}): Promise<SeedReport> {
  const trackers = options.trackers ?? demoTrackers();
  // Outside the fleet's transaction: hashing the demo passwords takes a while.
  const addedUsers = await seedDemoUsers(db);
  const report = await db.transaction().execute(async (trx) => {
    const { holderIds, addedAccountHolders } = await seedAccountHolders(trx);
    const planIds = await seedPlans(trx);
    const addedDevices = await seedDevices(trx, trackers);
    const addedVehicles = await seedVehicles(trx, { holderIds, planIds, trackers });
    await seedCompanies(trx, holderIds);
    await seedVehicleTypes(trx);
    await seedFitmentCentres(trx);
    await seedEscalationContacts(trx);
    return { addedUsers, addedAccountHolders, addedVehicles, addedDevices };
  });
  // The fleet's last week of trips, so a replay has something to show at once.
  await backfillDemoTrips(db);
  return report;
}
