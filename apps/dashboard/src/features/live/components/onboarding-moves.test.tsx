import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AvailabilitySlot, FitmentCenter } from '@sentinel/domain';
import { apiUrl, demoSignIn, storeSignedInUser } from '../../../test/api';
import { renderApp } from '../../../test/render-app';
import { liveConnectionStateAtom } from '../stores/live-state';

async function call<T>(method: 'GET' | 'POST', path: string, accessToken: string, body?: object): Promise<T> {
  const response = await fetch(`${apiUrl()}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Another agent, signed in on their own, not through the dashboard under test. */
async function otherAgentToken(): Promise<string> {
  const { email, password } = demoSignIn('Admin');
  const response = await fetch(`${apiUrl()}/Auth/SignInByEmail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** A vehicle of a new account holder with its driver added: it waits for its booking. */
async function vehiclePendingBooking(accessToken: string): Promise<{ id: number; registration: string }> {
  const holder = await call<{ id: number }>('POST', '/Users/AccountHolder', accessToken, {
    FirstName: 'Lerato',
    LastName: 'Dube',
    Email: `lerato.${Date.now()}@example.co.za`,
    PhoneNumber: '0827654321',
    IdNumber: '8505055009081',
  });
  const [jimny] = await call<{ id: number; makeVariant: string }[]>(
    'GET',
    '/VehicleTypes/Search?SearchPhrase=jimny',
    accessToken,
  );
  const registration = `GP ${Date.now() % 100_000} LV`;
  const { id } = await call<{ id: number }>('POST', '/Vehicles', accessToken, {
    colour: 'Blue',
    registrationNumber: registration,
    vehicle: jimny!.makeVariant,
    registrationYear: '2023',
    userId: holder.id,
    vehicleTypeId: jimny!.id,
  });
  await call('POST', '/Drivers', accessToken, {
    FirstName: 'Lerato',
    LastName: 'Dube',
    Email: 'lerato.driver@example.co.za',
    PhoneNumber: '0827654321',
    IdNumber: '8505055009081',
    vehicleId: id,
  });
  return { id, registration };
}

/** The first open place at an active centre, a few days ahead so the booking rules accept it. */
async function openPlace(accessToken: string): Promise<{ fitmentCenterId: number; at: string }> {
  const { items: centres } = await call<{ items: FitmentCenter[] }>('GET', '/FitmentCenters', accessToken);
  const from = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  for (const centre of centres.filter((candidate) => candidate.active)) {
    const { items } = await call<{ items: AvailabilitySlot[] }>(
      'GET',
      `/FitmentCenters/${centre.id}/Availability?from=${from}&days=14`,
      accessToken,
    );
    const slot = items.find((candidate) => candidate.available > 0);
    if (slot) return { fitmentCenterId: centre.id, at: slot.installationUtcDateTime };
  }
  throw new Error('No open installation place in the next fortnight.');
}

// jsdom lays nothing out: give the virtual list a viewport and its rows a height.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(500);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(50);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("given an agent's open 'Booking pending' tab", () => {
  it('drops a vehicle as soon as another agent books its installation, without the tab asking on a timer', async () => {
    const { accessToken } = await storeSignedInUser('Technical-Agent');
    const vehicle = await vehiclePendingBooking(accessToken);
    const app = renderApp('/agent/onboarding/booking-pending');
    expect(await screen.findByRole('heading', { level: 3, name: vehicle.registration })).toBeInTheDocument();
    await waitFor(() => expect(app.store.get(liveConnectionStateAtom)).toBe('Connected'), {
      timeout: 10_000,
    });

    const other = await otherAgentToken();
    const place = await openPlace(other);
    await call('POST', '/InstallationBookings', other, {
      vehicleId: vehicle.id,
      fitmentCenterId: place.fitmentCenterId,
      installationUtcDateTime: place.at,
      onboardingExistingClient: false,
    });

    await waitFor(
      () =>
        expect(
          screen.queryByRole('heading', { level: 3, name: vehicle.registration }),
        ).not.toBeInTheDocument(),
      { timeout: 10_000 },
    );
    expect(screen.getByRole('region', { name: 'Booking pending' })).toBeInTheDocument();
  });
});
