import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type {
  AvailabilitySlot,
  Device,
  FitmentCenter,
  InstallationBooking,
  Page,
  Region,
  User,
  Vehicle,
} from '@sentinel/domain';
import { build } from '../index';
import { demoTokens } from '../test-support/demo-tokens';

let app: FastifyInstance;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  app = await build({ seed: true });
  Object.assign(tokens, await demoTokens(app));
});

afterAll(async () => {
  await app.close();
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, role = 'Technical-Agent', payload?: object) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[role]}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function vehicles(filter: string, role = 'Admin'): Promise<Vehicle[]> {
  const response = await call('GET', `/Vehicles?$filter=${encodeURIComponent(filter)}&$pagesize=100`, role);
  return response.json<Page<Vehicle>>().items;
}

const vehicle = async (id: number) => (await vehicles(`id eq ${id}`))[0]!;

/** The UTC date `days` ahead on the given weekday (0 Sunday .. 6 Saturday), 'YYYY-MM-DD'. */
function nextWeekday(weekday: number, atLeastDaysAhead: number): string {
  const date = new Date(Date.now() + atLeastDaysAhead * 86_400_000);
  while (date.getUTCDay() !== weekday) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

async function centres(): Promise<FitmentCenter[]> {
  return (await call('GET', '/FitmentCenters')).json<{ items: FitmentCenter[] }>().items;
}

async function centreNamed(name: string): Promise<FitmentCenter> {
  return (await centres()).find((centre) => centre.name === name)!;
}

const pending = () => vehicles("onBoardingStatus eq 'Booking-Pending'");

function book(
  vehicleId: number,
  fitmentCenterId: number,
  at: string,
  existing = false,
  role = 'Technical-Agent',
) {
  return call('POST', '/InstallationBookings', role, {
    vehicleId,
    fitmentCenterId,
    installationUtcDateTime: at,
    onboardingExistingClient: existing,
  });
}

describe('GET /Regions and /FitmentCenters', () => {
  it('lists the metros and their centres, one closed', async () => {
    const regions = (await call('GET', '/Regions')).json<{ items: Region[] }>().items;
    expect(regions.map((region) => region.name)).toEqual(
      expect.arrayContaining(['Johannesburg', 'Pretoria', 'Cape Town', 'Durban', 'Gqeberha']),
    );
    const all = await centres();
    expect(all.find((centre) => centre.area === 'Sandton')).toMatchObject({
      regionName: 'Johannesburg',
      active: true,
    });
    expect(all.find((centre) => centre.area === 'Soweto')?.active).toBe(false);
  });

  it("answers a centre's slots with their places, mornings and afternoons on weekdays", async () => {
    const sandton = await centreNamed('Sentinel Fitment Sandton');
    const monday = nextWeekday(1, 1);
    const response = await call('GET', `/FitmentCenters/${sandton.id}/Availability?from=${monday}&days=1`);
    expect(response.json<{ items: AvailabilitySlot[] }>().items).toEqual([
      expect.objectContaining({
        utcDate: monday,
        utcTimeStart: '06:00',
        utcTimeEnd: '10:00',
        capacity: 3,
        available: 3,
      }),
      expect.objectContaining({
        utcTimeStart: '11:00',
        installationUtcDateTime: `${monday}T11:00:00.000Z`,
        available: 2,
      }),
    ]);
  });
});

describe('POST /InstallationBookings', () => {
  it('books a slot, schedules the vehicle and shows the booking on it', async () => {
    const [target] = await pending();
    const sandton = await centreNamed('Sentinel Fitment Sandton');
    const at = `${nextWeekday(2, 2)}T06:00:00.000Z`;
    const response = await book(target!.id, sandton.id, at);
    expect(response.statusCode, response.body).toBe(200);
    const booking = response.json<InstallationBooking>();
    expect(booking).toMatchObject({ vehicleId: target!.id, installationUtcDateTime: at, active: true });
    expect(await vehicle(target!.id)).toMatchObject({
      onBoardingStatus: 'Scheduled',
      installationBookingId: booking.id,
      installationBookingUtcDateTime: at,
      installationAvailabilityUtcTimeStart: '06:00',
      fitmentCenterName: 'Sentinel Fitment Sandton',
      fitmentCenterArea: 'Sandton',
      regionName: 'Johannesburg',
    });
    const again = await book(target!.id, sandton.id, at);
    expect(again.statusCode).toBe(400);
  });

  it('refuses a new installation in the past, a time that is no slot and a closed centre', async () => {
    const [target] = await pending();
    const sandton = await centreNamed('Sentinel Fitment Sandton');
    const past = await book(target!.id, sandton.id, '2024-01-02T06:00:00.000Z');
    expect(past.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      InstallationUtcDateTime: ['Please choose a date and time from now'],
    });
    const offSlot = await book(target!.id, sandton.id, `${nextWeekday(2, 2)}T07:30:00.000Z`);
    expect(offSlot.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      InstallationUtcDateTime: ["Please choose one of the centre's installation times"],
    });
    const soweto = await centreNamed('Sentinel Fitment Soweto');
    const closed = await book(target!.id, soweto.id, `${nextWeekday(2, 2)}T06:00:00.000Z`);
    expect(closed.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      FitmentCenterId: ['Please choose an active fitment centre'],
    });
  });

  it('records an existing installation in the past without taking a place', async () => {
    const [target] = await pending();
    const bellville = await centreNamed('Sentinel Fitment Bellville');
    const response = await book(target!.id, bellville.id, '2024-01-02T08:15:00.000Z', true);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<InstallationBooking>().onboardingExistingClient).toBe(true);
  });

  it('lets exactly one of several agents take the last place of a slot at once', async () => {
    const candidates = (await pending()).slice(0, 5);
    expect(candidates).toHaveLength(5);
    const boksburg = await centreNamed('Sentinel Fitment Boksburg');
    // Saturday mornings hold one installation.
    const saturday = nextWeekday(6, 2);
    const at = `${saturday}T06:00:00.000Z`;
    const answers = await Promise.all(candidates.map((candidate) => book(candidate.id, boksburg.id, at)));

    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.statusCode === 400);
    expect(refused).toHaveLength(4);
    for (const answer of refused) {
      const message = answer.json<{ errors: Record<string, string[]> }>().errors[
        'InstallationUtcDateTime'
      ]?.[0];
      expect(message).toMatch(/^The .*08:00 slot is full$/);
    }
    const scheduled = await vehicles("onBoardingStatus eq 'Scheduled'");
    expect(
      scheduled.filter(
        (item) => item.installationBookingUtcDateTime === at && item.fitmentCenterId === boksburg.id,
      ),
    ).toHaveLength(1);
    const slots = await call('GET', `/FitmentCenters/${boksburg.id}/Availability?from=${saturday}&days=1`);
    expect(slots.json<{ items: AvailabilitySlot[] }>().items[0]).toMatchObject({ capacity: 1, available: 0 });
  });

  it("refuses a Company-Admin another company's vehicle", async () => {
    const mine = new Set((await vehicles('id gt 0', 'Company-Admin')).map((item) => item.id));
    const other = (await pending()).find((item) => !mine.has(item.id))!;
    const sandton = await centreNamed('Sentinel Fitment Sandton');
    const response = await book(
      other.id,
      sandton.id,
      `${nextWeekday(3, 2)}T06:00:00.000Z`,
      false,
      'Company-Admin',
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('PUT /InstallationBookings/{id}', () => {
  it('moves the booking to another slot, giving back the old place, and cancels it', async () => {
    const [target] = await pending();
    const menlyn = await centreNamed('Sentinel Fitment Menlyn');
    const thursday = nextWeekday(4, 2);
    const booking = (
      await book(target!.id, menlyn.id, `${thursday}T11:00:00.000Z`)
    ).json<InstallationBooking>();
    const moved = await call('PUT', `/InstallationBookings/${booking.id}`, 'Technical-Agent', {
      fitmentCenterId: menlyn.id,
      installationUtcDateTime: `${thursday}T06:00:00.000Z`,
      active: true,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const slots = (
      await call('GET', `/FitmentCenters/${menlyn.id}/Availability?from=${thursday}&days=1`)
    ).json<{
      items: AvailabilitySlot[];
    }>().items;
    expect(slots.map((slot) => slot.available)).toEqual([2, 2]);

    const cancelled = await call('PUT', `/InstallationBookings/${booking.id}`, 'Technical-Agent', {
      fitmentCenterId: menlyn.id,
      installationUtcDateTime: `${thursday}T06:00:00.000Z`,
      active: false,
    });
    expect(cancelled.json<InstallationBooking>().active).toBe(false);
    expect(await vehicle(target!.id)).toMatchObject({
      onBoardingStatus: 'Booking-Pending',
      installationBookingId: null,
    });
  });
});

describe('POST /Vehicles/{id}/LinkDeviceFree', () => {
  it('links a free device: the installation is complete and the vehicle joins the active clients', async () => {
    const target = (await vehicles("onBoardingStatus eq 'Scheduled'"))[0]!;
    const free = (
      await call(
        'GET',
        `/Devices?$filter=${encodeURIComponent('vehicleId eq 0 and active eq true')}&$pagesize=1`,
      )
    ).json<Page<Device>>().items[0]!;
    const response = await call('POST', `/Vehicles/${target.id}/LinkDeviceFree`, 'Technical-Agent', {
      deviceSerialNumber: free.serialNumber.toLowerCase(),
      vehicleNickname: 'Work bakkie',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Device>()).toMatchObject({ id: free.id, vehicleId: target.id });
    expect(await vehicle(target.id)).toMatchObject({
      onBoardingStatus: null,
      deviceSerialNumber: free.serialNumber,
      nickname: 'Work bakkie',
    });
    const owner = (
      await call('GET', `/Users?$filter=${encodeURIComponent(`id eq ${target.userId}`)}`, 'Admin')
    ).json<Page<User>>().items[0]!;
    expect(owner.totalNumberOfVehiclesWithDevice).toBeGreaterThan(0);

    const again = await call(
      'POST',
      `/Vehicles/${(await pending())[0]!.id}/LinkDeviceFree`,
      'Technical-Agent',
      {
        deviceSerialNumber: free.serialNumber,
      },
    );
    expect(again.statusCode).toBe(400);
    expect(again.json<{ message: string }>().message).toBe(
      `Device ${free.serialNumber} is already linked to another vehicle`,
    );
    const unknown = await call('POST', `/Vehicles/${target.id}/LinkDeviceFree`, 'Technical-Agent', {
      deviceSerialNumber: 'NOPE-1',
    });
    expect(unknown.json<{ message: string }>().message).toBe('Device NOPE-1 was not found');
  });
});
