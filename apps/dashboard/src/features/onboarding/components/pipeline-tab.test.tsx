import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, storeSignedInUser } from '../../../test/api';
import { renderApp } from '../../../test/render-app';

async function post<T>(path: string, accessToken: string, body: object): Promise<T> {
  const response = await fetch(`${apiUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

// jsdom lays nothing out: give the virtual list a viewport and its rows a height, so it renders
// what a browser would.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(500);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(50);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('given the onboarding pipeline', () => {
  it('lists its tabs in order and the vehicles pending a booking, paged from the server', async () => {
    await storeSignedInUser('Technical-Agent');
    renderApp('/agent/onboarding/booking-pending');

    const tabs = await screen.findByRole('navigation', { name: 'Onboarding' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Outstanding details', 'Booking pending', 'Scheduled']);
    const list = await screen.findByRole('list', { name: 'Booking pending' });
    expect((await within(list).findAllByRole('heading', { level: 3 })).length).toBeGreaterThan(0);
  });

  it('shows a vehicle waiting for its driver under Outstanding details, and moves it on once its driver is added', async () => {
    const user = userEvent.setup();
    const { accessToken } = await storeSignedInUser('Technical-Agent');
    const holder = await post<{ id: number }>('/Users/AccountHolder', accessToken, {
      FirstName: 'Zola',
      LastName: 'Mthembu',
      Email: `zola.${Date.now()}@example.co.za`,
      PhoneNumber: '0827654321',
      IdNumber: '8505055009081',
    });
    const types = await fetch(`${apiUrl()}/VehicleTypes/Search?SearchPhrase=jimny`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const [jimny] = (await types.json()) as { id: number; makeVariant: string }[];
    const registration = `GP ${Date.now() % 100_000} ZZ`;
    const vehicle = await post<{ id: number }>('/Vehicles', accessToken, {
      colour: 'Green',
      registrationNumber: registration,
      vehicle: jimny!.makeVariant,
      registrationYear: '2022',
      userId: holder.id,
      vehicleTypeId: jimny!.id,
    });
    const app = renderApp('/agent/onboarding/outstanding-details');

    expect(await screen.findByRole('heading', { level: 3, name: registration })).toBeInTheDocument();

    await post('/Drivers', accessToken, {
      FirstName: 'Zola',
      LastName: 'Mthembu',
      Email: 'zola.driver@example.co.za',
      PhoneNumber: '0827654321',
      IdNumber: '8505055009081',
      vehicleId: vehicle.id,
    });
    // Added by another agent: the lists are asked again.
    await app.queryClient.invalidateQueries();
    await user.click(screen.getByRole('link', { name: 'Booking pending' }));
    expect(await screen.findByRole('heading', { level: 3, name: registration })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Outstanding details' }));
    await screen.findByRole('region', { name: 'Outstanding details' });
    expect(screen.queryByRole('heading', { level: 3, name: registration })).not.toBeInTheDocument();
  });
});
