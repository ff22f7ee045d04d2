import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AuditEntry, Device, Page, RoleName } from '@sentinel/domain';
import { build } from '../index';
import { demoTokens } from '../test-support/demo-tokens';

/** The IMEI of Teltonika's protocol documentation, which a person registers to try the gateway. */
const DOCUMENTED_IMEI = '356307042441013';

let app: FastifyInstance;
let tokens: Record<RoleName, string>;

beforeAll(async () => {
  app = await build({ seed: true });
  tokens = await demoTokens(app);
});

afterAll(async () => {
  await app.close();
});

function register(serialNumber: string, role: RoleName | null = 'Admin') {
  return app.inject({
    method: 'POST',
    url: '/Devices',
    headers: role === null ? {} : { authorization: `Bearer ${tokens[role]}` },
    payload: { serialNumber },
  });
}

async function devicesNamed(serialNumber: string): Promise<Device[]> {
  const response = await app.inject({
    method: 'GET',
    url: '/Devices',
    query: { $filter: `contains(serialNumber, '${serialNumber}')` },
    headers: { authorization: `Bearer ${tokens.Admin}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<Device>>().items;
}

describe('given an Admin registering a tracker by its IMEI', () => {
  it('adds an active, free device without a test station, and audits it', async () => {
    const response = await register(` ${DOCUMENTED_IMEI} `);

    expect(response.statusCode, response.body).toBe(201);
    const device = response.json<Device>();
    expect(device).toEqual({
      id: expect.any(Number),
      serialNumber: DOCUMENTED_IMEI,
      active: true,
      vehicleId: 0,
      testStation: null,
    });
    expect(await devicesNamed(DOCUMENTED_IMEI)).toEqual([device]);
    const stored = await app.db
      .selectFrom('devices')
      .select('ingestKeyHash')
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    expect(stored.ingestKeyHash).toBeNull();

    const audit = await app.inject({
      method: 'GET',
      url: '/AuditLog',
      query: { $filter: "action eq 'DeviceRegistered'" },
      headers: { authorization: `Bearer ${tokens.Admin}` },
    });
    expect(audit.json<Page<AuditEntry>>().items).toEqual([
      expect.objectContaining({
        userEmail: 'admin@sentinel.demo',
        targetType: 'Device',
        targetId: String(device.id),
        detail: { serialNumber: DOCUMENTED_IMEI },
      }),
    ]);
  });

  it('refuses the same serial again, in any case, at SerialNumber, and saves nothing', async () => {
    const again = await register(DOCUMENTED_IMEI, 'Technical-Agent');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      errors: { SerialNumber: ['A device with this serial number already exists.'] },
    });
    expect(await devicesNamed(DOCUMENTED_IMEI)).toHaveLength(1);

    // A demo device, stored as SNT-000101.
    const otherCase = await register('snt-000101');
    expect(otherCase.json()).toMatchObject({
      errors: { SerialNumber: ['A device with this serial number already exists.'] },
    });
  });

  it('registers a serial sent twice at once only once', async () => {
    const answers = await Promise.all([register('GW-RACE-1'), register('gw-race-1')]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    expect(await devicesNamed('GW-RACE-1')).toHaveLength(1);
  });

  it('refuses a 15-digit serial whose check digit is wrong, and other bad serials, as field errors', async () => {
    const badImei = await register('356307042441014');
    expect(badImei.statusCode).toBe(400);
    expect(badImei.json()).toMatchObject({ errors: { SerialNumber: ['Enter a valid IMEI (15 digits)'] } });
    expect(await devicesNamed('356307042441014')).toEqual([]);

    expect((await register('ab')).json()).toMatchObject({
      errors: { SerialNumber: ['Serial number must be 3 to 50 characters'] },
    });
    expect((await register('SNT 9')).json()).toMatchObject({
      errors: { SerialNumber: ['Serial number may hold only letters, digits and hyphens'] },
    });
  });

  it('links the new device to a vehicle with ChangeLinkedDevice', async () => {
    const registered = (await register('GW-LINK-1')).json<Device>();
    const vehicles = await app.inject({
      method: 'GET',
      url: '/Vehicles',
      query: { $filter: 'deviceActive eq true', $pagesize: '1' },
      headers: { authorization: `Bearer ${tokens.Admin}` },
    });
    const [vehicle] = vehicles.json<Page<{ id: number; deviceSerialNumber: string }>>().items;

    const linked = await app.inject({
      method: 'POST',
      url: `/Vehicles/${vehicle!.id}/ChangeLinkedDevice`,
      headers: { authorization: `Bearer ${tokens.Admin}` },
      payload: { currentDeviceSerialNumber: vehicle!.deviceSerialNumber, newDeviceSerialNumber: 'gw-link-1' },
    });

    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({
      id: registered.id,
      serialNumber: 'GW-LINK-1',
      vehicleId: vehicle!.id,
    });
  });
});

describe('given someone other than Admin or Technical-Agent', () => {
  it('refuses a Company-Admin and an account holder (403) and a caller without a token (401)', async () => {
    expect((await register('GW-CA-1', 'Company-Admin')).statusCode).toBe(403);
    expect((await register('GW-CA-1', 'Account-Holder')).statusCode).toBe(403);
    expect((await register('GW-CA-1', null)).statusCode).toBe(401);
    expect(await devicesNamed('GW-CA-1')).toEqual([]);
  });
});
