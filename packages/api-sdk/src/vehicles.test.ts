import type { DeviceListFields, UserListFields, Vehicle, VehicleListFields } from '@sentinel/domain';
import { demoSignIn, startApi } from '@sentinel/testing';
import type { RunningApi } from '@sentinel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './test-support';
import type { ApiClient } from './client';
import { isApiError } from './errors/api-error';
import { and, contains, eq, ne, orderBy } from './odata';

let api: RunningApi;
let client: ApiClient;

beforeAll(async () => {
  api = await startApi();
  client = await signedInClient(api.url, 'Technical-Agent');
});

afterAll(async () => {
  await api.close();
});

/** An installed demo vehicle (one with a device). */
async function installedVehicle(): Promise<Vehicle> {
  const page = await client.vehicles.list({ filter: ne<VehicleListFields>('deviceId', null), pageSize: 50 });
  const vehicle = page.items.find((item) => item.deviceActive === true);
  if (!vehicle) throw new Error('no installed demo vehicle');
  return vehicle;
}

describe('vehicles.list', () => {
  it("lists a client's vehicles with their drivers and the badge fields", async () => {
    const [holder] = (
      await client.users.list({ filter: eq<UserListFields>('email', 'holder@sentinel.demo') })
    ).items;
    if (!holder) throw new Error('no demo holder');

    const page = await client.vehicles.list({ filter: eq<VehicleListFields>('userId', holder.id) });

    expect(page.items).toHaveLength(2);
    for (const vehicle of page.items) {
      expect(vehicle.userId).toBe(holder.id);
      expect(vehicle.drivers.length).toBeGreaterThan(0);
      expect(vehicle).toHaveProperty('latestHistoryType');
      expect(vehicle).toHaveProperty('carBatteryVolts');
      expect(vehicle).toHaveProperty('deviceBatteryPercent');
    }
  });

  it('filters by onboarding status and searches make and registration', async () => {
    const pending = await client.vehicles.list({
      filter: eq('onBoardingStatus', 'Booking-Pending'),
      pageSize: 100,
    });
    expect(pending.items.length).toBeGreaterThan(0);
    expect(pending.items.every((vehicle) => vehicle.onBoardingStatus === 'Booking-Pending')).toBe(true);

    const toyotas = await client.vehicles.list({ filter: contains('make', 'toyota') });
    expect(toyotas.items.length).toBeGreaterThan(0);
    expect(toyotas.items.every((vehicle) => vehicle.make === 'Toyota')).toBe(true);
  });
});

describe('vehicles.history', () => {
  it('answers the first page newest first, with the total count', async () => {
    const vehicle = await installedVehicle();
    const page = await client.vehicles.history(vehicle.id);

    expect(page.items.length).toBeGreaterThan(0);
    expect(page).toMatchObject({ pageIndex: 0, pageSize: 50, totalCount: page.items.length });
    const times = page.items.map((entry) => Date.parse(entry.dateTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('pages through the whole history without repeating or skipping an entry', async () => {
    const vehicle = await installedVehicle();
    const whole = await client.vehicles.history(vehicle.id, { pageSize: 500 });
    expect(whole.totalCount).toBeGreaterThan(2);

    const paged = [];
    for (let pageIndex = 0; pageIndex * 2 < whole.totalCount; pageIndex += 1) {
      const page = await client.vehicles.history(vehicle.id, { pageIndex, pageSize: 2 });
      expect(page).toMatchObject({ pageIndex, pageSize: 2, totalCount: whole.totalCount });
      paged.push(...page.items);
    }

    expect(paged.map((entry) => entry.id)).toEqual(whole.items.map((entry) => entry.id));
  });

  it("downloads the CSV as a Blob named 'Vehicle-{id}-history.csv'", async () => {
    const vehicle = await installedVehicle();
    const csv = await client.vehicles.downloadHistoryCsv(vehicle.id);

    expect(csv.fileName).toBe(`Vehicle-${vehicle.id}-history.csv`);
    expect(csv.blob.type).toContain('text/csv');
    const text = await csv.blob.text();
    expect(text.split(/\r?\n/).filter(Boolean).length).toBeGreaterThan(1);
  });
});

describe('vehicles.lock, unlock, commands and cancelCommand', () => {
  it('sends a command, lists it with its status, and cancels it while it waits', async () => {
    const vehicle = await installedVehicle();

    const locked = await client.vehicles.lock(vehicle.id, { reason: 'Other', note: 'Repossession' });
    expect(locked).toMatchObject({
      vehicleId: vehicle.id,
      isLocked: vehicle.isLocked,
      command: { type: 'Lock', deviceOnline: false, lockReason: 'Other', lockNote: 'Repossession' },
    });
    // A newer request replaces the one that waits.
    const unlocked = await client.vehicles.unlock(vehicle.id);
    const [newest, replaced] = (await client.vehicles.commands(vehicle.id, { pageSize: 2 })).items;
    expect(newest).toMatchObject({ id: unlocked.command.id, type: 'Unlock', status: 'Pending' });
    expect(replaced).toMatchObject({
      id: locked.command.id,
      status: 'Cancelled',
      reason: 'Replaced by a newer command',
    });

    const cancelled = await client.vehicles.cancelCommand(vehicle.id, unlocked.command.id);
    expect(cancelled).toMatchObject({ id: unlocked.command.id, status: 'Cancelled' });
    const [after] = (await client.vehicles.list({ filter: eq<VehicleListFields>('id', vehicle.id) })).items;
    expect(after?.isLocked).toBe(vehicle.isLocked);
  });
});

describe('vehicles.lock without what it must say', () => {
  it('rejects with an ApiError naming the field', async () => {
    const vehicle = await installedVehicle();
    // Other needs a note: the type cannot say so, the server does.
    const refused = await client.vehicles
      .lock(vehicle.id, { reason: 'Other' })
      .catch((error: unknown) => error);
    expect(isApiError(refused) && refused.status).toBe(400);
    expect(isApiError(refused) && refused.errors).toEqual({ Note: ['This field is required'] });
  });
});

describe('vehicles.sendNow', () => {
  it('answers a 409 ApiError for a lock that does not wait for the vehicle to slow down', async () => {
    const vehicle = await installedVehicle();
    const locked = await client.vehicles.lock(vehicle.id, { reason: 'Test' });
    expect(locked.command.status).toBe('Pending');
    const refused = await client.vehicles
      .sendNow(vehicle.id, locked.command.id)
      .catch((error: unknown) => error);
    expect(isApiError(refused) && refused.status).toBe(409);
    expect(isApiError(refused) && refused.message).toBe('The lock is pending and no longer waits.');
  });
});

describe('vehicles.alertAura and alertCapitalAir', () => {
  it('sends both alerts, each recorded in the history', async () => {
    const vehicle = await installedVehicle();

    expect(await client.vehicles.alertAura(vehicle.id)).toEqual({ status: expect.any(String) });
    expect(await client.vehicles.alertCapitalAir(vehicle.id)).toEqual({ status: expect.any(String) });

    const types = (await client.vehicles.history(vehicle.id)).items.slice(0, 2).map((entry) => entry.type);
    expect(types.sort()).toEqual(['AuraCallout', 'CapitalAirIncident']);
  });

  it('answers an ApiError for an unknown vehicle', async () => {
    await expect(client.vehicles.alertAura(987654)).rejects.toSatisfy(isApiError);
  });
});

describe('devices and vehicles.changeLinkedDevice', () => {
  it('searches free devices by serial, 50 a page, by serial ascending', async () => {
    const page = await client.devices.list({
      filter: and(eq<DeviceListFields>('VehicleId', 0), contains<DeviceListFields>('SerialNumber', 'snt')),
      pageSize: 50,
      orderBy: [orderBy<DeviceListFields>('SerialNumber')],
    });

    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((device) => device.vehicleId === 0 || device.vehicleId === null)).toBe(true);
    const serials = page.items.map((device) => device.serialNumber);
    expect(serials).toEqual([...serials].sort());
  });

  it("reads a device's status info", async () => {
    const vehicle = await installedVehicle();
    const info = await client.devices.statusInfo(vehicle.deviceId ?? 0);

    expect(typeof info.applicationVersion).toBe('string');
    expect(typeof info.autoLockEnabledState).toBe('number');
  });

  it('moves the vehicle to a free device', async () => {
    const vehicle = await installedVehicle();
    const [free] = (
      await client.devices.list({
        filter: and(eq('VehicleId', 0), contains('SerialNumber', 'SNT')),
        pageSize: 1,
      })
    ).items;
    if (!free) throw new Error('no free device');

    const changed = await client.vehicles.changeLinkedDevice(vehicle.id, {
      currentDeviceSerialNumber: vehicle.deviceSerialNumber ?? '',
      newDeviceSerialNumber: free.serialNumber,
      vehicleNickname: vehicle.nickname ?? '',
    });

    expect(changed).toMatchObject({ serialNumber: free.serialNumber, vehicleId: vehicle.id });
    const [after] = (await client.vehicles.list({ filter: eq<VehicleListFields>('id', vehicle.id) })).items;
    expect(after?.deviceSerialNumber).toBe(free.serialNumber);
  });
});

describe('subscriptionPlans.list and drivers.update', () => {
  it('lists the plans with display names and descriptions', async () => {
    const plans = await client.subscriptionPlans.list();
    expect(plans.map((plan) => plan.displayName)).toEqual(
      expect.arrayContaining(['Sentinel Essential', 'Sentinel Plus']),
    );
    expect(plans.every((plan) => plan.description !== '')).toBe(true);
  });

  it("changes a driver's email and phone number", async () => {
    const vehicle = await installedVehicle();
    const driver = vehicle.drivers[0];
    if (!driver) throw new Error('no driver');

    await client.drivers.update(driver.id, {
      ...driver,
      email: 'new.driver@example.co.za',
      phoneNumber: '0831112222',
    });

    const [after] = (await client.vehicles.list({ filter: eq<VehicleListFields>('id', vehicle.id) })).items;
    expect(after?.drivers.find((item) => item.id === driver.id)).toMatchObject({
      email: 'new.driver@example.co.za',
      phoneNumber: '831112222',
    });
  });
});

describe('vehicles.arm, disarm, setArmingSchedule and clearArmingSchedule', () => {
  it("lets an account holder arm and disarm their own vehicle, and no one else's", async () => {
    const [holder] = (
      await client.users.list({ filter: eq<UserListFields>('email', demoSignIn('Account-Holder').email) })
    ).items;
    if (!holder) throw new Error('no demo holder');
    const own = (
      await client.vehicles.list({
        filter: and(eq<VehicleListFields>('userId', holder.id), ne<VehicleListFields>('deviceId', null)),
      })
    ).items[0];
    const others = (
      await client.vehicles.list({
        filter: and(ne<VehicleListFields>('userId', holder.id), ne<VehicleListFields>('deviceId', null)),
        pageSize: 1,
      })
    ).items[0];
    if (!own || !others) throw new Error('no installed demo vehicles');
    const holderClient = await signedInClient(api.url, 'Account-Holder');

    const armed = await holderClient.vehicles.arm(own.id);
    expect(armed).toMatchObject({ vehicleId: own.id, armed: true, armedSince: expect.any(String) });
    // Arming again keeps the moment it was first armed.
    expect((await holderClient.vehicles.arm(own.id)).armedSince).toBe(armed.armedSince);
    const [listed] = (await client.vehicles.list({ filter: eq<VehicleListFields>('id', own.id) })).items;
    expect(listed).toMatchObject({ armed: true, armedSince: armed.armedSince });

    expect(await holderClient.vehicles.disarm(own.id)).toMatchObject({ armed: false, armedSince: null });
    // Another's vehicle answers as an unknown one does.
    const refused = await holderClient.vehicles.arm(others.id).catch((error: unknown) => error);
    expect(isApiError(refused) && refused.status).toBe(404);
  });

  it('answers field errors for a bad schedule and saves nothing, then saves and removes a good one', async () => {
    const vehicle = await installedVehicle();

    const refused = await client.vehicles
      .setArmingSchedule(vehicle.id, { days: [], from: '25:00', to: '05:00' })
      .catch((error: unknown) => error);
    expect(isApiError(refused) && refused.status).toBe(400);
    expect(isApiError(refused) && refused.errors).toEqual({
      Days: ['Choose at least one day.'],
      From: ['Enter a time as HH:MM, from 00:00 to 23:59.'],
    });
    const [unchanged] = (await client.vehicles.list({ filter: eq<VehicleListFields>('id', vehicle.id) }))
      .items;
    expect(unchanged?.armingSchedule).toBe(vehicle.armingSchedule);

    const schedule = { days: ['Fri' as const, 'Sat' as const], from: '22:00', to: '05:00' };
    const saved = await client.vehicles.setArmingSchedule(vehicle.id, schedule);
    expect(saved).toMatchObject({ vehicleId: vehicle.id, armingSchedule: schedule });

    expect(await client.vehicles.clearArmingSchedule(vehicle.id)).toMatchObject({ armingSchedule: null });
  });
});
