import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eq } from '@sentinel/api-sdk';
import { PAYMENT_CONSENTS } from '@sentinel/domain';
import { apiUrl, storeSignedInUser } from '../../../test/api';
import { renderApp } from '../../../test/render-app';

async function call<T>(method: string, path: string, accessToken: string, body?: object): Promise<T> {
  const response = await fetch(`${apiUrl()}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A new client's vehicle without a plan. */
async function newVehicle(accessToken: string): Promise<number> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const holder = await call<{ id: number }>('POST', '/Users/AccountHolder', accessToken, {
    FirstName: 'Lindiwe',
    LastName: 'Ngcobo',
    Email: `lindiwe.${stamp}@example.co.za`,
    PhoneNumber: '0825556677',
    IdNumber: '8707075009085',
  });
  const [type] = await call<{ id: number; makeVariant: string }[]>(
    'GET',
    '/VehicleTypes/Search?SearchPhrase=creta',
    accessToken,
  );
  const vehicle = await call<{ id: number }>('POST', '/Vehicles', accessToken, {
    colour: 'Silver',
    registrationNumber: `GP ${stamp.slice(-5)}`,
    vehicle: type!.makeVariant,
    registrationYear: '2022',
    userId: holder.id,
    vehicleTypeId: type!.id,
  });
  return vehicle.id;
}

async function openScreen(vehicleId?: number) {
  const { accessToken } = await storeSignedInUser('Technical-Agent');
  const id = vehicleId ?? (await newVehicle(accessToken));
  const app = renderApp(`/agent/onboarding/client/${id}/payment`);
  await screen.findByRole('heading', { level: 1, name: 'Payment: deposit due R1 499' });
  return { app, vehicleId: id };
}

describe('given an agent on the payment screen', () => {
  it('needs a plan and all three consents, sends the deposit link and goes to the scheduled list', async () => {
    const user = userEvent.setup();
    const { app, vehicleId } = await openScreen();

    const send = screen.getByRole('button', { name: 'Send payment link' });
    expect(send).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /Sentinel Essential/ }));
    for (const consent of PAYMENT_CONSENTS.slice(0, 2))
      await user.click(screen.getByRole('checkbox', { name: consent }));
    expect(send).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: PAYMENT_CONSENTS[2] }));
    expect(send).toBeEnabled();
    await user.click(send);

    await waitFor(() => expect(app.router.state.location.pathname).toBe('/agent/onboarding/scheduled'), {
      timeout: 15_000,
    });
    const [vehicle] = (await app.client.vehicles.list({ filter: eq('id', vehicleId) })).items;
    expect(vehicle?.subscriptionId).not.toBeNull();
    expect(vehicle?.subscriptionDepositAmountPaid).toBeNull();
  });

  it('sends the link again while the deposit is due', async () => {
    const user = userEvent.setup();
    const { app, vehicleId } = await openScreen();
    await user.click(screen.getByRole('radio', { name: /Sentinel Plus/ }));
    for (const consent of PAYMENT_CONSENTS) await user.click(screen.getByRole('checkbox', { name: consent }));
    await user.click(screen.getByRole('button', { name: 'Send payment link' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/agent/onboarding/scheduled'), {
      timeout: 15_000,
    });

    await app.router.navigate(`/agent/onboarding/client/${vehicleId}/payment`);
    // Found afresh when clicked: the screen may render the vehicle again (its query refetches) after
    // the button first shows, and a click on a button it has since replaced would do nothing.
    const again = () => screen.getByRole('button', { name: 'Send the payment link again' });
    await waitFor(() => expect(again()).toBeEnabled());
    // Clicked again while the screen stays: in about one run in four the first click landed on a
    // button the screen replaced as it rendered the vehicle again, and nothing was sent (a busy
    // button ignores a second click, so one that did land is never sent twice).
    await waitFor(
      async () => {
        if (app.router.state.location.pathname !== '/agent/onboarding/scheduled') await user.click(again());
        expect(app.router.state.location.pathname).toBe('/agent/onboarding/scheduled');
      },
      { timeout: 15_000, interval: 500 },
    );
  });

  it("shows the server's message when the call fails", async () => {
    const user = userEvent.setup();
    await openScreen(999_999);
    await user.click(screen.getByRole('radio', { name: /Sentinel Essential/ }));
    for (const consent of PAYMENT_CONSENTS) await user.click(screen.getByRole('checkbox', { name: consent }));
    await user.click(screen.getByRole('button', { name: 'Send payment link' }));
    expect(await screen.findByText('Vehicle 999999 was not found.')).toBeInTheDocument();
  });
});
