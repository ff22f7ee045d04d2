import type { HubConnection } from '@microsoft/signalr';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_MESSAGE, ONBOARDING_STATUS, ROLE } from '@sentinel/domain';
import type { FitmentCenter, Page, Vehicle, VehicleOnboardingStatusMessage } from '@sentinel/domain';
import { hubConnection, nextMessage, signIn, startApi, stopApi } from './test-support';
import type { RunningApi } from './test-support';

let api: RunningApi;
const open: HubConnection[] = [];

async function connect(accessToken: string): Promise<HubConnection> {
  const connection = hubConnection(api.url, accessToken);
  open.push(connection);
  await connection.start();
  return connection;
}

function call(method: 'GET' | 'POST' | 'PUT', path: string, accessToken: string, body?: object) {
  return fetch(`${api.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** A weekday at least two days ahead, 'YYYY-MM-DD' (UTC), so the booking rules accept it. */
function nextTuesday(): string {
  const date = new Date(Date.now() + 2 * 86_400_000);
  while (date.getUTCDay() !== 2) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

beforeAll(async () => {
  api = await startApi();
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.stop()));
});

afterAll(async () => {
  await stopApi(api);
});

describe('given two agents connected to /DefaultHub', () => {
  it('sends VehicleOnboardingStatusMessage to the other agent when one books, then cancels, an installation', async () => {
    const booker = (await signIn(api.url, ROLE.technicalAgent)).accessToken;
    const watcher = (await signIn(api.url, ROLE.admin)).accessToken;
    const connection = await connect(watcher);

    const pending = await call(
      'GET',
      `/Vehicles?$filter=${encodeURIComponent(`onBoardingStatus eq '${ONBOARDING_STATUS.bookingPending}'`)}`,
      booker,
    );
    const [vehicle] = ((await pending.json()) as Page<Vehicle>).items;
    expect(vehicle).toBeDefined();
    const centres = (
      (await (await call('GET', '/FitmentCenters', booker)).json()) as { items: FitmentCenter[] }
    ).items;
    const centre = centres.find((candidate) => candidate.active)!;
    const forVehicle = (message: VehicleOnboardingStatusMessage) => message.vehicleId === vehicle!.id;

    const at = `${nextTuesday()}T06:00:00.000Z`;
    const scheduled = nextMessage(connection, LIVE_MESSAGE.onboardingStatus, forVehicle);
    const booked = await call('POST', '/InstallationBookings', booker, {
      vehicleId: vehicle!.id,
      fitmentCenterId: centre.id,
      installationUtcDateTime: at,
      onboardingExistingClient: false,
    });
    expect(booked.status, await booked.clone().text()).toBe(200);
    expect(await scheduled).toEqual({
      vehicleId: vehicle!.id,
      onBoardingStatus: ONBOARDING_STATUS.scheduled,
    });

    const { id: bookingId } = (await booked.json()) as { id: number };
    const backToPending = nextMessage(connection, LIVE_MESSAGE.onboardingStatus, forVehicle);
    const cancelled = await call('PUT', `/InstallationBookings/${bookingId}`, booker, {
      active: false,
      fitmentCenterId: centre.id,
      installationUtcDateTime: at,
    });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    expect(await backToPending).toEqual({
      vehicleId: vehicle!.id,
      onBoardingStatus: ONBOARDING_STATUS.bookingPending,
    });
  });
});
