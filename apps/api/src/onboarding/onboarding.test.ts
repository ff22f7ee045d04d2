import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Driver, Page, User, Vehicle, VehicleType } from '@sentinel/domain';
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

function call(method: 'GET' | 'POST', url: string, role = 'Technical-Agent', payload?: object) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[role]}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function search(phrase: string, count = 50): Promise<VehicleType[]> {
  const response = await call(
    'GET',
    `/VehicleTypes/Search?SearchPhrase=${encodeURIComponent(phrase)}&ResultCount=${count}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<VehicleType[]>();
}

async function firstHolder(filter: string, role = 'Admin'): Promise<User> {
  const query = encodeURIComponent(`role eq 'Account-Holder' and ${filter}`);
  const response = await call('GET', `/Users?$filter=${query}&$pagesize=1`, role);
  return response.json<Page<User>>().items[0]!;
}

async function vehicle(id: number): Promise<Vehicle> {
  const response = await call('GET', `/Vehicles?$filter=${encodeURIComponent(`id eq ${id}`)}`);
  return response.json<Page<Vehicle>>().items[0]!;
}

const DRIVER = {
  FirstName: 'Sipho',
  LastName: 'Dlamini',
  Email: 'sipho.dlamini@example.co.za',
  PhoneCode: '27',
  PhoneNumber: '0821234567',
  IdNumber: '8001015009087',
  IdNumberIsSouthAfrican: true,
};

describe('GET /VehicleTypes/Search', () => {
  it('holds several hundred South African makes and models', async () => {
    const toyotas = await search('toyota');
    expect(toyotas.length).toBeGreaterThan(20);
    expect(toyotas.every((type) => type.make === 'Toyota')).toBe(true);
  });

  it('matches make, variant and both together in any case, best matches first', async () => {
    const hilux = await search('HILUX');
    expect(hilux[0]).toMatchObject({ make: 'Toyota', variant: expect.stringMatching(/^Hilux/) });
    const legend = await search('hilux legend');
    expect(legend.map((type) => type.makeVariant)).toEqual(['Toyota Hilux 2.8 GD-6 Legend']);
    const polo = await search('volkswagen polo');
    // Names starting with the phrase come before ones that only hold it.
    expect(polo[0]!.makeVariant.toLowerCase().startsWith('volkswagen polo')).toBe(true);
  });

  it('answers at most ResultCount and nothing for an unknown vehicle', async () => {
    expect(await search('a', 5)).toHaveLength(5);
    expect(await search('Trabant')).toEqual([]);
    expect(await search('50%_')).toEqual([]);
  });

  it('refuses a ResultCount above 50', async () => {
    const response = await call('GET', '/VehicleTypes/Search?SearchPhrase=polo&ResultCount=51');
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /Vehicles then POST /Drivers', () => {
  it('adds the vehicle with its details outstanding, then awaits a booking once its driver is added', async () => {
    const holder = await firstHolder('totalNumberOfVehicles eq 0');
    const [type] = await search('ranger wildtrak');
    const created = await call('POST', '/Vehicles', 'Technical-Agent', {
      colour: 'Silver',
      registrationNumber: 'CA 987-654',
      vinNumber: '',
      engineNumber: 'ENG12345',
      vehicle: type!.makeVariant,
      registrationYear: '2021',
      userId: holder.id,
      vehicleTypeId: type!.id,
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json<{ id: number }>();
    expect(await vehicle(id)).toMatchObject({
      userId: holder.id,
      make: 'Ford',
      model: type!.variant,
      makeVariant: type!.makeVariant,
      registrationNumber: 'CA 987-654',
      registrationYear: '2021',
      vehicleColour: 'Silver',
      vinNumber: null,
      engineNumber: 'ENG12345',
      onBoardingStatus: 'Outstanding-Details',
      drivers: [],
    });
    const counted = await firstHolder(`id eq ${holder.id}`);
    expect(counted.totalNumberOfVehiclesWithoutDevice).toBe(1);

    const driver = await call('POST', '/Drivers', 'Technical-Agent', { ...DRIVER, vehicleId: id });
    expect(driver.statusCode, driver.body).toBe(200);
    expect(driver.json<Driver>()).toMatchObject({
      vehicleId: id,
      firstName: 'Sipho',
      phoneNumber: '821234567',
      idNumberIsSouthAfrican: true,
    });
    const after = await vehicle(id);
    expect(after.onBoardingStatus).toBe('Booking-Pending');
    expect(after.drivers).toHaveLength(1);
  });

  it('validates the vehicle with the form rules, field by field', async () => {
    const holder = await firstHolder('totalNumberOfVehicles eq 0');
    const response = await call('POST', '/Vehicles', 'Technical-Agent', {
      colour: ' ',
      registrationNumber: '',
      vehicle: '',
      registrationYear: '1990',
      userId: holder.id,
      vehicleTypeId: 0,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      Vehicle: ['This field is required'],
      RegistrationYear: ['This field is required'],
      RegistrationNumber: ['This field is required'],
      Colour: ['This field is required'],
    });

    const unlisted = await call('POST', '/Vehicles', 'Technical-Agent', {
      colour: 'Red',
      registrationNumber: 'ND 123-456',
      vehicle: 'Trabant 601',
      registrationYear: 'Older than 1999',
      userId: holder.id,
      vehicleTypeId: 999_999,
    });
    expect(unlisted.statusCode).toBe(400);
    expect(unlisted.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      Vehicle: ["Sorry, we don't have that vehicle listed"],
    });
  });

  it('validates the driver with the form rules', async () => {
    const holder = await firstHolder('totalNumberOfVehicles gt 0');
    const owned = await call('GET', `/Vehicles?$filter=${encodeURIComponent(`userId eq ${holder.id}`)}`);
    const vehicleId = owned.json<Page<Vehicle>>().items[0]!.id;
    const response = await call('POST', '/Drivers', 'Technical-Agent', {
      ...DRIVER,
      Email: 'sipho@',
      IdNumber: '8013015009087',
      vehicleId,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      Email: ['Please provide a valid email address'],
      IdNumber: ['Please provide a valid ID number'],
    });
  });

  it("refuses a Company-Admin another company's client and their vehicles", async () => {
    // Mzansi Couriers' holders are outside the demo Company-Admin's company.
    const companies = await call(
      'GET',
      '/Companies?$filter=' + encodeURIComponent("name eq 'Mzansi Couriers'"),
      'Admin',
    );
    const mzansi = companies.json<Page<{ id: number }>>().items[0]!;
    const users = await call('GET', `/Companies/${mzansi.id}/CompanyUsers`, 'Admin');
    const outsider = users.json<Page<User>>().items[0]!;
    const [type] = await search('polo vivo');
    const response = await call('POST', '/Vehicles', 'Company-Admin', {
      colour: 'White',
      registrationNumber: 'GP 11 AA',
      vehicle: type!.makeVariant,
      registrationYear: '2020',
      userId: outsider.id,
      vehicleTypeId: type!.id,
    });
    expect(response.statusCode).toBe(404);

    // Their vehicle, added by an Admin, is as absent to the Company-Admin as the client.
    const theirs = await call('POST', '/Vehicles', 'Admin', {
      colour: 'White',
      registrationNumber: 'GP 11 AC',
      vehicle: type!.makeVariant,
      registrationYear: '2020',
      userId: outsider.id,
      vehicleTypeId: type!.id,
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const driver = await call('POST', '/Drivers', 'Company-Admin', {
      ...DRIVER,
      vehicleId: theirs.json<{ id: number }>().id,
    });
    expect(driver.statusCode).toBe(404);
  });

  it('refuses a vehicle for a staff member, who is not a client', async () => {
    const staff = await call('GET', `/Users?$filter=${encodeURIComponent("role eq 'Admin'")}`, 'Admin');
    const admin = staff.json<Page<User>>().items[0]!;
    const [type] = await search('polo vivo');
    const response = await call('POST', '/Vehicles', 'Technical-Agent', {
      colour: 'White',
      registrationNumber: 'GP 11 AB',
      vehicle: type!.makeVariant,
      registrationYear: '2020',
      userId: admin.id,
      vehicleTypeId: type!.id,
    });
    expect(response.statusCode).toBe(404);
  });
});
