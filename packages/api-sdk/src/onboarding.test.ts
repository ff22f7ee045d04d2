import type { UserListFields } from '@sentinel/domain';
import { startApi } from '@sentinel/testing';
import type { RunningApi } from '@sentinel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './test-support';
import type { ApiClient } from './client';
import { isApiError } from './errors/api-error';
import { and, eq } from './odata';

let api: RunningApi;
let client: ApiClient;

beforeAll(async () => {
  api = await startApi();
  client = await signedInClient(api.url, 'Technical-Agent');
});

afterAll(async () => {
  await api.close();
});

describe('onboarding.searchVehicleTypes', () => {
  it('answers the catalogue matches, best first, checked against the contract', async () => {
    const types = await client.onboarding.searchVehicleTypes('corolla cross');
    expect(types[0]?.makeVariant).toMatch(/^Toyota Corolla Cross/);
    expect(await client.onboarding.searchVehicleTypes('toyota', 3)).toHaveLength(3);
  });
});

describe('onboarding.createVehicle and createDriver', () => {
  it('adds a vehicle to a client, then its driver, and the vehicle waits for its booking', async () => {
    const [holder] = (
      await client.users.list({
        filter: and(
          eq<UserListFields>('role', 'Account-Holder'),
          eq<UserListFields>('totalNumberOfVehicles', 0),
        ),
        pageSize: 1,
      })
    ).items;
    if (!holder) throw new Error('no demo holder without a vehicle');
    const [type] = await client.onboarding.searchVehicleTypes('polo vivo');
    const { id } = await client.onboarding.createVehicle({
      colour: 'Blue',
      registrationNumber: 'ND 555-111',
      vinNumber: null,
      engineNumber: null,
      vehicle: type!.makeVariant,
      registrationYear: '2018',
      userId: holder.id,
      vehicleTypeId: type!.id,
    });
    const driver = await client.onboarding.createDriver({
      FirstName: 'Lerato',
      LastName: 'Mokoena',
      Email: 'lerato.mokoena@example.co.za',
      PhoneCode: '27',
      PhoneNumber: '0831234567',
      IdNumber: 'A1234567',
      IdNumberIsSouthAfrican: false,
      vehicleId: id,
    });
    expect(driver).toMatchObject({ vehicleId: id, idNumberIsSouthAfrican: false });
    const [vehicle] = (await client.vehicles.list({ filter: eq('id', id) })).items;
    expect(vehicle?.onBoardingStatus).toBe('Booking-Pending');
  });

  it('throws an ApiError with the field errors on a 400', async () => {
    const [holder] = (
      await client.users.list({ filter: eq<UserListFields>('role', 'Account-Holder'), pageSize: 1 })
    ).items;
    const error = await client.onboarding
      .createVehicle({
        colour: '',
        registrationNumber: 'X',
        vehicle: '',
        registrationYear: '2018',
        userId: holder!.id,
        vehicleTypeId: 0,
      })
      .catch((caught: unknown) => caught);
    expect(isApiError(error)).toBe(true);
    if (!isApiError(error)) return;
    expect(error.status).toBe(400);
    expect(error.errors).toEqual({ Vehicle: ['This field is required'], Colour: ['This field is required'] });
  });
});

describe('onboarding bookings', () => {
  it('lists regions and centres, books a slot and reschedules it', async () => {
    const regions = await client.onboarding.regions();
    expect(regions.some((region) => region.name === 'Durban')).toBe(true);
    const pinetown = (await client.onboarding.fitmentCenters()).find((centre) => centre.area === 'Pinetown')!;
    const [slot, later] = await client.onboarding.availability(pinetown.id, {
      from: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
      days: 7,
    });
    const [vehicle] = (
      await client.vehicles.list({ filter: eq('onBoardingStatus', 'Booking-Pending'), pageSize: 1 })
    ).items;
    const booking = await client.onboarding.createBooking({
      vehicleId: vehicle!.id,
      fitmentCenterId: pinetown.id,
      installationUtcDateTime: slot!.installationUtcDateTime,
      onboardingExistingClient: false,
    });
    expect(booking).toMatchObject({ vehicleId: vehicle!.id, active: true });
    const moved = await client.onboarding.updateBooking(booking.id, {
      fitmentCenterId: pinetown.id,
      installationUtcDateTime: later!.installationUtcDateTime,
      active: true,
    });
    expect(moved.installationUtcDateTime).toBe(later!.installationUtcDateTime);
  });

  it('links a free device to a vehicle', async () => {
    const [vehicle] = (
      await client.vehicles.list({ filter: eq('onBoardingStatus', 'Scheduled'), pageSize: 1 })
    ).items;
    const [device] = (await client.devices.list({ filter: eq('vehicleId', 0), pageSize: 1 })).items;
    const linked = await client.onboarding.linkDeviceFree(vehicle!.id, {
      deviceSerialNumber: device!.serialNumber,
    });
    expect(linked.vehicleId).toBe(vehicle!.id);
  });
});

describe('onboarding subscriptions', () => {
  it('subscribes a vehicle to an online plan and sends a fresh link on a retry', async () => {
    const [vehicle] = (
      await client.vehicles.list({ filter: eq('onBoardingStatus', 'Booking-Pending'), pageSize: 1 })
    ).items;
    const plan = (await client.subscriptionPlans.list()).find((item) => !item.isOffline)!;
    const request = {
      subscriptionPlanId: plan.id,
      vehicleId: vehicle!.id,
      isOffline: false,
      initiallyPayDepositOnly: true,
      createdByAgentOnBehalfOfUser: true,
    };
    const subscription = await client.onboarding.subscribe(request);
    expect(subscription).toMatchObject({ status: 'Deposit-Pending', depositAmountCents: 149_900 });
    const retried = await client.onboarding.retryFirstPayment(subscription.id);
    expect(retried.paymentUrl).not.toBe(subscription.paymentUrl);
    const offline = (await client.subscriptionPlans.list()).find((item) => item.isOffline)!;
    const error = await client.onboarding
      .subscribe({ ...request, subscriptionPlanId: offline.id })
      .catch((caught: unknown) => caught);
    expect(isApiError(error) && error.message).toBe('This plan is paid offline');
  });
});
