import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq, ne } from '@sentinel/api-sdk';
import type { AuthorisedUser } from '@sentinel/domain';
import { recordingFetch, storeSignedInUser, sdk } from '../../../test/api';
import { renderApp } from '../../../test/render-app';
import { recordSavedFiles } from '../../../test/saved-files';
import type { SavedFile } from '../../../test/saved-files';

/** An installed demo vehicle whose history holds a cancelled tamper alert, and one with no history at all. */
async function demoVehicles(user: AuthorisedUser) {
  const api = sdk(user);
  const installed = (await api.vehicles.list({ filter: ne('deviceId', null), pageSize: 100 })).items;
  let withCancelled: (typeof installed)[number] | undefined;
  for (const vehicle of installed) {
    // Within the page the screen loads first: the Cancelled Alerts card reads the loaded entries.
    const entries = (await api.vehicles.history(vehicle.id, { pageSize: 20 })).items;
    if (entries.some((entry) => entry.tamperCancelled === true)) {
      withCancelled = vehicle;
      break;
    }
  }
  const [empty] = (await api.vehicles.list({ filter: eq('onBoardingStatus', 'Scheduled'), pageSize: 1 }))
    .items;
  if (!withCancelled || !empty) throw new Error('demo data lacks the vehicles these tests need');
  return { withCancelled, empty, api };
}

// jsdom's Blob has no text(); FileReader reads it as a browser would.
function readText(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!blob) return reject(new Error('nothing saved'));
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

const historyPath = (clientId: number, vehicleId: number) =>
  `/agent/clients/${clientId}/vehicle/${vehicleId}/history`;

let saved: SavedFile[];
beforeEach(() => {
  // jsdom has no layout: give the list's scroll area 500 px and every row 50 px, so the virtual list
  // renders what a browser would (10 rows in view plus its overscan).
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(500);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(50);
  saved = recordSavedFiles();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('given a vehicle with history', () => {
  it('lists the entries newest first, en-ZA dated, under the title, with the Cancelled Alerts card', async () => {
    const user = await storeSignedInUser('Technical-Agent');
    const { withCancelled, api } = await demoVehicles(user);
    const expected = await api.vehicles.history(withCancelled.id);
    renderApp(historyPath(withCancelled.userId, withCancelled.id));

    expect(await screen.findByRole('heading', { level: 1, name: 'Vehicle history' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'History' });
    const items = within(list).getAllByRole('listitem');
    const times = items.map((item) => item.querySelector('time')?.getAttribute('datetime'));
    expect(times.length).toBeGreaterThan(0);
    expect(times).toEqual(expected.items.slice(0, times.length).map((entry) => entry.dateTime));
    expect(items[0]).toHaveAttribute('aria-setsize', String(Math.min(expected.totalCount, 20)));
    expect(screen.getByRole('heading', { name: 'Cancelled Alerts' })).toBeInTheDocument();
    expect(screen.queryByText('No history')).not.toBeInTheDocument();
  });

  it('loads older entries, a page at a time, as the list is scrolled to its end', async () => {
    const user = await storeSignedInUser('Technical-Agent');
    const api = sdk(user);
    // The newest installed vehicle, given more than a page of history through partner callouts.
    const [vehicle] = (
      await api.vehicles.list({
        filter: ne('deviceId', null),
        orderBy: [{ field: 'id', direction: 'desc' }],
        pageSize: 1,
      })
    ).items;
    if (!vehicle) throw new Error('no installed vehicle');
    let { totalCount } = await api.vehicles.history(vehicle.id, { pageSize: 1 });
    for (; totalCount <= 25; totalCount += 1) await api.vehicles.alertCapitalAir(vehicle.id);
    const long = { vehicle, totalCount };
    const older = (await api.vehicles.history(long.vehicle.id, { pageIndex: 1, pageSize: 20 })).items;
    const recorder = recordingFetch();
    renderApp(historyPath(long.vehicle.userId, long.vehicle.id), { fetch: recorder.fetch });

    const list = await screen.findByRole('list', { name: 'History' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', '20');
    const scroller = list.parentElement as HTMLElement;
    Object.defineProperty(scroller, 'scrollTop', { value: 20 * 62, configurable: true });
    fireEvent.scroll(scroller);

    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')[0]).toHaveAttribute(
        'aria-setsize',
        String(Math.min(long.totalCount, 40)),
      ),
    );
    const times = within(list)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('time')?.getAttribute('datetime'));
    expect(times).toEqual(expect.arrayContaining([older[0]?.dateTime]));
    const pages = recorder.requests.filter((request) =>
      request.includes(`/Vehicles/${long.vehicle.id}/History?`),
    );
    expect(pages).toHaveLength(2);
  });

  it("saves the server's CSV as 'Vehicle-{vehicleId}-history.csv'", async () => {
    const user = userEvent.setup();
    const agent = await storeSignedInUser('Technical-Agent');
    const { withCancelled } = await demoVehicles(agent);
    renderApp(historyPath(withCancelled.userId, withCancelled.id));

    const download = await screen.findByRole('button', { name: 'Download history' });
    await waitFor(() => expect(download).toBeEnabled());
    await user.click(download);

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.fileName).toBe(`Vehicle-${withCancelled.id}-history.csv`);
    const lines = (await readText(saved[0]?.blob)).split(/\r?\n/).filter(Boolean);
    expect(lines.length).toBeGreaterThan(1);
  });
});

describe('given a vehicle without history', () => {
  it("says 'No history' and disables the download", async () => {
    const user = await storeSignedInUser('Admin');
    const { empty } = await demoVehicles(user);
    renderApp(historyPath(empty.userId, empty.id));

    expect(await screen.findByText('No history')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download history' })).toBeDisabled();
    expect(screen.queryByRole('heading', { name: 'Cancelled Alerts' })).not.toBeInTheDocument();
  });
});

describe('while the history loads', () => {
  it('shows a spinner', async () => {
    const user = await storeSignedInUser('Admin');
    const { withCancelled } = await demoVehicles(user);
    renderApp(historyPath(withCancelled.userId, withCancelled.id));

    expect(await screen.findByRole('status', { name: 'Loading history' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'History' });
    expect(screen.queryByRole('status', { name: 'Loading history' })).not.toBeInTheDocument();
  });
});

describe('given an unknown vehicle', () => {
  it('keeps the failure to itself: no list, no empty message', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await storeSignedInUser('Admin');
    renderApp(historyPath(1, 987654));

    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.getByRole('heading', { level: 1, name: 'Vehicle history' })).toBeInTheDocument();
    expect(screen.queryByText('No history')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'History' })).not.toBeInTheDocument();
  });
});
