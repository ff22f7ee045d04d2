import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createApiClient, ne, orderBy } from '@sentinel/api-sdk';
import type { AuthorisedUser } from '@sentinel/domain';
import { apiUrl, storeSignedInUser } from '../../../test/api';
import { renderApp } from '../../../test/render-app';

/** The first installed demo vehicle: the seed gave it last week's trips. */
async function demoVehicle(user: AuthorisedUser) {
  let current = user;
  const api = createApiClient({
    baseUrl: apiUrl(),
    session: { get: () => current, set: (next) => (current = next), clear() {} },
  });
  // The lowest id is a seeded vehicle: other tests of the suite add installed vehicles without history.
  const [vehicle] = (
    await api.vehicles.list({ filter: ne('deviceId', null), orderBy: [orderBy('id')], pageSize: 1 })
  ).items;
  if (!vehicle) throw new Error('no installed demo vehicle');
  return vehicle;
}

// Trips are computed on the server from a day's fixes: seconds when the api shares a busy machine.
const TRIPS_LOADED = { timeout: 20_000 };

const replayPath = (clientId: number, vehicleId: number, query = '') =>
  `/agent/clients/${clientId}/vehicle/${vehicleId}/replay${query}`;

describe('given a demo vehicle with last week of trips', { timeout: 40_000 }, () => {
  it("replays yesterday's trips and stops on the plain panel (no map key)", async () => {
    const vehicle = await demoVehicle(await storeSignedInUser('Technical-Agent'));
    renderApp(replayPath(vehicle.userId, vehicle.id, '?period=yesterday'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Trip replay' })).toBeInTheDocument();
    const trips = await screen.findByRole('list', { name: 'Trips' }, TRIPS_LOADED);
    expect(within(trips).getAllByRole('button').length).toBeGreaterThan(0);
    expect(
      within(screen.getByRole('list', { name: 'Stops' })).getAllByRole('listitem').length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole('img', { name: 'Route drawn to scale, north up' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yesterday' })).toHaveAttribute('aria-pressed', 'true');
    expect(
      within(screen.getByRole('list', { name: 'Events' })).getAllByRole('button').length,
    ).toBeGreaterThan(0);
  });

  it('replays only the trip chosen', async () => {
    const user = userEvent.setup();
    const vehicle = await demoVehicle(await storeSignedInUser('Technical-Agent'));
    renderApp(replayPath(vehicle.userId, vehicle.id, '?period=last7Days'));

    const trips = await screen.findByRole('list', { name: 'Trips' }, TRIPS_LOADED);
    const second = within(trips).getAllByRole('button')[1]!;
    await user.click(second);

    expect(second).toHaveAttribute('aria-pressed', 'true');
    const start = /Trip 2: \w+, \d\d \w+, (\d\d:\d\d)/.exec(second.textContent ?? '')?.[1];
    expect(screen.getByTestId('replay-time').textContent?.slice(0, 5)).toBe(start);
  });

  it('changes the period from the buttons, and takes two dates for a custom one', async () => {
    const user = userEvent.setup();
    const vehicle = await demoVehicle(await storeSignedInUser('Technical-Agent'));
    const app = renderApp(replayPath(vehicle.userId, vehicle.id));

    expect(await screen.findByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(app.router.state.location.search).toBe('?period=last7Days');
    expect(await screen.findByRole('list', { name: 'Trips' }, TRIPS_LOADED)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Custom' }));
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-01-01');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-01-02');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(app.router.state.location.search).toBe('?period=custom&from=2026-01-01&to=2026-01-02');
    expect(await screen.findByText('No fixes in this period')).toBeInTheDocument();
  });

  it('is opened from the vehicle history with Replay', async () => {
    const user = userEvent.setup();
    const vehicle = await demoVehicle(await storeSignedInUser('Technical-Agent'));
    const app = renderApp(`/agent/clients/${vehicle.userId}/vehicle/${vehicle.id}/history`);

    await user.click(await screen.findByRole('button', { name: 'Replay' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Trip replay' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe(replayPath(vehicle.userId, vehicle.id));
  });

  it("is opened from the vehicle's card with Replay", async () => {
    const user = userEvent.setup();
    const vehicle = await demoVehicle(await storeSignedInUser('Technical-Agent'));
    const app = renderApp(`/agent/clients/${vehicle.userId}/account/view`);

    await user.click(await screen.findByRole('link', { name: `Replay ${vehicle.registrationNumber}` }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Trip replay' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe(replayPath(vehicle.userId, vehicle.id));
  });
});
