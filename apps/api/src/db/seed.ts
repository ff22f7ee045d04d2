import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { ROLE, ROLE_NAMES } from '@sentinel/domain';
import type { RoleName } from '@sentinel/domain';
import { hashPassword } from '../auth/passwords';
import { refreshVehicleCounts } from '../vehicles/vehicle-store';
import { instant } from './database';
import { DEMO_COMPANIES, DEMO_PLANS, demoAccountHolders, demoDevices, demoVehicles } from './demo-data';
import type { DemoHistoryEntry } from './demo-data';
import type { Database, Flag } from './schema';

/** A demo account anyone may sign in with; the whole team relies on these exact values. */
export interface DemoSignIn {
  role: RoleName;
  email: string;
  password: string;
  /** First name and surname. */
  name: string;
}

interface DemoUser {
  role: RoleName;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** Without the leading 0: shown after '+27'. */
  phoneNumber: string;
  idNumber: string;
}

const DEMO_USERS: readonly DemoUser[] = [
  {
    role: ROLE.admin,
    email: 'admin@sentinel.demo',
    password: 'Sentinel#Admin1',
    firstName: 'Ayanda',
    lastName: 'Dlamini',
    phoneNumber: '821234567',
    idNumber: '8501015800088',
  },
  {
    role: ROLE.technicalAgent,
    email: 'agent@sentinel.demo',
    password: 'Sentinel#Agent1',
    firstName: 'Pieter',
    lastName: 'van Wyk',
    phoneNumber: '831234567',
    idNumber: '9003125800087',
  },
  {
    role: ROLE.companyAdmin,
    email: 'company.admin@sentinel.demo',
    password: 'Sentinel#Company1',
    firstName: 'Lerato',
    lastName: 'Mokoena',
    phoneNumber: '721234567',
    idNumber: '8807230800086',
  },
  {
    role: ROLE.accountHolder,
    email: 'holder@sentinel.demo',
    password: 'Sentinel#Holder1',
    firstName: 'Thandi',
    lastName: 'Nkosi',
    phoneNumber: '741234567',
    idNumber: '9205140800083',
  },
];

export const DEMO_SIGN_INS: readonly DemoSignIn[] = DEMO_USERS.map(
  ({ role, email, password, firstName, lastName }) => ({
    role,
    email,
    password,
    name: `${firstName} ${lastName}`,
  }),
);

/** The four roles are reference data the server needs, demo or not; adds only the missing ones. */
export async function seedRoles(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('roles')
    .values(ROLE_NAMES.map((name) => ({ name })))
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const { count } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export interface SeedReport {
  /** E-mail addresses of the demo sign-in users this run added. */
  addedUsers: string[];
  /** How many demo account holders, vehicles and devices this run added. */
  addedAccountHolders: number;
  addedVehicles: number;
  addedDevices: number;
}

/**
 * Adds whatever demo data is missing and leaves everything else alone: running it twice changes
 * nothing, and it never overwrites a row someone edited. Later issues add vehicles etc. here.
 */
export async function seedDemoData(db: Kysely<Database>): Promise<SeedReport> {
  const addedUsers = await seedDemoUsers(db);
  const fleet = await seedDemoFleet(db);
  return { addedUsers, ...fleet };
}

async function seedDemoUsers(db: Kysely<Database>): Promise<string[]> {
  await seedRoles(db);
  const existing = await db
    .selectFrom('users')
    .select(sql<string>`lower(email)`.as('email'))
    .where(
      sql<string>`lower(email)`,
      'in',
      DEMO_USERS.map(({ email }) => email.toLowerCase()),
    )
    .execute();
  const known = new Set(existing.map(({ email }) => email));
  const missing = DEMO_USERS.filter(({ email }) => !known.has(email.toLowerCase()));
  if (missing.length === 0) return [];

  const hashes = await Promise.all(missing.map(({ password }) => hashPassword(password)));
  const roles = new Map(
    (await db.selectFrom('roles').select(['id', 'name']).execute()).map((r) => [r.name, r.id]),
  );

  await db.transaction().execute(async (trx) => {
    for (const [index, user] of missing.entries()) {
      const { id } = await trx
        .insertInto('users')
        .values({
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          phoneNumber: user.phoneNumber,
          idNumber: user.idNumber,
          idNumberIsSouthAfrican: 1,
          passwordHash: hashes[index] ?? null,
          createdOnDateTime: instant(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const roleId = roles.get(user.role);
      if (roleId === undefined) throw new Error(`Role ${user.role} is missing; seedRoles runs first.`);
      await trx.insertInto('userRoles').values({ userId: id, roleId }).execute();
    }
  });
  return missing.map(({ email }) => email);
}

const flag = (value: boolean): Flag => (value ? 1 : 0);

/**
 * The demo fleet, keyed so a re-run adds only what is missing: holders by e-mail, plans by name,
 * devices by serial, vehicles by registration (with their drivers and history), companies by name.
 */
async function seedDemoFleet(db: Kysely<Database>): Promise<Omit<SeedReport, 'addedUsers'>> {
  return db.transaction().execute(async (trx) => {
    const roles = new Map(
      (await trx.selectFrom('roles').select(['id', 'name']).execute()).map((r) => [r.name, r.id]),
    );
    const holderRole = roles.get(ROLE.accountHolder);
    if (holderRole === undefined) throw new Error('Role Account-Holder is missing; seedRoles runs first.');
    const userIdByEmail = async (email: string) =>
      (
        await trx
          .selectFrom('users')
          .select('id')
          .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
          .executeTakeFirst()
      )?.id;

    // Account holders.
    const holders = demoAccountHolders();
    const holderIds: number[] = [];
    let addedAccountHolders = 0;
    for (const holder of holders) {
      let id = await userIdByEmail(holder.email);
      if (id === undefined) {
        ({ id } = await trx
          .insertInto('users')
          .values({
            email: holder.email,
            firstName: holder.firstName,
            lastName: holder.lastName,
            phoneNumber: holder.phoneNumber,
            idNumber: holder.idNumber,
            idNumberIsSouthAfrican: flag(holder.idNumberIsSouthAfrican),
            createdOnDateTime: holder.createdOnDateTime,
          })
          .returning('id')
          .executeTakeFirstOrThrow());
        await trx.insertInto('userRoles').values({ userId: id, roleId: holderRole }).execute();
        addedAccountHolders += 1;
      }
      holderIds.push(id);
    }

    // Subscription plans.
    const planIds: number[] = [];
    for (const plan of DEMO_PLANS) {
      const existing = await trx
        .selectFrom('subscriptionPlans')
        .select('id')
        .where('displayName', '=', plan.displayName)
        .executeTakeFirst();
      const id =
        existing?.id ??
        (
          await trx
            .insertInto('subscriptionPlans')
            .values({
              displayName: plan.displayName,
              description: plan.description,
              available: flag(plan.available),
              isOffline: flag(plan.isOffline),
              depositAmountCents: plan.depositAmountCents,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      planIds.push(id);
    }

    // Devices.
    const knownSerials = new Set(
      (
        await trx
          .selectFrom('devices')
          .select(sql<string>`lower(serial_number)`.as('serial'))
          .execute()
      ).map(({ serial }) => serial),
    );
    const newDevices = demoDevices().filter(
      ({ serialNumber }) => !knownSerials.has(serialNumber.toLowerCase()),
    );
    if (newDevices.length > 0) {
      await trx
        .insertInto('devices')
        .values(
          newDevices.map((device) => ({
            serialNumber: device.serialNumber,
            active: flag(device.active),
            testStation: device.testStation,
            applicationVersion: device.applicationVersion,
            autoLockEnabledState: device.autoLockEnabledState,
            carBatteryVolts: device.carBatteryVolts,
            deviceBatteryPercent: device.deviceBatteryPercent,
            createdOnDateTime: instant(),
          })),
        )
        .execute();
    }
    const addedDevices = newDevices.length;

    // Vehicles, with their drivers, device link and history.
    const staff = {
      admin: await userIdByEmail('admin@sentinel.demo'),
      agent: await userIdByEmail('agent@sentinel.demo'),
    };
    const demoHolderId = await userIdByEmail('holder@sentinel.demo');
    const touchedOwners = new Set<number>();
    let addedVehicles = 0;
    for (const vehicle of demoVehicles()) {
      const userId = vehicle.owner === -1 ? demoHolderId : holderIds[vehicle.owner];
      if (userId === undefined) continue;
      const existing = await trx
        .selectFrom('vehicles')
        .select('id')
        .where('registrationNumber', '=', vehicle.registrationNumber)
        .executeTakeFirst();
      if (existing) continue;
      const latest = vehicle.history.at(-1);
      const lastLock = vehicle.history.filter((entry) => entry.isLocked !== undefined).at(-1);
      const { id: vehicleId } = await trx
        .insertInto('vehicles')
        .values({
          userId,
          registrationNumber: vehicle.registrationNumber,
          make: vehicle.make,
          model: vehicle.model,
          makeVariant: vehicle.makeVariant,
          nickname: vehicle.nickname,
          registrationYear: vehicle.registrationYear,
          vehicleColour: vehicle.vehicleColour,
          vinNumber: vehicle.vinNumber,
          engineNumber: vehicle.engineNumber,
          subscriptionPlanId: vehicle.plan === null ? null : (planIds[vehicle.plan] ?? null),
          subscriptionDepositAmountPaid:
            vehicle.plan === null ? null : (DEMO_PLANS[vehicle.plan]?.depositAmountCents ?? null),
          onboardingStatus: vehicle.stage === 'installed' ? null : vehicle.stage,
          isLocked: lastLock?.isLocked === undefined ? null : flag(lastLock.isLocked),
          tamperActive: flag(latest?.type === 'TamperAlert' && latest.tamperCancelled === false),
          lastKnownGpsLatitudeDegrees: vehicle.latitude,
          lastKnownGpsLongitudeDegrees: vehicle.longitude,
          gpsDateTime: vehicle.gpsDateTime,
          createdOnDateTime: vehicle.createdOnDateTime,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The subscription id stands in for the payment provider's reference until payments exist.
      if (vehicle.plan !== null) {
        await trx
          .updateTable('vehicles')
          .set({ subscriptionId: vehicleId })
          .where('id', '=', vehicleId)
          .execute();
      }
      addedVehicles += 1;
      touchedOwners.add(userId);
      if (vehicle.deviceSerialNumber !== null) {
        await trx
          .updateTable('devices')
          .set({ vehicleId })
          .where((eb) => eb(eb.fn('lower', ['serialNumber']), '=', vehicle.deviceSerialNumber!.toLowerCase()))
          .where('vehicleId', 'is', null)
          .execute();
      }
      for (const driver of vehicle.drivers) {
        await trx
          .insertInto('drivers')
          .values({
            vehicleId,
            firstName: driver.firstName,
            lastName: driver.lastName,
            email: driver.email,
            phoneNumber: driver.phoneNumber,
            idNumber: driver.idNumber,
            idNumberIsSouthAfrican: flag(driver.idNumberIsSouthAfrican),
          })
          .execute();
      }
      if (vehicle.history.length > 0) {
        await trx
          .insertInto('vehicleHistory')
          .values(vehicle.history.map((entry) => historyRow(vehicleId, entry, { ...staff, owner: userId })))
          .execute();
      }
    }
    await refreshVehicleCounts(trx, [...touchedOwners]);
    // A holder's tamper flag follows their vehicles'.
    await trx
      .updateTable('users')
      .set({ tamperActive: 1 })
      .where('id', 'in', [...touchedOwners, -1])
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('vehicles')
            .select('vehicles.id')
            .whereRef('vehicles.userId', '=', 'users.id')
            .where('vehicles.tamperActive', '=', 1),
        ),
      )
      .execute();

    // Companies and their users.
    for (const company of DEMO_COMPANIES) {
      const existing = await trx
        .selectFrom('companies')
        .select('id')
        .where('name', '=', company.name)
        .executeTakeFirst();
      const companyId =
        existing?.id ??
        (
          await trx
            .insertInto('companies')
            .values({ name: company.name, createdOnDateTime: instant() })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const links = company.holders.flatMap((holder) => {
        const userId = holderIds[holder];
        return userId === undefined ? [] : [{ companyId, userId, role: ROLE.accountHolder as string }];
      });
      const adminId = company.companyAdmin === null ? undefined : await userIdByEmail(company.companyAdmin);
      if (adminId !== undefined) links.push({ companyId, userId: adminId, role: ROLE.companyAdmin });
      if (links.length > 0) {
        await trx
          .insertInto('companyUsers')
          .values(links)
          .onConflict((conflict) => conflict.columns(['companyId', 'userId']).doNothing())
          .execute();
      }
    }

    return { addedAccountHolders, addedVehicles, addedDevices };
  });
}

type Who = { admin: number | undefined; agent: number | undefined; owner: number };

function historyRow(vehicleId: number, entry: DemoHistoryEntry, who: Who) {
  const by = entry.by === undefined || entry.by === null ? null : (who[entry.by] ?? null);
  const isAura = entry.type === 'AuraCallout';
  const isCapitalAir = entry.type === 'CapitalAirIncident';
  const isLock = entry.type === 'LockState';
  const isTamper = entry.type === 'TamperAlert';
  return {
    vehicleId,
    dateTime: entry.dateTime,
    type: entry.type,
    isLocked: isLock && entry.isLocked !== undefined ? flag(entry.isLocked) : null,
    isLockedByUserId: isLock ? by : null,
    isLockedChangedByAdminUser: isLock ? flag(entry.by === 'admin' || entry.by === 'agent') : null,
    tamperCancelled: isTamper ? flag(entry.tamperCancelled === true) : null,
    tamperCancelledByUserId: isTamper && entry.tamperCancelled === true ? by : null,
    tamperCarBatteryState: entry.tamperCarBatteryState ?? null,
    tamperGpsState: entry.tamperGpsState ?? null,
    auraCalloutStatus: isAura ? (entry.status ?? null) : null,
    auraCalloutCreatedByUserId: isAura ? by : null,
    capitalAirIncidentStatus: isCapitalAir ? (entry.status ?? null) : null,
    capitalAirIncidentCreatedByUserId: isCapitalAir ? by : null,
    latitudeDegrees: entry.latitudeDegrees,
    longitudeDegrees: entry.longitudeDegrees,
  };
}
