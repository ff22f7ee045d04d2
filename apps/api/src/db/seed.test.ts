import { afterAll, describe, expect, it } from 'vitest';
import {
  HISTORY_TYPE,
  validateEmail,
  validateIdNumber,
  validatePhoneNumber,
  validateSouthAfricanId,
} from '@sentinel/domain';
import { createDatabase } from './database';
import { migrateToLatest } from './migrations';
import { DEMO_SIGN_INS, seedDemoData } from './seed';
import type { DemoTrackers } from './seed';

/** The Luhn check an IMEI's last digit makes: the doubled-digit sum of all fifteen ends in 0. */
function passesLuhn(digits: string): boolean {
  const sum = [...digits].reverse().reduce((total, digit, index) => {
    const value = Number(digit) * (index % 2 === 1 ? 2 : 1);
    return total + (value > 9 ? value - 9 : value);
  }, 0);
  return sum % 10 === 0;
}

describe('DEMO_SIGN_INS', () => {
  it('holds the demo sign-in of each role the whole team relies on', () => {
    expect(DEMO_SIGN_INS).toEqual([
      { role: 'Admin', email: 'admin@sentinel.demo', password: 'Sentinel#Admin1', name: 'Ayanda Dlamini' },
      {
        role: 'Technical-Agent',
        email: 'agent@sentinel.demo',
        password: 'Sentinel#Agent1',
        name: 'Pieter van Wyk',
      },
      {
        role: 'Company-Admin',
        email: 'company.admin@sentinel.demo',
        password: 'Sentinel#Company1',
        name: 'Lerato Mokoena',
      },
      {
        role: 'Account-Holder',
        email: 'holder@sentinel.demo',
        password: 'Sentinel#Holder1',
        name: 'Thandi Nkosi',
      },
    ]);
  });
});

async function seeded(trackers?: DemoTrackers) {
  const db = createDatabase({ databaseFile: ':memory:' });
  await migrateToLatest(db);
  const report = await seedDemoData(db, trackers === undefined ? {} : { trackers });
  return { db, report };
}

// The default seed, made once for the tests that only read it (and the last, which seeds it again to
// find nothing added): seeding is most of each test's time.
let demo: ReturnType<typeof seeded> | undefined;
const demoSeed = () => (demo ??= seeded());
afterAll(async () => {
  if (demo !== undefined) await (await demo).db.destroy();
});

describe('seedDemoData', () => {
  it('stores demo sign-in users whose details pass the same rules as the forms', async () => {
    const { db } = await demoSeed();
    const users = await db
      .selectFrom('users')
      .selectAll()
      .where('email', 'like', '%@sentinel.demo')
      .execute();

    expect(users).toHaveLength(4);
    for (const user of users) {
      expect(validateEmail(user.email)).toBeUndefined();
      expect(validatePhoneNumber(user.phoneNumber)).toBeUndefined();
      expect(validateSouthAfricanId(user.idNumber ?? '')).toBeUndefined();
      expect(user).toMatchObject({ phoneCode: '27', idNumberIsSouthAfrican: 1 });
    }
  });

  it('adds ~40 account holders and their drivers, every one valid by the form rules', async () => {
    const { db, report } = await demoSeed();
    const people = [
      ...(await db.selectFrom('users').selectAll().execute()),
      ...(await db.selectFrom('drivers').selectAll().execute()),
    ];

    expect(report.addedAccountHolders).toBe(40);
    expect(people.some((person) => person.idNumberIsSouthAfrican === 0)).toBe(true);
    for (const person of people) {
      expect(validateEmail(person.email), person.email).toBeUndefined();
      expect(validatePhoneNumber(person.phoneNumber), person.email).toBeUndefined();
      expect(
        validateIdNumber(person.idNumber ?? '', person.idNumberIsSouthAfrican === 1),
        person.email,
      ).toBeUndefined();
    }
  });

  it('adds a fleet in every onboarding stage, free and linked devices, and history of all four types', async () => {
    const { db, report } = await demoSeed();
    const vehicles = await db.selectFrom('vehicles').selectAll().execute();
    const devices = await db.selectFrom('devices').selectAll().execute();
    const types = await db.selectFrom('vehicleHistory').select('type').distinct().execute();
    const plans = await db.selectFrom('subscriptionPlans').selectAll().execute();

    expect(report.addedVehicles).toBe(60);
    expect(new Set(vehicles.map((vehicle) => vehicle.onboardingStatus))).toEqual(
      new Set([null, 'Booking-Pending', 'Scheduled']),
    );
    expect(devices).toHaveLength(30);
    expect(devices.filter((device) => device.vehicleId === null).length).toBeGreaterThanOrEqual(5);
    expect(devices.some((device) => device.active === 0 && device.vehicleId !== null)).toBe(true);
    expect(types.map(({ type }) => type).sort()).toEqual(Object.values(HISTORY_TYPE).sort());
    expect(plans).toHaveLength(3);
    expect(
      await db
        .selectFrom('vehicleHistory')
        .select('id')
        .where('tamperCancelled', '=', 1)
        .where('tamperCancelledByUserId', 'is not', null)
        .execute(),
    ).not.toHaveLength(0);
  });

  it('keeps each holder vehicle counters and tamper flag in line with their vehicles', async () => {
    const { db } = await demoSeed();
    const users = await db.selectFrom('users').selectAll().execute();
    const vehicles = await db
      .selectFrom('vehicles')
      .leftJoin('devices', 'devices.vehicleId', 'vehicles.id')
      .select(['vehicles.userId', 'vehicles.tamperActive', 'devices.id as deviceId'])
      .execute();

    for (const user of users) {
      const own = vehicles.filter((vehicle) => vehicle.userId === user.id);
      expect(user.vehiclesWithDeviceCount).toBe(own.filter((vehicle) => vehicle.deviceId !== null).length);
      expect(user.vehiclesWithoutDeviceCount).toBe(own.filter((vehicle) => vehicle.deviceId === null).length);
      expect(user.tamperActive).toBe(own.some((vehicle) => vehicle.tamperActive === 1) ? 1 : 0);
    }
    expect(
      users.filter((user) => user.vehiclesWithDeviceCount + user.vehiclesWithoutDeviceCount === 0).length,
    ).toBeGreaterThan(4);
    expect(users.some((user) => user.tamperActive === 1)).toBe(true);
  });

  it('links the demo Company-Admin to Karoo Logistics with some account holders', async () => {
    const { db } = await demoSeed();
    const links = await db
      .selectFrom('companyUsers')
      .innerJoin('companies', 'companies.id', 'companyUsers.companyId')
      .innerJoin('users', 'users.id', 'companyUsers.userId')
      .select(['companies.name', 'users.email', 'companyUsers.role'])
      .where('companies.name', '=', 'Karoo Logistics')
      .execute();

    expect(links).toContainEqual({
      name: 'Karoo Logistics',
      email: 'company.admin@sentinel.demo',
      role: 'Company-Admin',
    });
    expect(links.filter((link) => link.role === 'Account-Holder').length).toBeGreaterThan(3);
  });

  it("gives six fitted vehicles Teltonika trackers known by IMEI, over both companies, and leaves the documentation's IMEI free", async () => {
    expect(passesLuhn('356307042441013')).toBe(true);
    expect(passesLuhn('356307042441014')).toBe(false);
    const { db } = await demoSeed();
    const devices = await db
      .selectFrom('devices')
      .leftJoin('vehicles', 'vehicles.id', 'devices.vehicleId')
      .leftJoin('companyUsers', 'companyUsers.userId', 'vehicles.userId')
      .leftJoin('companies', 'companies.id', 'companyUsers.companyId')
      .select([
        'devices.serialNumber',
        'devices.active',
        'devices.vehicleId',
        'vehicles.userId',
        'vehicles.onboardingStatus',
        'companies.name as company',
      ])
      .execute();
    const trackers = devices.filter((device) => /^\d+$/.test(device.serialNumber));

    expect(trackers).toHaveLength(6);
    for (const tracker of trackers) {
      expect(tracker.serialNumber).toMatch(/^35630704\d{7}$/);
      expect(passesLuhn(tracker.serialNumber), tracker.serialNumber).toBe(true);
      expect(tracker).toMatchObject({ active: 1, vehicleId: expect.any(Number), onboardingStatus: null });
    }
    expect(new Set(trackers.map((tracker) => tracker.userId)).size).toBe(trackers.length);
    expect(new Set(trackers.map((tracker) => tracker.company))).toEqual(
      new Set(['Karoo Logistics', 'Mzansi Couriers', null]),
    );
    expect(devices.map((device) => device.serialNumber)).not.toContain('356307042441013');
    // The rest are still the product's own.
    expect(devices.filter((device) => device.serialNumber.startsWith('SNT-'))).toHaveLength(
      30 - trackers.length,
    );
  });

  it('gives every demo device an IMEI with DEMO_TRACKERS=teltonika, the same fleet fitted', async () => {
    const [mixed, teltonika] = await Promise.all([demoSeed(), seeded('teltonika')]);
    try {
      const fitted = ({ db }: typeof mixed) =>
        db
          .selectFrom('devices')
          .select(['id', 'serialNumber', 'vehicleId', 'active'])
          .orderBy('id')
          .execute();
      const [before, after] = await Promise.all([fitted(mixed), fitted(teltonika)]);

      expect(after).toHaveLength(30);
      for (const device of after) expect(passesLuhn(device.serialNumber), device.serialNumber).toBe(true);
      expect(new Set(after.map((device) => device.serialNumber)).size).toBe(30);
      expect(after.map(({ vehicleId, active }) => ({ vehicleId, active }))).toEqual(
        before.map(({ vehicleId, active }) => ({ vehicleId, active })),
      );
      // The mixed fleet's trackers keep their IMEIs.
      before.forEach((device, index) => {
        if (!device.serialNumber.startsWith('SNT-'))
          expect(after[index]?.serialNumber).toBe(device.serialNumber);
      });
    } finally {
      await teltonika.db.destroy();
    }
  });

  it('adds nothing the second time', async () => {
    const { db } = await demoSeed();
    const count = async () =>
      Promise.all(
        (
          ['users', 'vehicles', 'devices', 'drivers', 'vehicleHistory', 'companyUsers', 'companies'] as const
        ).map(async (table) => (await db.selectFrom(table).selectAll().execute()).length),
      );
    const before = await count();

    const report = await seedDemoData(db);

    expect(report).toEqual({ addedUsers: [], addedAccountHolders: 0, addedVehicles: 0, addedDevices: 0 });
    expect(await count()).toEqual(before);
  });
});
