import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eq } from '@sentinel/api-sdk';
import { apiUrl, storeSignedInUser } from '../../../test/api';
import { renderApp } from '../../../test/render-app';

type User = ReturnType<typeof userEvent.setup>;

async function call<T>(method: string, path: string, accessToken: string, body?: object): Promise<T> {
  const response = await fetch(`${apiUrl()}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A new client's vehicle with its driver, pending a booking and without a plan. */
async function pendingVehicle(accessToken: string): Promise<number> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const holder = await call<{ id: number }>('POST', '/Users/AccountHolder', accessToken, {
    FirstName: 'Ayanda',
    LastName: 'Khumalo',
    Email: `ayanda.${stamp}@example.co.za`,
    PhoneNumber: '0829998877',
    IdNumber: '8808085009086',
  });
  const [type] = await call<{ id: number; makeVariant: string }[]>(
    'GET',
    '/VehicleTypes/Search?SearchPhrase=fortuner',
    accessToken,
  );
  const vehicle = await call<{ id: number }>('POST', '/Vehicles', accessToken, {
    colour: 'Grey',
    registrationNumber: `ND ${stamp.slice(-6)}`,
    vehicle: type!.makeVariant,
    registrationYear: '2023',
    userId: holder.id,
    vehicleTypeId: type!.id,
  });
  await call('POST', '/Drivers', accessToken, {
    FirstName: 'Ayanda',
    LastName: 'Khumalo',
    Email: `ayanda.driver.${stamp}@example.co.za`,
    PhoneNumber: '0829998877',
    IdNumber: '8808085009086',
    vehicleId: vehicle.id,
  });
  return vehicle.id;
}

async function openScreen() {
  const { accessToken } = await storeSignedInUser('Technical-Agent');
  const vehicleId = await pendingVehicle(accessToken);
  const app = renderApp(`/agent/onboarding/client/${vehicleId}/installation`);
  await screen.findByRole('heading', { level: 1, name: 'Installation scheduling' });
  return { app, vehicleId };
}

async function choose(user: User, field: string, option: string | RegExp) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click((await screen.findAllByRole('option', { name: option }))[0]!);
}

describe('given an agent scheduling an installation', () => {
  it('books a slot at an active centre of the region and goes on to payment', async () => {
    const user = userEvent.setup();
    const { app, vehicleId } = await openScreen();

    expect(screen.getByRole('button', { name: 'New Installation' })).toHaveAttribute('aria-pressed', 'true');
    await choose(user, 'Region', 'Johannesburg');
    await user.click(screen.getByRole('combobox', { name: 'Fitment centre' }));
    const centres = (await screen.findAllByRole('option')).map((option) => option.textContent);
    // Soweto is closed: only active centres are offered.
    expect(centres).toEqual([
      'Sentinel Fitment Roodepoort (Roodepoort)',
      'Sentinel Fitment Sandton (Sandton)',
    ]);
    await user.click(screen.getByRole('option', { name: /Sandton/ }));
    const dateAndTime = screen.getByRole('combobox', { name: 'Date and time' });
    // The centre's slots load once it is chosen.
    await waitFor(() => expect(dateAndTime).toBeEnabled());
    await user.click(dateAndTime);
    const slots = (await screen.findAllByRole('option')).map((option) => option.textContent ?? '');
    expect(slots.every((label) => /, (morning|afternoon)$/.test(label))).toBe(true);
    await user.click(screen.getAllByRole('option')[0]!);
    await user.click(screen.getByRole('button', { name: 'Book installation' }));

    await waitFor(
      () => expect(app.router.state.location.pathname).toBe(`/agent/onboarding/client/${vehicleId}/payment`),
      { timeout: 10_000 },
    );
    const [vehicle] = (await app.client.vehicles.list({ filter: eq('id', vehicleId) })).items;
    expect(vehicle).toMatchObject({
      onBoardingStatus: 'Scheduled',
      fitmentCenterName: 'Sentinel Fitment Sandton',
    });
  });

  it('asks for a device for an existing installation, then records it in the past and links the device', async () => {
    const user = userEvent.setup();
    const { app, vehicleId } = await openScreen();

    await user.click(screen.getByRole('button', { name: 'Existing Installation' }));
    await choose(user, 'Region', 'Durban');
    await choose(user, 'Fitment centre', /Pinetown/);
    await user.type(screen.getByLabelText('Installation date and time'), '2025-03-04T09:30');
    await user.click(screen.getByRole('button', { name: 'Book installation' }));
    expect(await screen.findByText('Please select a device to link')).toBeInTheDocument();

    await user.type(screen.getByRole('combobox', { name: 'Device serial number' }), 'zzz');
    expect(await screen.findByText('Device not found')).toBeInTheDocument();
    const [free] = (await app.client.devices.list({ filter: eq('vehicleId', 0), pageSize: 1 })).items;
    await user.clear(screen.getByRole('combobox', { name: 'Device serial number' }));
    await user.type(screen.getByRole('combobox', { name: 'Device serial number' }), free!.serialNumber);
    await user.click(await screen.findByRole('option', { name: free!.serialNumber }));
    await user.click(
      screen.getByRole('checkbox', { name: 'I confirm this device is fitted to this vehicle' }),
    );
    await user.click(screen.getByRole('button', { name: 'Book installation' }));

    await waitFor(
      () => expect(app.router.state.location.pathname).toBe(`/agent/onboarding/client/${vehicleId}/payment`),
      { timeout: 10_000 },
    );
    const [vehicle] = (await app.client.vehicles.list({ filter: eq('id', vehicleId) })).items;
    expect(vehicle).toMatchObject({ onBoardingStatus: null, deviceSerialNumber: free!.serialNumber });
  });
});
