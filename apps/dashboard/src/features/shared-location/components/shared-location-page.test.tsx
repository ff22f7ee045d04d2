// The public live-location page through the whole app, signed out, against an api of this file's
// own: a fitted demo device reports two positions and a tamper, an Admin shares the alarm's vehicle,
// and the page shows it; once revoked, or for a token nobody made, it says only that it has expired.
import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, gt } from '@sentinel/api-sdk';
import type { ApiClient } from '@sentinel/api-sdk';
import type { AuthorisedUser, CreatedShareLink } from '@sentinel/domain';
import { startApi } from '@sentinel/testing';
import type { RunningApi } from '@sentinel/testing';
import { demoSignIn } from '../../../test/api';
import { renderApp } from '../../../test/render-app';

let api: RunningApi;
let admin: ApiClient;
let registrationNumber: string;
let link: CreatedShareLink;

beforeAll(async () => {
  api = await startApi();
  let user: AuthorisedUser = await createApiClient({
    baseUrl: api.url,
    session: { get: () => null, set() {}, clear() {} },
  }).auth.signInByEmail(demoSignIn('Admin'));
  admin = createApiClient({
    baseUrl: api.url,
    session: { get: () => user, set: (next) => (user = next), clear() {} },
    validateAnswers: true,
  });
  const [device] = (await admin.devices.list({ filter: gt('vehicleId', 0), pageSize: 1 })).items;
  if (!device?.vehicleId) throw new Error('No fitted demo device');
  const issued = await fetch(`${api.url}/Devices/${device.serialNumber}/IngestKey`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.accessToken}` },
  });
  const { key } = (await issued.json()) as { key: string };
  const report = async (secondsAgo: number, parts: object) => {
    const answer = await fetch(`${api.url}/Devices/${device.serialNumber}/Telemetry`, {
      method: 'POST',
      headers: { authorization: `Device ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ timestamp: new Date(Date.now() - secondsAgo * 1000).toISOString(), ...parts }),
    });
    if (!answer.ok) throw new Error(`Telemetry answered ${answer.status}`);
  };
  await report(60, { latitudeDegrees: -26.1, longitudeDegrees: 28.05 });
  await report(30, { latitudeDegrees: -26.10123, longitudeDegrees: 28.05 });
  await report(5, { tamper: { carBatteryState: 'Normal', gpsState: 'Normal' } });
  const alarm = (await admin.alarms.queue({ tab: 'Open' })).items.find(
    (item) => item.vehicleId === device.vehicleId,
  );
  if (!alarm) throw new Error('No alarm raised');
  registrationNumber = alarm.registrationNumber;
  link = await admin.shareLinks.create(alarm.id, { recipient: 'Armed response', hours: 2 });
}, 60_000);

afterAll(async () => {
  await api?.close();
});

const tokenOf = (made: CreatedShareLink) => made.url.split('/shared/')[1]!;

describe('given a link that works', () => {
  it('shows the vehicle, its latest position and who shared it with whom, without signing in; revoked, only that it has expired', async () => {
    const app = renderApp(`/shared/${tokenOf(link)}`, { apiUrl: api.url });

    expect(await screen.findByRole('heading', { level: 1, name: registrationNumber })).toBeInTheDocument();
    expect(
      screen.getByText(/^Shared with Armed response by Ayanda Dlamini, until \d\d:\d\d\.$/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^Latest position: -26\.10123, 28\.05000 at \d\d:\d\d:\d\d · \d+ km\/h$/),
    ).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Vehicle location' })).toBeInTheDocument();

    await admin.shareLinks.revoke(link.id);
    await app.queryClient.refetchQueries({ queryKey: ['shared-location'] });

    await waitFor(() => expect(screen.getByRole('main')).toHaveTextContent(/^This link has expired$/));
  });
});

describe('given a token nobody made', () => {
  it('says only that the link has expired', async () => {
    renderApp('/shared/not-a-real-token', { apiUrl: api.url });

    await waitFor(() => expect(screen.getByRole('main')).toHaveTextContent(/^This link has expired$/));
  });
});
