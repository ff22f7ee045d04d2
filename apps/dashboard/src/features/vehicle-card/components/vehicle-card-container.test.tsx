import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { and, contains, eq, ne } from '@sentinel/api-sdk';
import type { Vehicle } from '@sentinel/api-sdk';
import type { AuthorisedUser } from '@sentinel/domain';
import { apiUrl, storeSignedInUser, sdk } from '../../../test/api';
import { renderApp } from '../../../test/render-app';

/**
 * Installed demo vehicles (the demo holder's excepted, other screens' tests read them), oldest
 * first, so each test here takes its own vehicle and no two change the same one.
 */
async function installedVehicles(user: AuthorisedUser): Promise<Vehicle[]> {
  const page = await sdk(user).vehicles.list({
    filter: ne('deviceId', null),
    orderBy: [{ field: 'id', direction: 'asc' }],
    pageSize: 100,
  });
  return page.items.filter((vehicle) => vehicle.userEmail !== 'holder@sentinel.demo');
}

async function showCard(vehicle: Vehicle) {
  renderApp(`/agent/clients/${vehicle.userId}/account/view`);
  const section = await screen.findByRole('region', { name: vehicle.registrationNumber });
  // The vehicle card is titled with the nickname, else the make.
  const title = vehicle.nickname?.trim() || vehicle.make;
  await within(section).findByRole('heading', { name: title });
  return section;
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** Lock asks why first: picks the reason (and writes the note) in the dialog and sends it. */
async function lockWithReason(user: ReturnType<typeof userEvent.setup>, reason: string, note?: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Lock the vehicle' });
  await user.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
  await user.click(await screen.findByRole('option', { name: reason }));
  if (note !== undefined) await user.type(within(dialog).getByLabelText(/^Note/), note);
  await user.click(within(dialog).getByRole('button', { name: 'Lock' }));
  return dialog;
}

/** Two fixes 16.7 m and one second apart, the newest a second ago: the vehicle moves at 60 km/h. */
async function driveAt60(admin: AuthorisedUser, serialNumber: string) {
  const keyAnswer = await fetch(`${apiUrl()}/Devices/${serialNumber}/IngestKey`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.accessToken}` },
  });
  const { key } = (await keyAnswer.json()) as { key: string };
  const now = Date.now();
  for (const [secondsAgo, north] of [
    [2, 0],
    [1, 16.7],
  ] as const) {
    const answer = await fetch(`${apiUrl()}/Devices/${serialNumber}/Telemetry`, {
      method: 'POST',
      headers: { authorization: `Device ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        timestamp: new Date(now - secondsAgo * 1000).toISOString(),
        latitudeDegrees: -26.1 + north / 111_195,
        longitudeDegrees: 28.05,
      }),
    });
    if (!answer.ok) throw new Error(`Telemetry answered ${answer.status}`);
  }
}

describe('given an installed vehicle', () => {
  it('shows its device, status info, coordinates, the map panel and the driver to call', async () => {
    const agent = await storeSignedInUser('Technical-Agent');
    const vehicle = (await installedVehicles(agent)).find((item) => item.deviceActive === true);
    if (!vehicle) throw new Error('no active installed vehicle');
    const status = await sdk(agent).devices.statusInfo(vehicle.deviceId ?? 0);
    const card = await showCard(vehicle);

    expect(within(card).getByText(vehicle.deviceSerialNumber ?? '')).toBeInTheDocument();
    expect(await within(card).findByText(status.applicationVersion)).toBeInTheDocument();
    expect(within(card).getByText(status.autoLockEnabledState === 0 ? 'Off' : 'On')).toBeInTheDocument();
    const coordinates = `${vehicle.lastKnownGpsLatitudeDegrees}, ${vehicle.lastKnownGpsLongitudeDegrees}`;
    expect(within(card).getAllByText(coordinates).length).toBeGreaterThan(0);
    // No maps key in the test settings: the map says so and keeps the coordinates.
    expect(within(card).getByText('Map unavailable')).toBeInTheDocument();
    const driver = vehicle.drivers[0];
    expect(within(card).getByRole('link', { name: 'Call driver' })).toHaveAttribute(
      'href',
      `tel:+${driver?.phoneCode}${driver?.phoneNumber}`,
    );
  });
});

describe('given a vehicle whose device is offline', () => {
  // No device asks the test api for commands: every lock waits in the queue. The device's side (the
  // command confirmed, the state changed) is in the api's commands tests and the browser tests.
  it('queues the lock, says so, and cancels it, leaving the lock state as it was', async () => {
    const user = userEvent.setup();
    const agent = await storeSignedInUser('Technical-Agent');
    const vehicle = (await installedVehicles(agent)).filter((item) => item.isLocked !== null)[1];
    if (!vehicle) throw new Error('no vehicle with a lock state');
    const card = await showCard(vehicle);
    const action = vehicle.isLocked ? 'Unlock' : 'Lock';

    await user.click(within(card).getByRole('button', { name: action }));
    if (action === 'Lock') await lockWithReason(user, 'Customer request');

    const queued = `Device offline: the ${action.toLowerCase()} will be sent when it reconnects.`;
    expect(await within(card).findByText(queued)).toBeInTheDocument();
    // Still the old state: only the device's answer changes it.
    expect(within(card).getByRole('button', { name: action })).toBeEnabled();
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(card).queryByText(queued)).not.toBeInTheDocument());
    const [command] = (await sdk(agent).vehicles.commands(vehicle.id, { pageSize: 1 })).items;
    expect(command).toMatchObject({ type: action, status: 'Cancelled' });
    const [after] = (await sdk(agent).vehicles.list({ filter: eq('id', vehicle.id) })).items;
    expect(after?.isLocked).toBe(vehicle.isLocked);
  });
});

describe('given an agent alerting a partner', () => {
  it("says 'Alert sent' and records the callout", async () => {
    const user = userEvent.setup();
    const agent = await storeSignedInUser('Technical-Agent');
    const vehicle = (await installedVehicles(agent))[2];
    if (!vehicle) throw new Error('no vehicle');
    const card = await showCard(vehicle);

    await user.click(within(card).getByRole('button', { name: 'Alert Aura' }));

    expect(await within(card).findByText('Alert sent')).toBeInTheDocument();
    expect(within(card).getByText('Alert')).toBeInTheDocument();
    const [latest] = (await sdk(agent).vehicles.history(vehicle.id, { pageSize: 1 })).items;
    expect(latest?.type).toBe('AuraCallout');
  });
});

describe('given an agent changing the linked device', () => {
  async function openChangeDevice(card: HTMLElement) {
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Change device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Device' });
    return { user, dialog };
  }

  it('searches free devices from 3 characters and links the chosen one', async () => {
    const agent = await storeSignedInUser('Technical-Agent');
    const vehicle = (await installedVehicles(agent))[3];
    if (!vehicle) throw new Error('no vehicle');
    const [free] = (
      await sdk(agent).devices.list({ filter: and(eq('VehicleId', 0), eq('active', true)), pageSize: 1 })
    ).items;
    if (!free) throw new Error('no free device');
    const card = await showCard(vehicle);
    const { user, dialog } = await openChangeDevice(card);
    // Watched, not replaced: every request still reaches the api.
    const requests = vi.spyOn(window, 'fetch');
    const deviceSearches = () =>
      requests.mock.calls
        .map(([input]) => decodeURIComponent(input instanceof Request ? input.url : String(input)))
        .filter((url) => url.includes('/Devices?'));

    await user.type(within(dialog).getByLabelText('New device serial number'), free.serialNumber.slice(0, 6));
    await within(dialog).findByRole('button', { name: free.serialNumber });
    // The dashboard searches once typing pauses: one request for the whole text, none per key.
    expect(deviceSearches()).toHaveLength(1);
    expect(deviceSearches()[0]).toContain(`'${free.serialNumber.slice(0, 6)}'`);
    await user.click(within(dialog).getByRole('button', { name: free.serialNumber }));
    await user.click(within(dialog).getByRole('button', { name: 'Change device' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(card).getByText(free.serialNumber)).toBeInTheDocument();
    const [after] = (await sdk(agent).vehicles.list({ filter: eq('id', vehicle.id) })).items;
    expect(after?.deviceSerialNumber).toBe(free.serialNumber);
  });

  it("alerts the server's message when the change is refused", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const agent = await storeSignedInUser('Technical-Agent');
    const [vehicle, other] = (await installedVehicles(agent)).slice(4, 6);
    if (!vehicle || !other) throw new Error('no vehicles');
    const [free] = (
      await sdk(agent).devices.list({
        filter: and(eq('VehicleId', 0), contains('SerialNumber', 'SNT')),
        pageSize: 1,
      })
    ).items;
    if (!free) throw new Error('no free device');
    const card = await showCard(vehicle);
    const { user, dialog } = await openChangeDevice(card);
    await user.type(within(dialog).getByLabelText('New device serial number'), free.serialNumber);
    await within(dialog).findByRole('button', { name: free.serialNumber });

    // Someone else links that device first.
    await sdk(agent).vehicles.changeLinkedDevice(other.id, {
      currentDeviceSerialNumber: other.deviceSerialNumber ?? '',
      newDeviceSerialNumber: free.serialNumber,
      vehicleNickname: '',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Change device' }));

    const message = `Device ${free.serialNumber} is already linked to another vehicle`;
    await waitFor(() => expect(alert).toHaveBeenCalledWith(message));
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(within(card).getByText(vehicle.deviceSerialNumber ?? '')).toBeInTheDocument();
  });

  it('registers a tracker the search does not find by its IMEI, then links it', async () => {
    const agent = await storeSignedInUser('Technical-Agent');
    const [linkedElsewhere, , , vehicle] = await installedVehicles(agent);
    if (!vehicle?.deviceSerialNumber || !linkedElsewhere?.deviceSerialNumber) throw new Error('no vehicles');
    const imei = '356307049000028';
    const card = await showCard(vehicle);
    const { user, dialog } = await openChangeDevice(card);
    const input = within(dialog).getByLabelText('New device serial number');

    // Fitted to another vehicle: not free, so not found, and already registered.
    await user.type(input, linkedElsewhere.deviceSerialNumber);
    await user.click(
      await within(dialog).findByRole('button', {
        name: `Register device ${linkedElsewhere.deviceSerialNumber}`,
      }),
    );
    expect(
      await within(dialog).findByText('A device with this serial number already exists.'),
    ).toBeInTheDocument();
    expect(input).toBeInvalid();

    await user.clear(input);
    await user.type(input, imei);
    expect(await within(dialog).findByText('Device not found')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: `Register device ${imei}` }));
    expect(await within(dialog).findByRole('button', { name: imei })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Change device' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(card).getByText(imei)).toBeInTheDocument();
    const [after] = (await sdk(agent).vehicles.list({ filter: eq('id', vehicle.id) })).items;
    expect(after?.deviceSerialNumber).toBe(imei);
    // The shared api's other tests meet the vehicle with the device it had.
    await sdk(agent).vehicles.changeLinkedDevice(vehicle.id, {
      currentDeviceSerialNumber: imei,
      newDeviceSerialNumber: vehicle.deviceSerialNumber,
      vehicleNickname: vehicle.nickname ?? '',
    });
  });
});

describe('given a vehicle whose device is inactive', () => {
  it("offers 'Reactivate', which opens the change-device dialog to link a working device", async () => {
    const user = userEvent.setup();
    const agent = await storeSignedInUser('Technical-Agent');
    const vehicle = (await installedVehicles(agent)).find((item) => item.deviceActive === false);
    if (!vehicle) throw new Error('no vehicle with an inactive device');
    const card = await showCard(vehicle);

    expect(within(card).getByText('Inactive')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Reactivate' }));

    expect(await screen.findByRole('dialog', { name: 'Change Device' })).toBeInTheDocument();
  });
});

describe("given a Company-Admin on their company's vehicle", () => {
  it('offers lock and the partner alerts but not Change device, and sends the lock', async () => {
    const user = userEvent.setup();
    const companyAdmin = await storeSignedInUser('Company-Admin');
    // The last of their company's installed vehicles, which the agents' tests here leave alone.
    const vehicle = (await installedVehicles(companyAdmin)).filter((item) => item.isLocked !== null).at(-1);
    if (!vehicle) throw new Error("no installed vehicle in the Company-Admin's company");
    const card = await showCard(vehicle);

    expect(within(card).getByRole('button', { name: /Aura/ })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Change device' })).not.toBeInTheDocument();
    const action = vehicle.isLocked ? 'Unlock' : 'Lock';
    await user.click(within(card).getByRole('button', { name: action }));
    if (action === 'Lock') await lockWithReason(user, 'Test');
    expect(
      await within(card).findByText(
        `Device offline: the ${action.toLowerCase()} will be sent when it reconnects.`,
      ),
    ).toBeInTheDocument();
    const [command] = (await sdk(companyAdmin).vehicles.commands(vehicle.id, { pageSize: 1 })).items;
    expect(command).toMatchObject({ type: action, status: 'Pending' });
  });
});

describe('given an agent locking a vehicle', () => {
  it('asks the reason first, and a note for Other, before sending', async () => {
    const user = userEvent.setup();
    const agent = await storeSignedInUser('Technical-Agent');
    // An unlocked one past those the tests above take (the last few are the Company-Admin's).
    const vehicle = (await installedVehicles(agent)).slice(8, -3).find((item) => item.isLocked === false);
    if (!vehicle) throw new Error('no unlocked vehicle');
    const card = await showCard(vehicle);

    await user.click(within(card).getByRole('button', { name: 'Lock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lock the vehicle' });
    expect(within(dialog).getByRole('button', { name: 'Lock' })).toBeDisabled();
    await lockWithReason(user, 'Other');
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(
      (await sdk(agent).vehicles.commands(vehicle.id, { pageSize: 1 })).items[0]?.lockReason ?? null,
    ).not.toBe('Other');

    await user.type(within(dialog).getByLabelText('Note'), 'Repossession');
    await user.click(within(dialog).getByRole('button', { name: 'Lock' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [command] = (await sdk(agent).vehicles.commands(vehicle.id, { pageSize: 1 })).items;
    expect(command).toMatchObject({ type: 'Lock', lockReason: 'Other', lockNote: 'Repossession' });
  });
});

describe('given a lock of a vehicle moving at 60 km/h', () => {
  it('waits for the vehicle to slow down; another staff member may send it now', async () => {
    const user = userEvent.setup();
    const admin = await storeSignedInUser('Admin');
    const agent = await storeSignedInUser('Technical-Agent');
    const vehicle = (await installedVehicles(agent))[7];
    if (!vehicle?.deviceSerialNumber) throw new Error('no vehicle');
    await driveAt60(admin, vehicle.deviceSerialNumber);
    let card = await showCard(vehicle);

    await user.click(within(card).getByRole('button', { name: vehicle.isLocked ? 'Unlock' : 'Lock' }));
    if (!vehicle.isLocked) await lockWithReason(user, 'Theft in progress');
    else await sdk(agent).vehicles.lock(vehicle.id, { reason: 'TheftInProgress' });

    expect(await screen.findByText('Waiting for the vehicle to slow down')).toBeInTheDocument();
    // The one who asked may not send it at once.
    expect(screen.queryByRole('button', { name: 'Send now' })).not.toBeInTheDocument();

    cleanup();
    await storeSignedInUser('Admin');
    card = await showCard(vehicle);
    await user.click(await screen.findByRole('button', { name: 'Send now' }));
    expect(
      await within(card).findByText('Device offline: the lock will be sent when it reconnects.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Waiting for the vehicle to slow down')).not.toBeInTheDocument();
    const [command] = (await sdk(admin).vehicles.commands(vehicle.id, { pageSize: 1 })).items;
    expect(command).toMatchObject({ type: 'Lock', status: 'Pending', lockReason: 'TheftInProgress' });
  });
});

describe('given an agent arming a vehicle', () => {
  it('arms it from its card, checks a schedule before sending it, saves one and disarms', async () => {
    const user = userEvent.setup();
    const agent = await storeSignedInUser('Technical-Agent');
    // One the tests above leave alone.
    const vehicle = (await installedVehicles(agent))[6];
    if (!vehicle) throw new Error('no vehicle');
    const card = await showCard(vehicle);

    await user.click(within(card).getByRole('button', { name: 'Arm' }));
    expect(await within(card).findByText('Armed')).toBeInTheDocument();
    expect(within(card).getByText(/^Armed since /)).toBeInTheDocument();

    // Watched, not replaced: every request still reaches the api.
    const requests = vi.spyOn(window, 'fetch');
    const scheduleCalls = () =>
      requests.mock.calls
        .map(([input]) => (input instanceof Request ? input.url : String(input)))
        .filter((url) => url.includes('/ArmingSchedule'));
    await user.click(within(card).getByRole('button', { name: 'Arming schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Arming schedule' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Saturday' }));
    const from = within(dialog).getByRole('textbox', { name: 'From' });
    await user.clear(from);
    await user.type(from, '9pm');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(within(dialog).getByText('Enter a time as HH:MM, from 00:00 to 23:59.')).toBeInTheDocument();
    expect(scheduleCalls()).toEqual([]);

    await user.clear(from);
    await user.type(from, '21:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(card).getByText('Sat, 21:00 to 05:00 (next day)')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Disarm' }));
    expect(await within(card).findByText('Not armed')).toBeInTheDocument();
    expect(within(card).queryByText('Armed')).not.toBeInTheDocument();
    const [after] = (await sdk(agent).vehicles.list({ filter: eq('id', vehicle.id) })).items;
    expect(after).toMatchObject({
      armed: false,
      armedSince: null,
      armingSchedule: { days: ['Sat'], from: '21:00', to: '05:00' },
    });
    // The shared api's other tests meet the vehicle as it was: no schedule arms it later.
    await sdk(agent).vehicles.clearArmingSchedule(vehicle.id);
  });
});
