import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eq, isApiError } from '@sentinel/api-sdk';
import { installationSlotLabel } from '@sentinel/domain';
import { apiUrl, storeSignedInUser } from '../../../test/api';
import { pasteInto } from '../../../test/paste-into';
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
    FirstName: 'Lwazi',
    LastName: 'Hadebe',
    Email: `lwazi.${stamp}@example.co.za`,
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
    FirstName: 'Lwazi',
    LastName: 'Hadebe',
    Email: `lwazi.driver.${stamp}@example.co.za`,
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
  return { app, vehicleId, accessToken };
}

/** The server's refusal of a call: its body's message or first field error, as the api words it. */
async function refusal(attempt: Promise<unknown>, field?: string): Promise<string> {
  const error: unknown = await attempt.then(
    () => new Error('the api accepted a call expected to be refused'),
    (refused: unknown) => refused,
  );
  if (!isApiError(error) || error.status !== 400) throw error;
  const message = field === undefined ? error.body?.message : error.errors[field]?.[0];
  if (message === undefined) throw new Error(`no refusal message in ${JSON.stringify(error.body)}`);
  return message;
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
    await pasteInto(user, screen.getByLabelText('Installation date and time'), '2025-03-04T09:30');
    await user.click(screen.getByRole('button', { name: 'Book installation' }));
    expect(await screen.findByText('Please select a device to link')).toBeInTheDocument();

    await pasteInto(user, screen.getByRole('combobox', { name: 'Device serial number' }), 'zzz');
    expect(await screen.findByText('Device not found')).toBeInTheDocument();
    const [free] = (await app.client.devices.list({ filter: eq('vehicleId', 0), pageSize: 1 })).items;
    await user.clear(screen.getByRole('combobox', { name: 'Device serial number' }));
    await user.paste(free!.serialNumber);
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

  it('names the full slot when the server refuses the booking, keeping what was chosen', async () => {
    const user = userEvent.setup();
    const { app, vehicleId, accessToken } = await openScreen();
    const centre = (await app.client.onboarding.fitmentCenters()).find(
      (candidate) => candidate.name === 'Sentinel Fitment Roodepoort',
    )!;

    await choose(user, 'Region', 'Johannesburg');
    await choose(user, 'Fitment centre', /Roodepoort/);
    const dateAndTime = screen.getByRole('combobox', { name: 'Date and time' });
    await waitFor(() => expect(dateAndTime).toBeEnabled());
    await user.click(dateAndTime);
    await user.click((await screen.findAllByRole('option'))[0]!);
    // The first slot offered is the first of the centre's days ahead with a place left.
    const [slot] = (await app.client.onboarding.availability(centre.id, { days: 21 })).filter(
      (option) => option.available > 0 && Date.parse(option.installationUtcDateTime) > Date.now(),
    );
    expect(dateAndTime).toHaveTextContent(installationSlotLabel(slot!.installationUtcDateTime));

    // Other agents take the slot's remaining places while this one is deciding.
    const book = async (otherVehicleId: number) =>
      app.client.onboarding.createBooking({
        vehicleId: otherVehicleId,
        fitmentCenterId: centre.id,
        installationUtcDateTime: slot!.installationUtcDateTime,
      });
    for (let place = 0; place < slot!.available; place += 1) await book(await pendingVehicle(accessToken));
    const full = await refusal(book(await pendingVehicle(accessToken)), 'InstallationUtcDateTime');
    expect(full).toMatch(/^The .+ slot is full$/);

    await user.click(screen.getByRole('button', { name: 'Book installation' }));

    // The field error naming the time is the message of the screen's alert.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Error creating installation booking: ${full}`,
    );
    expect(app.router.state.location.pathname).toBe(`/agent/onboarding/client/${vehicleId}/installation`);
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveTextContent('Johannesburg');
    expect(screen.getByRole('combobox', { name: 'Fitment centre' })).toHaveTextContent(
      'Sentinel Fitment Roodepoort (Roodepoort)',
    );
    expect(dateAndTime).toHaveTextContent(installationSlotLabel(slot!.installationUtcDateTime));
    expect(screen.getByRole('button', { name: 'Book installation' })).toBeEnabled();
    const [vehicle] = (await app.client.vehicles.list({ filter: eq('id', vehicleId) })).items;
    expect(vehicle).toMatchObject({ onBoardingStatus: 'Booking-Pending', installationBookingId: null });
  });

  it('shows the refused link of a device taken meanwhile, keeps the form and links another on retry', async () => {
    const user = userEvent.setup();
    const { app, vehicleId, accessToken } = await openScreen();
    const [taken, other] = (
      await app.client.devices.list({
        filter: eq('vehicleId', 0),
        pageSize: 2,
        orderBy: [{ field: 'serialNumber' }],
      })
    ).items;
    const serialField = () => screen.getByRole('combobox', { name: 'Device serial number' });
    const confirmation = () =>
      screen.getByRole('checkbox', { name: 'I confirm this device is fitted to this vehicle' });

    await user.click(screen.getByRole('button', { name: 'Existing Installation' }));
    await choose(user, 'Region', 'Durban');
    await choose(user, 'Fitment centre', /Pinetown/);
    await pasteInto(user, screen.getByLabelText('Installation date and time'), '2025-03-04T09:30');
    await pasteInto(user, serialField(), taken!.serialNumber);
    await user.click(await screen.findByRole('option', { name: taken!.serialNumber }));
    await user.click(confirmation());

    // Another agent links the device to their vehicle between the search and the submit.
    await app.client.onboarding.linkDeviceFree(await pendingVehicle(accessToken), {
      deviceSerialNumber: taken!.serialNumber,
    });
    const linkedElsewhere = await refusal(
      app.client.onboarding.linkDeviceFree(vehicleId, { deviceSerialNumber: taken!.serialNumber }),
    );
    await user.click(screen.getByRole('button', { name: 'Book installation' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(`Error linking device: ${linkedElsewhere}`);
    expect(linkedElsewhere).toBe(`Device ${taken!.serialNumber} is already linked to another vehicle`);
    // The installation is recorded, but the screen stays as typed so another device can be chosen.
    expect(screen.getByRole('heading', { level: 1, name: 'Installation scheduling' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveTextContent('Durban');
    expect(screen.getByRole('combobox', { name: 'Fitment centre' })).toHaveTextContent(/Pinetown/);
    expect(screen.getByLabelText('Installation date and time')).toHaveValue('2025-03-04T09:30');
    expect(serialField()).toHaveValue(taken!.serialNumber);
    expect(confirmation()).toBeChecked();
    expect(app.router.state.location.pathname).toBe(`/agent/onboarding/client/${vehicleId}/installation`);

    await user.clear(serialField());
    await user.paste(other!.serialNumber);
    await user.click(await screen.findByRole('option', { name: other!.serialNumber }));
    await user.click(screen.getByRole('button', { name: 'Book installation' }));

    await waitFor(
      () => expect(app.router.state.location.pathname).toBe(`/agent/onboarding/client/${vehicleId}/payment`),
      { timeout: 10_000 },
    );
    const [vehicle] = (await app.client.vehicles.list({ filter: eq('id', vehicleId) })).items;
    expect(vehicle).toMatchObject({ onBoardingStatus: null, deviceSerialNumber: other!.serialNumber });
  });
});
