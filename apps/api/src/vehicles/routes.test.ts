import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { build } from '../index';
import { demoTokens } from '../test-support/demo-tokens';
import type { LockEvent } from '../index';

let app: FastifyInstance;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  app = await build({ seed: true, devOutbox: true });
  Object.assign(tokens, await demoTokens(app));
});

afterAll(async () => {
  await app.close();
});

interface VehicleItem {
  id: number;
  userId: number;
  userEmail: string;
  registrationNumber: string;
  make: string;
  deviceId: number | null;
  deviceSerialNumber: string | null;
  deviceActive: boolean | null;
  onBoardingStatus: string | null;
  isLocked: boolean | null;
  latestHistoryType: string | null;
  drivers: { id: number; vehicleId: number }[];
  nickname: string | null;
}

function request(
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  options: { query?: Record<string, string>; payload?: object; role?: string } = {},
) {
  return app.inject({
    method,
    url,
    ...(options.query ? { query: options.query } : {}),
    ...(options.payload ? { payload: options.payload } : {}),
    headers: { authorization: `Bearer ${tokens[options.role ?? 'Admin']}` },
  });
}

async function vehicles(filter?: string, role = 'Admin', extra: Record<string, string> = {}) {
  const response = await request('GET', '/Vehicles', {
    query: { ...(filter ? { $filter: filter } : {}), $pagesize: '500', ...extra },
    role,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: VehicleItem[]; totalCount: number }>();
}

async function installedVehicle(): Promise<VehicleItem> {
  const { items } = await vehicles('deviceActive eq true');
  return items[0]!;
}

async function pendingVehicle(): Promise<VehicleItem> {
  const { items } = await vehicles("onBoardingStatus eq 'Booking-Pending'");
  return items[0]!;
}

describe('GET /Vehicles', () => {
  it('answers every vehicle field the cards and badges read', async () => {
    const { items, totalCount } = await vehicles();

    expect(totalCount).toBe(60);
    const installed = items.find((vehicle) => vehicle.deviceId !== null)!;
    expect(installed).toEqual(
      expect.objectContaining({
        userFirstName: expect.any(String),
        userLastName: expect.any(String),
        userEmail: expect.any(String),
        makeVariant: expect.any(String),
        registrationYear: expect.any(String),
        vehicleColour: expect.any(String),
        deviceSerialNumber: expect.stringMatching(/^SNT-\d{6}$/),
        deviceActive: expect.any(Boolean),
        gpsDateTime: expect.any(String),
        gpsLatitudeDegrees: expect.any(Number),
        lastKnownGpsLatitudeDegrees: expect.any(Number),
        lastKnownGpsLongitudeDegrees: expect.any(Number),
        latestHistoryType: expect.any(String),
        carBatteryVolts: expect.any(Number),
        deviceBatteryPercent: expect.any(Number),
        onBoardingStatus: null,
        installationBookingId: null,
        fitmentCenterName: null,
      }),
    );
    expect(installed.drivers.length).toBeGreaterThan(0);
    expect(installed.drivers.every((driver) => driver.vehicleId === installed.id)).toBe(true);
  });

  it("lists a client's vehicles with a device, as the client card asks", async () => {
    const holder = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'holder@sentinel.demo')
      .executeTakeFirstOrThrow();

    const { items } = await vehicles(`userId eq ${holder.id} and deviceActive eq true`);

    expect(items).toHaveLength(2);
    expect(items.every((vehicle) => vehicle.userEmail === 'holder@sentinel.demo')).toBe(true);
  });

  it('lists the onboarding tabs by status', async () => {
    const pending = await vehicles("onBoardingStatus eq 'Booking-Pending'");
    const scheduled = await vehicles("onBoardingStatus eq 'Scheduled'");

    expect(pending.totalCount).toBeGreaterThan(5);
    expect(scheduled.totalCount).toBeGreaterThan(5);
    expect(
      pending.items.every(
        (vehicle) => vehicle.onBoardingStatus === 'Booking-Pending' && vehicle.deviceId === null,
      ),
    ).toBe(true);
  });

  it('searches make and registration case-insensitively', async () => {
    const { items } = await vehicles("contains(make, 'toyota') or contains(registrationNumber, 'gp')");

    expect(items.length).toBeGreaterThan(0);
    expect(
      items.every((vehicle) => vehicle.make === 'Toyota' || vehicle.registrationNumber.endsWith('GP')),
    ).toBe(true);
  });

  it("searches and sorts by the owner's name", async () => {
    const { items } = await vehicles(
      "contains(userFirstName, 'THANDI') or contains(userLastName, 'thandi')",
      'Admin',
      {
        $orderby: 'userLastName desc',
      },
    );

    expect(items.map((vehicle) => vehicle.userEmail)).toEqual([
      'holder@sentinel.demo',
      'holder@sentinel.demo',
    ]);
  });

  it('finds vehicles without a device with deviceId eq null', async () => {
    const { items, totalCount } = await vehicles('deviceId eq null');

    expect(totalCount).toBeGreaterThan(0);
    expect(items.every((vehicle) => vehicle.deviceId === null)).toBe(true);
  });

  it('sorts by registration', async () => {
    const { items } = await vehicles(undefined, 'Admin', { $orderby: 'registrationNumber desc' });
    const plates = items.map((vehicle) => vehicle.registrationNumber);

    expect(plates).toEqual([...plates].sort().reverse());
  });

  it("shows a Company-Admin only the vehicles of their company's users", async () => {
    const all = await vehicles();
    const users = (
      await app.db
        .selectFrom('companyUsers')
        .innerJoin('companies', 'companies.id', 'companyUsers.companyId')
        .select('companyUsers.userId')
        .where('companies.name', '=', 'Karoo Logistics')
        .execute()
    ).map((row) => row.userId);

    const scoped = await vehicles(undefined, 'Company-Admin');

    expect(scoped.totalCount).toBe(all.items.filter((vehicle) => users.includes(vehicle.userId)).length);
    expect(scoped.items.every((vehicle) => users.includes(vehicle.userId))).toBe(true);
  });

  it('refuses an Account-Holder and an anonymous caller', async () => {
    expect((await request('GET', '/Vehicles', { role: 'Account-Holder' })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/Vehicles' })).statusCode).toBe(401);
  });

  it('answers 400 for an unknown field', async () => {
    const response = await request('GET', '/Vehicles', { query: { $filter: 'ownerPassword eq 1' } });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: { $filter: [expect.stringContaining("Unknown field 'ownerPassword'")] },
    });
  });
});

describe('PUT /Vehicles/{id}/Lock and /Unlock', () => {
  // The device's side (delivery, confirmation, history) is in src/commands/commands.test.ts.
  it('answers 202 with a Pending command and leaves the lock state to the device', async () => {
    const vehicle = await installedVehicle();
    const historyBefore = (await request('GET', `/Vehicles/${vehicle.id}/History`)).json<{
      totalCount: number;
    }>();
    const events: LockEvent[] = [];
    const listener = (event: LockEvent) => events.push(event);
    app.vehicleEvents.on('lock', listener);
    try {
      const locked = await request('PUT', `/Vehicles/${vehicle.id}/Lock`, {
        role: 'Technical-Agent',
        payload: { reason: 'Test' },
      });

      expect(locked.statusCode).toBe(202);
      expect(locked.json()).toMatchObject({
        vehicleId: vehicle.id,
        isLocked: vehicle.isLocked,
        command: {
          vehicleId: vehicle.id,
          type: 'Lock',
          status: 'Pending',
          deviceOnline: false,
          requestedByUserFirstName: 'Pieter',
          requestedByUserLastName: 'van Wyk',
        },
      });
      expect((await vehicles(`id eq ${vehicle.id}`)).items[0]!.isLocked).toBe(vehicle.isLocked);
      expect(
        (await request('GET', `/Vehicles/${vehicle.id}/History`)).json<{ totalCount: number }>().totalCount,
      ).toBe(historyBefore.totalCount);
      expect(events).toEqual([]);
    } finally {
      app.vehicleEvents.off('lock', listener);
    }
  });

  it('refuses a vehicle without a device with a message', async () => {
    const vehicle = await pendingVehicle();

    const response = await request('PUT', `/Vehicles/${vehicle.id}/Lock`, { payload: { reason: 'Test' } });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'This vehicle has no tracking device linked.' });
  });

  it("lets a Company-Admin lock their companies' vehicles and answers 404 for others and unknown ones", async () => {
    expect((await request('PUT', '/Vehicles/99999/Unlock')).statusCode).toBe(404);
    const installed = { $filter: 'deviceId ne null', $pagesize: '500' };
    const ids = async (role: string) =>
      (await request('GET', '/Vehicles', { query: installed, role }))
        .json<{ items: { id: number }[] }>()
        .items.map((vehicle) => vehicle.id);
    const theirs = await ids('Company-Admin');
    const outside = (await ids('Admin')).find((id) => !theirs.includes(id));

    const locked = await request('PUT', `/Vehicles/${theirs[0]}/Lock`, {
      role: 'Company-Admin',
      payload: { reason: 'Test' },
    });
    expect(locked.statusCode).toBe(202);
    expect(locked.json()).toMatchObject({
      vehicleId: theirs[0],
      command: { type: 'Lock', status: 'Pending' },
    });
    expect((await request('PUT', `/Vehicles/${outside}/Unlock`, { role: 'Company-Admin' })).statusCode).toBe(
      404,
    );
  });
});

describe('POST /Vehicles/{id}/AlertAura and /AlertCapitalAir', () => {
  it.each([
    ['AlertAura', 'AuraCallout', 'auraCallout', 'Aura'],
    ['AlertCapitalAir', 'CapitalAirIncident', 'capitalAirIncident', 'Capital Air'],
  ])('%s dispatches, records the status and who raised it', async (path, type, prefix, partner) => {
    const vehicle = await installedVehicle();

    const response = await request('POST', `/Vehicles/${vehicle.id}/${path}`, { role: 'Technical-Agent' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'Dispatched' });
    const [newest] = (await request('GET', `/Vehicles/${vehicle.id}/History`)).json<{
      items: Record<string, unknown>[];
    }>().items;
    expect(newest).toMatchObject({
      type,
      [`${prefix}Status`]: 'Dispatched',
      [`${prefix}CreatedByUserFirstName`]: 'Pieter',
      [`${prefix}CreatedByUserLastName`]: 'van Wyk',
    });
    const outbox = await request('GET', '/Dev/Outbox', { query: { channel: 'partner', limit: '1' } });
    expect(outbox.json<{ items: { recipient: string; body: string }[] }>().items[0]).toMatchObject({
      recipient: partner,
      body: expect.stringContaining(vehicle.registrationNumber),
    });
  });

  it('uses the partner provider given to build()', async () => {
    const custom = await build({
      seed: true,
      partnerAlerts: {
        dispatch: async () => ({ accepted: true, status: 'Acknowledged', attempts: 1, httpStatus: 200 }),
      },
    });
    try {
      const signIn = await custom.inject({
        method: 'POST',
        url: '/Auth/SignInByEmail',
        payload: { email: 'admin@sentinel.demo', password: 'Sentinel#Admin1' },
      });
      const authorization = `Bearer ${signIn.json<{ accessToken: string }>().accessToken}`;
      const device = await custom.db
        .selectFrom('devices')
        .select('vehicleId')
        .where('vehicleId', 'is not', null)
        .executeTakeFirstOrThrow();

      const response = await custom.inject({
        method: 'POST',
        url: `/Vehicles/${device.vehicleId}/AlertAura`,
        headers: { authorization },
      });

      expect(response.json()).toEqual({ status: 'Acknowledged' });
    } finally {
      await custom.close();
    }
  });

  it('refuses a vehicle without a device with a message', async () => {
    const vehicle = await pendingVehicle();

    const response = await request('POST', `/Vehicles/${vehicle.id}/AlertCapitalAir`);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: expect.any(String) });
  });
});

describe('POST /Vehicles/{id}/ChangeLinkedDevice', () => {
  async function freeSerials(): Promise<string[]> {
    const response = await request('GET', '/Devices', {
      query: { $filter: "VehicleId eq 0 and contains(SerialNumber, 'snt')" },
    });
    return response.json<{ items: { serialNumber: string }[] }>().items.map((device) => device.serialNumber);
  }

  it('links a free device (serial in any case), frees the old one and answers the new device', async () => {
    const vehicle = await installedVehicle();
    const [free] = await freeSerials();

    const response = await request('POST', `/Vehicles/${vehicle.id}/ChangeLinkedDevice`, {
      payload: {
        currentDeviceSerialNumber: vehicle.deviceSerialNumber!.toLowerCase(),
        newDeviceSerialNumber: free!.toLowerCase(),
        vehicleNickname: 'Fleet 7',
      },
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      serialNumber: free,
      active: expect.any(Boolean),
      id: expect.any(Number),
      vehicleId: vehicle.id,
    });
    const after = (await vehicles(`id eq ${vehicle.id}`)).items[0]!;
    expect(after).toMatchObject({ deviceSerialNumber: free, nickname: 'Fleet 7' });
    expect(await freeSerials()).toContain(vehicle.deviceSerialNumber);
    expect(await freeSerials()).not.toContain(free);
  });

  it.each([
    [
      'an unknown device',
      async (v: VehicleItem) => ({ current: v.deviceSerialNumber!, next: 'SNT-999999' }),
      'Device SNT-999999 was not found',
    ],
    [
      'a device linked to another vehicle',
      async (v: VehicleItem) => {
        const other = (await vehicles('deviceActive eq true')).items.find((x) => x.id !== v.id)!;
        return { current: v.deviceSerialNumber!, next: other.deviceSerialNumber! };
      },
      'is already linked to another vehicle',
    ],
    [
      'the same device',
      async (v: VehicleItem) => ({ current: v.deviceSerialNumber!, next: v.deviceSerialNumber! }),
      'is already linked to this vehicle',
    ],
    [
      'a wrong current device',
      async () => ({ current: 'SNT-000000', next: (await freeSerials())[0]! }),
      'Device SNT-000000 is not the device linked to this vehicle',
    ],
  ])('refuses %s with a message', async (_case, serials, message) => {
    const vehicle = await installedVehicle();
    const { current, next } = await serials(vehicle);

    const response = await request('POST', `/Vehicles/${vehicle.id}/ChangeLinkedDevice`, {
      payload: { currentDeviceSerialNumber: current, newDeviceSerialNumber: next, vehicleNickname: '' },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
  });

  it('requires the new serial number', async () => {
    const vehicle = await installedVehicle();

    const response = await request('POST', `/Vehicles/${vehicle.id}/ChangeLinkedDevice`, {
      payload: { newDeviceSerialNumber: ' ' },
    });

    expect(response.json()).toMatchObject({ errors: { NewDeviceSerialNumber: ['This field is required'] } });
  });

  it('keeps the owner counts right when a vehicle gets its first device', async () => {
    const vehicle = await pendingVehicle();
    const [free] = await freeSerials();
    const before = await app.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', vehicle.userId)
      .executeTakeFirstOrThrow();

    await request('POST', `/Vehicles/${vehicle.id}/ChangeLinkedDevice`, {
      payload: { currentDeviceSerialNumber: '', newDeviceSerialNumber: free! },
    });

    const after = await app.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', vehicle.userId)
      .executeTakeFirstOrThrow();
    expect(after.vehiclesWithDeviceCount).toBe(before.vehiclesWithDeviceCount + 1);
    expect(after.vehiclesWithoutDeviceCount).toBe(before.vehiclesWithoutDeviceCount - 1);
  });
});

describe('GET /Devices', () => {
  it('lists free devices matching the search, ordered by serial', async () => {
    const response = await request('GET', '/Devices', {
      query: {
        $filter: "VehicleId eq 0 and contains(SerialNumber, 'SNT-0001')",
        $orderby: 'SerialNumber asc',
        $pagesize: '50',
      },
    });

    expect(response.statusCode).toBe(200);
    const { items } = response.json<{
      items: { serialNumber: string; vehicleId: number; testStation: string | null; active: boolean }[];
    }>();
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((device) => device.vehicleId === 0)).toBe(true);
    const serials = items.map((device) => device.serialNumber);
    expect(serials).toEqual([...serials].sort());
    expect(items[0]).toEqual({
      id: expect.any(Number),
      serialNumber: expect.any(String),
      active: expect.any(Boolean),
      vehicleId: 0,
      testStation: expect.toSatisfy((value: unknown) => value === null || typeof value === 'string'),
    });
  });

  it('filters by active', async () => {
    const response = await request('GET', '/Devices', { query: { $filter: 'active eq false' } });

    expect(response.json<{ items: { active: boolean }[] }>().items.every((device) => !device.active)).toBe(
      true,
    );
  });

  it('is refused to a Company-Admin', async () => {
    expect((await request('GET', '/Devices', { role: 'Company-Admin' })).statusCode).toBe(403);
  });
});

describe('POST /My/Device/GetDeviceStatusInfo', () => {
  it("answers the device's application version and auto-lock state", async () => {
    const device = await app.db.selectFrom('devices').selectAll().orderBy('id').executeTakeFirstOrThrow();

    const response = await request('POST', '/My/Device/GetDeviceStatusInfo', {
      payload: { DeviceId: device.id },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      applicationVersion: device.applicationVersion,
      autoLockEnabledState: device.autoLockEnabledState,
    });
  });

  it('answers 404 for an unknown device', async () => {
    expect(
      (await request('POST', '/My/Device/GetDeviceStatusInfo', { payload: { deviceId: 99999 } })).statusCode,
    ).toBe(404);
  });
});

describe('GET /SubscriptionPlans', () => {
  it('lists the plans', async () => {
    const response = await request('GET', '/SubscriptionPlans', { role: 'Company-Admin' });

    expect(response.statusCode).toBe(200);
    expect(response.json<{ items: unknown[] }>().items).toEqual([
      expect.objectContaining({
        displayName: 'Sentinel Essential',
        description: expect.any(String),
        available: true,
        isOffline: false,
      }),
      expect.objectContaining({ displayName: 'Sentinel Plus' }),
      expect.objectContaining({ displayName: 'Sentinel Offline', isOffline: true }),
    ]);
  });
});
