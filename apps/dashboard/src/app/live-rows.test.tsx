// Live messages re-render only the rows of the vehicles they name: View account is rendered whole
// (agent area, live connection, the real vehicle cards) against the real api, with the test's own
// hub sending the messages, and each vehicle card wrapped in a Profiler that counts its commits.
// Here, not in features/live: composing the account screen with the vehicle card is the app's job.
import { Profiler } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, eq, LIVE_MESSAGE } from '@sentinel/api-sdk';
import type { Vehicle } from '@sentinel/api-sdk';
import type { AuthorisedUser, UserListFields, VehicleListFields } from '@sentinel/domain';
import { ViewAccountPage } from '../features/accounts/components/view-account-page';
import { liveConnectionStateAtom } from '../features/live/stores/live-state';
import { VehicleCardContainer } from '../features/vehicle-card/components/vehicle-card-container';
import type { VehicleCardContainerProps } from '../features/vehicle-card/components/vehicle-card-container';
import { apiUrl, demoSignIn, storeSignedInUser } from '../test/api';
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

/** Commits per vehicle card since the page was rendered, and when the newest was. */
const commits = new Map<number, number>();
let lastCommitAt = 0;

/** The real vehicle card, its commits counted by a test-only Profiler. */
function CountedVehicleCard(props: VehicleCardContainerProps) {
  const { id } = props.vehicle;
  return (
    <Profiler
      id={String(id)}
      onRender={() => {
        commits.set(id, (commits.get(id) ?? 0) + 1);
        lastCommitAt = performance.now();
      }}
    >
      <VehicleCardContainer {...props} />
    </Profiler>
  );
}

/**
 * The demo Account-Holder's vehicles (two with a device): a seeded account other test files leave
 * as it is, where a search over the whole fleet would meet what they add.
 */
async function demoHolderVehicles(user: AuthorisedUser): Promise<Vehicle[]> {
  let current = user;
  const api = createApiClient({
    baseUrl: apiUrl(),
    session: { get: () => current, set: (next) => (current = next), clear() {} },
  });
  const { email } = demoSignIn('Account-Holder');
  const [holder] = (await api.users.list({ filter: eq<UserListFields>('email', email) })).items;
  if (!holder) throw new Error('no demo Account-Holder');
  return (await api.vehicles.list({ filter: eq<VehicleListFields>('userId', holder.id) })).items;
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
    const vehicles = await demoHolderVehicles(agent);
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
    // The cards' own requests (device status, commands) start as they mount and land one by one:
    // the page has settled once no card has rendered for a second.
    await waitFor(() => expect(performance.now() - lastCommitAt).toBeGreaterThan(1_000), {
      timeout: 15_000,
    });
    const before = new Map(commits);
    const since = (vehicle: Vehicle) => (commits.get(vehicle.id) ?? 0) - (before.get(vehicle.id) ?? 0);

    await act(() => sendGps(first.id, -26.1076, 28.0567));
    const firstCard = screen.getByRole('region', { name: first.registrationNumber });
    // The coordinates line (the key-less map panel repeats it).
    expect(
      await within(firstCard).findAllByText('-26.1076, 28.0567', {}, { timeout: 5_000 }),
    ).not.toHaveLength(0);
    // The card renders for its fix (a card whose position appears for the first time may render
    // once more as its map mounts); no other card does.
    expect(since(first)).toBeGreaterThanOrEqual(1);
    // That second render may come late on a busy machine: the card settles before it is counted.
    await waitFor(() => expect(performance.now() - lastCommitAt).toBeGreaterThan(500), { timeout: 10_000 });
    for (const vehicle of [second, ...others]) expect(since(vehicle)).toBe(0);
    const firstRenders = since(first);

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
    expect(since(second)).toBeGreaterThanOrEqual(1);
    expect(since(first)).toBe(firstRenders);
    for (const vehicle of others) expect(since(vehicle)).toBe(0);
  });
});
