import { Profiler } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORISED_USER_KEY, BADGE, HISTORY_TYPE } from '@sentinel/domain';
import type { AuthorisedUser } from '@sentinel/domain';
import { createApiClient, DEFAULT_APP_SETTINGS, eq, LIVE_MESSAGE, ne } from '@sentinel/api-sdk';
import type { DeviceTamperMessage, LiveLogger, Page, Vehicle } from '@sentinel/api-sdk';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { ApiClientProvider, useApiClient } from '../../../lib/api-client';
import { AppSettingsProvider } from '../../../lib/app-settings';
import { createQueryClient } from '@sentinel/screens/query-client';
import { vehicleKeys, vehicleQuery } from '../../../lib/server-cache';
import { authorisedUserAtom, createSessionStore, hydrateSession } from '../../../lib/session';
import type { JotaiStore } from '../../../lib/session';
import { vehicleBadge } from '../../../lib/vehicle-live/live-vehicle';
import { apiUrl, storeSignedInUser } from '../../../test/api';
import { startLiveTestHub } from '../../../test/live-test-hub';
import type { LiveTestHub } from '../../../test/live-test-hub';
import type { HubContext } from '@sentinel/signalr-hub';
import { renderApp } from '../../../test/render-app';
import { liveConnectionStateAtom } from '../stores/live-state';
import { LiveProvider } from './live-provider';

let live: LiveTestHub;
// The newest connection the hub accepted, so a test can drop it.
let newestConnection: HubContext | undefined;
// A vehicle with a device as the api lists it, unlocked and without alerts: the probes' vehicles are
// it under other ids, cached before the messages that name them come.
let listed: Vehicle;

beforeAll(async () => {
  let user = await storeSignedInUser('Technical-Agent');
  const api = createApiClient({
    baseUrl: apiUrl(),
    session: { get: () => user, set: (next) => (user = next), clear() {} },
  });
  const [first] = (await api.vehicles.list({ filter: ne('deviceId', null), pageSize: 1 })).items;
  if (!first) throw new Error('no vehicle with a device');
  listed = {
    ...first,
    isLocked: false,
    tamperActive: false,
    latestHistoryType: HISTORY_TYPE.lockState,
    latestHistoryIsLocked: false,
    carBatteryVolts: 12.6,
    deviceBatteryPercent: 90,
    lastKnownGpsLatitudeDegrees: null,
    lastKnownGpsLongitudeDegrees: null,
  };
  live = await startLiveTestHub(apiUrl());
  live.hub.onConnected((context) => {
    newestConnection = context;
  });
});

afterAll(async () => {
  await live.close();
});

function recordingLogger(): LiveLogger & { errors: unknown[][] } {
  const errors: unknown[][] = [];
  return { errors, error: (...args) => errors.push(args), warn: () => undefined };
}

/** A vehicle as a card shows it, read from its query: lock state, badge, pin and position. */
function VehicleProbe({ vehicleId }: { vehicleId: number }) {
  const { data: vehicle } = useQuery(vehicleQuery(useApiClient(), vehicleId));
  if (!vehicle) return null;
  return (
    <article aria-label={`Vehicle ${vehicleId}`}>
      <p>Badge: {vehicleBadge(vehicle).label}</p>
      <p>{vehicle.isLocked ? 'Unlock' : 'Lock'}</p>
      <p>Pin: {vehicle.tamperActive ? 'alert' : 'normal'}</p>
      <p>
        Position: {vehicle.lastKnownGpsLatitudeDegrees ?? '-'}, {vehicle.lastKnownGpsLongitudeDegrees ?? '-'}
      </p>
    </article>
  );
}

type CachedVehicle = Pick<Vehicle, 'id'> & Partial<Vehicle>;

function renderWithLive(
  children: React.ReactNode,
  { logger = recordingLogger(), vehicles = [] }: { logger?: LiveLogger; vehicles?: CachedVehicle[] } = {},
): JotaiStore {
  const store = createStore();
  const queryClient = createQueryClient();
  // The listed vehicle under these ids, cached as their detail queries would hold them.
  for (const vehicle of vehicles) {
    queryClient.setQueryData(vehicleKeys.detail(vehicle.id), { ...listed, ...vehicle });
  }
  hydrateSession(store);
  const client = createApiClient({
    baseUrl: live.baseUrl,
    session: createSessionStore(store),
    onLogout: () => store.set(authorisedUserAtom, null),
  });
  render(
    <Provider store={store}>
      <AppSettingsProvider settings={{ ...DEFAULT_APP_SETTINGS, baseURL: live.baseUrl }}>
        <ApiClientProvider client={client}>
          <QueryClientProvider client={queryClient}>
            <LiveProvider logger={logger}>{children}</LiveProvider>
          </QueryClientProvider>
        </ApiClientProvider>
      </AppSettingsProvider>
    </Provider>,
  );
  return store;
}

async function connected(store: JotaiStore): Promise<void> {
  // Negotiation and the WebSocket take their time on a loaded machine.
  await waitFor(() => expect(store.get(liveConnectionStateAtom)).toBe('Connected'), { timeout: 10_000 });
  await waitFor(() => expect(live.hub.connectionCount).toBe(1), { timeout: 10_000 });
}

function send(target: string, message: object): Promise<void> {
  return act(() => live.hub.clients.all.send(target, message));
}

const tamperOn = (vehicleId: number, tamperActive = true): DeviceTamperMessage => ({
  vehicleId,
  tamperActive,
  tamperCancelled: !tamperActive,
  tamperCarBatteryState: 'Disconnected',
  tamperGpsState: 'Jammed',
  dateTime: '2026-03-01T08:15:00Z',
  latitudeDegrees: -33.9249,
  longitudeDegrees: 18.4241,
});

describe('given a signed-in staff member', () => {
  it('connects, and GPS, lock and tamper messages update the vehicle on screen', async () => {
    await storeSignedInUser('Technical-Agent');
    const store = renderWithLive(<VehicleProbe vehicleId={7} />, { vehicles: [{ id: 7 }] });
    await connected(store);
    const card = screen.getByRole('article', { name: 'Vehicle 7' });
    expect(within(card).getByText('Badge: Unlocked')).toBeInTheDocument();

    await send(LIVE_MESSAGE.gpsLocation, {
      vehicleId: 7,
      latitudeDegrees: -26.2041,
      longitudeDegrees: 28.0473,
    });
    expect(await within(card).findByText('Position: -26.2041, 28.0473')).toBeInTheDocument();

    await send(LIVE_MESSAGE.lockUnlock, { vehicleId: 7, locked: true });
    expect(await within(card).findByText('Badge: Locked!')).toBeInTheDocument();
    expect(within(card).getByText('Unlock')).toBeInTheDocument();
    // Merged, not replaced: the position is still there.
    expect(within(card).getByText('Position: -26.2041, 28.0473')).toBeInTheDocument();

    await send(LIVE_MESSAGE.tamper, tamperOn(7));
    expect(await within(card).findByText(`Badge: ${BADGE.alert.label}`)).toBeInTheDocument();
    expect(within(card).getByText('Pin: alert')).toBeInTheDocument();
    expect(within(card).getByText('Unlock')).toBeInTheDocument();
  });

  it('writes battery messages into the vehicle, whose badge warns of a low battery and clears again', async () => {
    await storeSignedInUser('Technical-Agent');
    const store = renderWithLive(<VehicleProbe vehicleId={8} />, { vehicles: [{ id: 8 }] });
    await connected(store);
    const card = screen.getByRole('article', { name: 'Vehicle 8' });
    expect(within(card).getByText('Badge: Unlocked')).toBeInTheDocument();

    await send(LIVE_MESSAGE.battery, { vehicleId: 8, carBatteryVolts: 11.4, deviceBatteryPercent: 90 });
    expect(await within(card).findByText(`Badge: ${BADGE.lowCarBattery.label}`)).toBeInTheDocument();

    await send(LIVE_MESSAGE.battery, { vehicleId: 8, carBatteryVolts: 12.7, deviceBatteryPercent: 15 });
    expect(await within(card).findByText(`Badge: ${BADGE.lowDeviceBattery.label}`)).toBeInTheDocument();

    // A battery never reported is no warning.
    await send(LIVE_MESSAGE.battery, { vehicleId: 8, carBatteryVolts: 12.7, deviceBatteryPercent: null });
    expect(await within(card).findByText('Badge: Unlocked')).toBeInTheDocument();
  });

  it('re-renders only the vehicle a message is about', async () => {
    await storeSignedInUser('Admin');
    const first = { count: 0 };
    const second = { count: 0 };
    const store = renderWithLive(
      <>
        {/* A Profiler reports each render of its subtree that React commits. */}
        <Profiler id="first" onRender={() => (first.count += 1)}>
          <VehicleProbe vehicleId={1} />
        </Profiler>
        <Profiler id="second" onRender={() => (second.count += 1)}>
          <VehicleProbe vehicleId={2} />
        </Profiler>
      </>,
      { vehicles: [{ id: 1 }, { id: 2 }] },
    );
    await connected(store);
    const secondBefore = second.count;
    const firstBefore = first.count;

    await send(LIVE_MESSAGE.gpsLocation, {
      vehicleId: 1,
      latitudeDegrees: -29.8587,
      longitudeDegrees: 31.0218,
    });
    await screen.findByText('Position: -29.8587, 31.0218');
    await send(LIVE_MESSAGE.lockUnlock, { vehicleId: 1, locked: true });
    await within(screen.getByRole('article', { name: 'Vehicle 1' })).findByText('Badge: Locked!');

    expect(first.count).toBe(firstBefore + 2);
    expect(second.count).toBe(secondBefore);
  });

  it('shows a standing tamper alert as a notice naming the vehicle, until dismissed', async () => {
    const user = userEvent.setup();
    await storeSignedInUser('Admin');
    const store = renderWithLive(<VehicleProbe vehicleId={12} />, {
      vehicles: [{ id: 12, registrationNumber: 'CA 123-456', nickname: 'Bakkie' }],
    });
    await connected(store);
    expect(screen.getByRole('article', { name: 'Vehicle 12' })).toBeInTheDocument();

    await send(LIVE_MESSAGE.tamper, tamperOn(12));
    await send(LIVE_MESSAGE.tamper, tamperOn(99));

    const notices = screen.getByRole('region', { name: 'Live alerts (F8)' });
    await waitFor(() => expect(within(notices).getAllByRole('listitem')).toHaveLength(2));
    const items = within(notices).getAllByRole('listitem');
    // Oldest at the top of the stack; a vehicle no list has shown is named by its id.
    expect(items[0]).toHaveTextContent('Tamper alert: Bakkie (CA 123-456)');
    expect(items[0]).toHaveTextContent('Raised 01 Mar, 10:15 · Car battery: Disconnected · GPS: Jammed');
    expect(items[1]).toHaveTextContent('Tamper alert: Vehicle 99');

    await user.click(screen.getByRole('button', { name: 'Dismiss Tamper alert: Bakkie (CA 123-456)' }));
    await waitFor(() => expect(within(notices).getAllByRole('listitem')).toHaveLength(1));

    // A cancelled alert takes its notice away.
    await send(LIVE_MESSAGE.tamper, tamperOn(99, false));
    await waitFor(() => expect(within(notices).queryAllByRole('listitem')).toHaveLength(0));
  });

  it('stops the connection on logout, and no later message reaches the screen', async () => {
    await storeSignedInUser('Admin');
    const store = renderWithLive(<VehicleProbe vehicleId={4} />, { vehicles: [{ id: 4 }] });
    await connected(store);
    await send(LIVE_MESSAGE.lockUnlock, { vehicleId: 4, locked: true });
    await screen.findByText('Badge: Locked!');

    act(() => store.set(authorisedUserAtom, null));

    await waitFor(() => expect(live.hub.connectionCount).toBe(0));
    expect(store.get(liveConnectionStateAtom)).toBe('Disconnected');
    await send(LIVE_MESSAGE.lockUnlock, { vehicleId: 4, locked: false });
    expect(screen.getByText('Badge: Locked!')).toBeInTheDocument();
  });
});

describe('given no signed-in user', () => {
  it('does not connect until someone signs in', async () => {
    const store = renderWithLive(<VehicleProbe vehicleId={5} />, { vehicles: [{ id: 5 }] });
    // render() has run the provider's effect; a start would have announced 'Connecting' at once.
    expect(store.get(liveConnectionStateAtom)).toBe('Disconnected');
    expect(live.hub.connectionCount).toBe(0);

    const user = await storeSignedInUser('Admin');
    act(() => store.set(authorisedUserAtom, user));

    await connected(store);
  });
});

describe('given a token the hub refuses', () => {
  it('logs the connection error and shows nothing', async () => {
    const stored = await storeSignedInUser('Admin');
    const [header, payload, signature = ''] = stored.accessToken.split('.');
    const forged = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    localStorage.setItem(AUTHORISED_USER_KEY, JSON.stringify({ ...stored, accessToken: forged }));
    const logger = recordingLogger();
    const store = renderWithLive(<VehicleProbe vehicleId={6} />, { logger, vehicles: [{ id: 6 }] });

    await waitFor(() => expect(logger.errors.length).toBeGreaterThan(0));
    await waitFor(() => expect(store.get(liveConnectionStateAtom)).toBe('Disconnected'));
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Badge: Unlocked')).toBeInTheDocument();
  });
});

describe('the agent layout', () => {
  it('connects after sign-in, shows tamper notices over the content, and disconnects on Logout', async () => {
    const user = userEvent.setup();
    await storeSignedInUser('Admin');
    const app = renderApp('/agent/clients/all', { apiUrl: live.baseUrl });
    await connected(app.store);

    await send(LIVE_MESSAGE.tamper, tamperOn(21));
    const notices = screen.getByRole('region', { name: 'Live alerts (F8)' });
    expect(await within(notices).findByText('Tamper alert: Vehicle 21')).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(notices);

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(live.hub.connectionCount).toBe(0));
    expect(app.store.get(liveConnectionStateAtom)).toBe('Disconnected');
  });
});

/** The demo holder's first vehicle with a device and a known lock state, and the holder's id. */
async function demoLockableVehicle(user: AuthorisedUser) {
  let session = user;
  const api = createApiClient({
    baseUrl: apiUrl(),
    session: { get: () => session, set: (next) => (session = next), clear() {} },
  });
  const [holder] = (await api.users.list({ filter: eq('email', 'holder@sentinel.demo') })).items;
  const vehicle = (await api.vehicles.list({ filter: eq('userId', holder?.id ?? 0) })).items.find(
    (item) => item.deviceId !== null && item.isLocked !== null,
  );
  if (!holder || !vehicle) throw new Error('no demo vehicle with a lock state');
  return {
    holderId: holder.id,
    vehicle,
    // What the card's lock button offers for the server's state, and for the opposite live one.
    serverAction: vehicle.isLocked ? 'Unlock' : 'Lock',
    liveAction: vehicle.isLocked ? 'Lock' : 'Unlock',
  };
}

describe('given a live lock message about a cached vehicle', () => {
  it('writes the lock state into every cached query that holds the vehicle, which the card shows', async () => {
    const { holderId, vehicle, serverAction, liveAction } = await demoLockableVehicle(
      await storeSignedInUser('Admin'),
    );
    const app = renderApp(`/agent/clients/${holderId}/account/view`, { apiUrl: live.baseUrl });
    const section = await screen.findByRole('region', { name: vehicle.registrationNumber });
    expect(await within(section).findByRole('button', { name: serverAction })).toBeInTheDocument();
    // The same vehicle cached once more on its own, as the installation screen holds it.
    app.queryClient.setQueryData(vehicleKeys.detail(vehicle.id), vehicle);
    await connected(app.store);

    // Only the hub says so here; in service the device's confirmation sends it.
    await send(LIVE_MESSAGE.lockUnlock, { vehicleId: vehicle.id, locked: !vehicle.isLocked });

    expect(await within(section).findByRole('button', { name: liveAction })).toBeInTheDocument();
    const listed = app.queryClient
      .getQueryData<Page<Vehicle>>(vehicleKeys.byOwner(holderId))
      ?.items.find((item) => item.id === vehicle.id);
    expect(listed?.isLocked).toBe(!vehicle.isLocked);
    expect(app.queryClient.getQueryData<Vehicle>(vehicleKeys.detail(vehicle.id))?.isLocked).toBe(
      !vehicle.isLocked,
    );
  });

  it('asks the server again after a reconnect, when messages may have been missed', async () => {
    const { holderId, vehicle, serverAction, liveAction } = await demoLockableVehicle(
      await storeSignedInUser('Admin'),
    );
    const app = renderApp(`/agent/clients/${holderId}/account/view`, { apiUrl: live.baseUrl });
    const section = await screen.findByRole('region', { name: vehicle.registrationNumber });
    await connected(app.store);
    await send(LIVE_MESSAGE.lockUnlock, { vehicleId: vehicle.id, locked: !vehicle.isLocked });
    expect(await within(section).findByRole('button', { name: liveAction })).toBeInTheDocument();
    const states: string[] = [];
    const unsubscribe = app.store.sub(liveConnectionStateAtom, () =>
      states.push(app.store.get(liveConnectionStateAtom)),
    );

    act(() => newestConnection?.close({ allowReconnect: true }));

    await waitFor(() => expect(states).toEqual(['Reconnecting', 'Connected']), { timeout: 10_000 });
    unsubscribe();
    expect(await within(section).findByRole('button', { name: serverAction })).toBeInTheDocument();
  });
});

describe('given a live arming message about a cached vehicle', () => {
  it('writes armed, armedSince and the schedule into every cached query that holds the vehicle, which the card shows', async () => {
    const { holderId, vehicle } = await demoLockableVehicle(await storeSignedInUser('Admin'));
    const app = renderApp(`/agent/clients/${holderId}/account/view`, { apiUrl: live.baseUrl });
    const section = await screen.findByRole('region', { name: vehicle.registrationNumber });
    // Whatever the shared api holds for it now: only the hub speaks below.
    expect(await within(section).findByRole('button', { name: 'Arming schedule' })).toBeInTheDocument();
    app.queryClient.setQueryData(vehicleKeys.detail(vehicle.id), vehicle);
    await connected(app.store);
    const schedule = { days: ['Fri', 'Sat'], from: '22:00', to: '05:00' } as const;

    // Another agent, or the owner's mobile app, armed it by its schedule.
    await send(LIVE_MESSAGE.arming, {
      vehicleId: vehicle.id,
      armed: true,
      armedSince: null,
      armingSchedule: schedule,
    });

    expect(await within(section).findByText('Armed by schedule')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Disarm' })).toBeInTheDocument();
    const listed = app.queryClient
      .getQueryData<Page<Vehicle>>(vehicleKeys.byOwner(holderId))
      ?.items.find((item) => item.id === vehicle.id);
    expect(listed).toMatchObject({ armed: true, armedSince: null, armingSchedule: schedule });
    expect(app.queryClient.getQueryData<Vehicle>(vehicleKeys.detail(vehicle.id))).toMatchObject({
      armed: true,
      armedSince: null,
      armingSchedule: schedule,
    });

    await send(LIVE_MESSAGE.arming, {
      vehicleId: vehicle.id,
      armed: false,
      armedSince: null,
      armingSchedule: null,
    });
    expect(await within(section).findByText('Not armed')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Arm' })).toBeInTheDocument();
  });
});
