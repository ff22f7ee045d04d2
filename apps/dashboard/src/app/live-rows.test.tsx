// Live messages re-render only the rows of the vehicles they name: View account is rendered whole
// (agent area, live connection, the real vehicle cards) against the real api, with the test's own
// hub sending the messages, and each vehicle card wrapped in a Profiler that counts its commits.
// Here, not in features/live: composing the account screen with the vehicle card is the app's job.
import { Profiler } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, LIVE_MESSAGE } from '@sentinel/api-sdk';
import type { Vehicle } from '@sentinel/api-sdk';
import type { AuthorisedUser } from '@sentinel/domain';
import { ViewAccountPage } from '../features/accounts/components/view-account-page';
import { liveConnectionStateAtom } from '../features/live/stores/live-state';
import { VehicleCardContainer } from '../features/vehicle-card/components/vehicle-card-container';
import type { VehicleCardContainerProps } from '../features/vehicle-card/components/vehicle-card-container';
import { apiUrl, storeSignedInUser } from '../test/api';
import { startLiveTestHub } from '../test/live-test-hub';
import type { LiveTestHub } from '../test/live-test-hub';
import { renderApp } from '../test/render-app';
import { AgentArea } from './screens/agent-area';

let live: LiveTestHub;

beforeAll(async () => {
  live = await startLiveTestHub(apiUrl());
});

afterAll(async () => {
  await live.close();
});

/** Commits per vehicle card since the page was rendered. */
const commits = new Map<number, number>();

/** The real vehicle card, its commits counted by a test-only Profiler. */
function CountedVehicleCard(props: VehicleCardContainerProps) {
  const { id } = props.vehicle;
  return (
    <Profiler id={String(id)} onRender={() => commits.set(id, (commits.get(id) ?? 0) + 1)}>
      <VehicleCardContainer {...props} />
    </Profiler>
  );
}

/** The seeded holder with the most vehicles that have a device: the page with the most live cards. */
async function holderWithMostLinkedVehicles(user: AuthorisedUser): Promise<Vehicle[]> {
  let current = user;
  const api = createApiClient({
    baseUrl: apiUrl(),
    session: { get: () => current, set: (next) => (current = next), clear() {} },
  });
  const { items, totalCount } = await api.vehicles.list({ pageSize: 100 });
  if (totalCount > items.length) throw new Error('the demo fleet is one page');
  const byHolder = new Map<number, Vehicle[]>();
  for (const vehicle of items)
    byHolder.set(vehicle.userId, [...(byHolder.get(vehicle.userId) ?? []), vehicle]);
  const linked = (vehicles: readonly Vehicle[]) => vehicles.filter((vehicle) => vehicle.deviceId !== null);
  const [vehicles] = [...byHolder.values()].sort((a, b) => linked(b).length - linked(a).length);
  if (!vehicles || linked(vehicles).length < 2) throw new Error('no holder with two linked vehicles');
  return vehicles;
}

function sendGps(vehicleId: number, latitudeDegrees: number, longitudeDegrees: number): Promise<void> {
  return live.hub.clients.all.send(LIVE_MESSAGE.gpsLocation, {
    vehicleId,
    latitudeDegrees,
    longitudeDegrees,
  });
}

describe('given View account with several live vehicle cards', () => {
  it('re-renders only the card of the vehicle a live message names', async () => {
    const agent = await storeSignedInUser('Technical-Agent');
    const vehicles = await holderWithMostLinkedVehicles(agent);
    const [first, second, ...rest] = vehicles.filter((vehicle) => vehicle.deviceId !== null);
    if (!first || !second) throw new Error('two linked vehicles expected');
    const others = [...rest, ...vehicles.filter((vehicle) => vehicle.deviceId === null)];
    const app = renderApp(`/agent/clients/${first.userId}/account/view`, {
      apiUrl: live.baseUrl,
      routes: [
        {
          element: <AgentArea />,
          children: [
            {
              path: '/agent/clients/:clientId/account/view',
              element: <ViewAccountPage VehicleCard={CountedVehicleCard} />,
            },
          ],
        },
      ],
    });
    for (const vehicle of vehicles) {
      expect(await screen.findByRole('region', { name: vehicle.registrationNumber })).toBeInTheDocument();
    }
    // Everything the page asked for has arrived and the live connection is up: from here on only
    // the hub's messages change anything.
    await waitFor(() => expect(app.store.get(liveConnectionStateAtom)).toBe('Connected'), {
      timeout: 10_000,
    });
    await waitFor(() => expect(app.queryClient.isFetching()).toBe(0), { timeout: 10_000 });
    const before = new Map(commits);
    const since = (vehicle: Vehicle) => (commits.get(vehicle.id) ?? 0) - (before.get(vehicle.id) ?? 0);

    await act(() => sendGps(first.id, -26.1076, 28.0567));
    const firstCard = screen.getByRole('region', { name: first.registrationNumber });
    // The coordinates line (the key-less map panel repeats it).
    expect(
      await within(firstCard).findAllByText('-26.1076, 28.0567', {}, { timeout: 5_000 }),
    ).not.toHaveLength(0);
    expect(since(first)).toBe(1);
    for (const vehicle of [second, ...others]) expect(since(vehicle)).toBe(0);

    // A burst naming the second vehicle and 200 vehicles not on this page: the second card renders,
    // the first and the others do not.
    await act(async () => {
      for (let vehicleId = 100_000; vehicleId < 100_200; vehicleId += 1) {
        await sendGps(vehicleId, -33.9, 18.4);
      }
      await sendGps(second.id, -29.8587, 31.0218);
    });
    const secondCard = screen.getByRole('region', { name: second.registrationNumber });
    expect(
      await within(secondCard).findAllByText('-29.8587, 31.0218', {}, { timeout: 5_000 }),
    ).not.toHaveLength(0);
    expect(since(second)).toBe(1);
    expect(since(first)).toBe(1);
    for (const vehicle of others) expect(since(vehicle)).toBe(0);
  });
});
