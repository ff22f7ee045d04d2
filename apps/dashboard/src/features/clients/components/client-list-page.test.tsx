import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq, gt, NetworkError } from '@sentinel/api-sdk';
import { apiUrl, deadUrl, recordingFetch, repeated, storeSignedInUser, sdk } from '../../../test/api';
import { startLiveTestHub } from '../../../test/live-test-hub';
import type { LiveTestHub } from '../../../test/live-test-hub';
import { pasteInto } from '../../../test/paste-into';
import { renderApp } from '../../../test/render-app';

const ACTIVE = and(eq('role', 'Account-Holder'), gt('totalNumberOfVehiclesWithDevice', 0));

// The list is opened through a live hub of its own in front of the real api. On the api's own hub,
// every vehicle that other test files move between onboarding stages meanwhile makes the open list
// ask again (and re-render), and may put another client of the same name at its top.
let live: LiveTestHub;
beforeAll(async () => {
  live = await startLiveTestHub(apiUrl());
});
afterAll(async () => {
  await live.close();
});

function openList(path: string, options: { fetch?: typeof fetch } = {}) {
  return renderApp(path, { apiUrl: live.baseUrl, ...options });
}

// jsdom has no layout: give the list's scroll area 500 px and every row 50 px, so the virtual list
// renders what a browser would (10 rows in view plus its overscan).
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(500);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(50);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const results = () => screen.findByRole('list', { name: 'Results' });
const rowHeadings = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((row) => within(row).getAllByRole('heading')[0]?.textContent);

describe('given an agent on the client list', () => {
  it("shows 'Clients' with four tabs, active clients first: account holders with a device, newest first", async () => {
    const agent = await storeSignedInUser('Technical-Agent');
    const expected = await sdk(agent).users.list({
      filter: ACTIVE,
      orderBy: [{ field: 'createdOnDateTime', direction: 'desc' }],
      pageSize: 20,
    });
    openList('/agent/clients/all');

    expect(await screen.findByRole('heading', { level: 1, name: 'Clients' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Active clients',
      'Booking pending',
      'No vehicles',
      'Scheduled',
    ]);
    expect(screen.getByRole('tab', { name: 'Active clients' })).toHaveAttribute('aria-selected', 'true');
    const list = await results();
    const shown = rowHeadings(list);
    // Only the rows in view (and a few beyond) are in the page.
    expect(shown.length).toBeLessThan(expected.items.length);
    expect(shown).toEqual(
      expected.items.slice(0, shown.length).map((user) => `${user.firstName} ${user.lastName}`),
    );
    expect(within(list).getAllByRole('listitem')[0]).toHaveAttribute(
      'aria-setsize',
      String(expected.items.length),
    );
  });

  it('loads the next page as the list is scrolled to its end', async () => {
    const agent = await storeSignedInUser('Technical-Agent');
    const { totalCount } = await sdk(agent).users.list({ filter: ACTIVE, pageSize: 1 });
    expect(totalCount).toBeGreaterThan(20);
    openList('/agent/clients/all');

    const list = await results();
    expect(within(list).getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', '20');
    const scroller = list.parentElement as HTMLElement;
    Object.defineProperty(scroller, 'scrollTop', { value: 20 * 62, configurable: true });
    fireEvent.scroll(scroller);

    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', String(totalCount)),
    );
  });

  it('keeps the tab in the URL and lists vehicles on the booking-pending and scheduled tabs', async () => {
    const user = userEvent.setup();
    const agent = await storeSignedInUser('Admin');
    const scheduled = await sdk(agent).vehicles.list({
      filter: eq('onBoardingStatus', 'Scheduled'),
      orderBy: [{ field: 'createdOnDateTime', direction: 'desc' }],
    });
    const app = openList('/agent/clients/all');

    await user.click(await screen.findByRole('tab', { name: 'Scheduled' }));

    expect(app.router.state.location.search).toBe('?tab=scheduled');
    const list = await results();
    const shown = rowHeadings(list);
    expect(shown).toEqual(
      scheduled.items.slice(0, shown.length).map((vehicle) => vehicle.registrationNumber),
    );
    const first = scheduled.items[0];
    // Other files add clients under the same few names; the newest of a name is listed first.
    expect(
      within(list).getAllByText(`${first?.userFirstName} ${first?.userLastName}`)[0],
    ).toBeInTheDocument();
  });

  it('opens the tab a deep link names', async () => {
    await storeSignedInUser('Admin');
    openList('/agent/clients/all?tab=no-vehicles');

    expect(await screen.findByRole('tab', { name: 'No vehicles' })).toHaveAttribute('aria-selected', 'true');
    const list = await results();
    expect(within(list).getAllByText('Vehicles with a device').length).toBeGreaterThan(0);
  });

  it('searches names on the server, case-insensitively, once typing pauses', async () => {
    const user = userEvent.setup();
    const agent = await storeSignedInUser('Technical-Agent');
    const [someone] = (await sdk(agent).users.list({ filter: ACTIVE, pageSize: 1 })).items;
    if (!someone) throw new Error('no active client');
    openList('/agent/clients/all');
    await results();

    await user.type(screen.getByLabelText('Search clients'), someone.lastName.toUpperCase());

    await waitFor(() => {
      const names = rowHeadings(screen.getByRole('list', { name: 'Results' }));
      expect(names.every((name) => name?.toLowerCase().includes(someone.lastName.toLowerCase()))).toBe(true);
    });
    // Other files add clients under the same few names; the newest of a name is listed first.
    expect(
      screen.getAllByRole('heading', { name: `${someone.firstName} ${someone.lastName}` })[0],
    ).toBeInTheDocument();
  });

  it("says 'There are no installations scheduled' when the scheduled list is empty", async () => {
    const user = userEvent.setup();
    await storeSignedInUser('Technical-Agent');
    openList('/agent/clients/all?tab=scheduled');
    await results();

    await pasteInto(user, screen.getByLabelText('Search vehicles'), 'no such vehicle anywhere');

    expect(await screen.findByText('There are no installations scheduled')).toBeInTheDocument();
  });
});

describe('given the sort select', () => {
  it('offers Latest, Active alerts, A - Z and Z - A for clients, and sorts A - Z', async () => {
    const user = userEvent.setup();
    const agent = await storeSignedInUser('Technical-Agent');
    const aToZ = await sdk(agent).users.list({
      filter: ACTIVE,
      orderBy: [{ field: 'firstName' }, { field: 'lastName' }],
      pageSize: 3,
    });
    openList('/agent/clients/all');
    await results();

    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveTextContent('Latest');
    await user.click(sort);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Latest',
      'Active alerts',
      'A - Z',
      'Z - A',
    ]);
    await user.click(screen.getByRole('option', { name: 'A - Z' }));

    await waitFor(() =>
      expect(rowHeadings(screen.getByRole('list', { name: 'Results' })).slice(0, 3)).toEqual(
        aToZ.items.map((client) => `${client.firstName} ${client.lastName}`),
      ),
    );
  });

  it('puts clients with an active alert first', async () => {
    const user = userEvent.setup();
    await storeSignedInUser('Technical-Agent');
    openList('/agent/clients/all');
    await results();

    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(screen.getByRole('option', { name: 'Active alerts' }));

    await waitFor(() => {
      const [first] = within(screen.getByRole('list', { name: 'Results' })).getAllByRole('listitem');
      expect(within(first as HTMLElement).getByText('Active alert')).toBeInTheDocument();
    });
  });

  it('offers only Latest, A - Z and Z - A on vehicle lists', async () => {
    const user = userEvent.setup();
    await storeSignedInUser('Technical-Agent');
    openList('/agent/clients/all?tab=booking-pending');
    await results();

    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Latest',
      'A - Z',
      'Z - A',
    ]);
  });
});

describe('given a client card', () => {
  it("expands to the client's vehicle cards", async () => {
    const user = userEvent.setup();
    const agent = await storeSignedInUser('Technical-Agent');
    const [client] = (await sdk(agent).users.list({ filter: ACTIVE, pageSize: 1 })).items;
    if (!client) throw new Error('no active client');
    const vehicles = (await sdk(agent).vehicles.list({ filter: eq('userId', client.id) })).items;
    openList('/agent/clients/all');
    await results();

    // Other files add clients under the same few names; the newest of a name is listed first.
    const [show] = screen.getAllByRole('button', {
      name: `Show vehicles of ${client.firstName} ${client.lastName}`,
    });
    await user.click(show as HTMLElement);

    const list = await screen.findByRole('list', { name: 'Vehicles' });
    for (const vehicle of vehicles) {
      expect(await within(list).findByText(vehicle.registrationNumber)).toBeInTheDocument();
    }
  });

  it("leads to 'Add a vehicle' and 'View account' from its menu", async () => {
    const user = userEvent.setup();
    const agent = await storeSignedInUser('Technical-Agent');
    const [client] = (await sdk(agent).users.list({ filter: ACTIVE, pageSize: 1 })).items;
    if (!client) throw new Error('no active client');
    const app = openList('/agent/clients/all');
    await results();
    const name = `${client.firstName} ${client.lastName}`;

    // Other files add clients under the same few names; the newest of a name is listed first.
    const moreActions = () =>
      screen.getAllByRole('button', { name: `More actions for ${name}` })[0] as HTMLElement;
    await user.click(moreActions());
    await user.click(screen.getByRole('menuitem', { name: 'Add a vehicle' }));
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(`/agent/onboarding/client/${client.id}/add-driver`),
    );

    await act(() => app.router.navigate('/agent/clients/all'));
    await results();
    await user.click(moreActions());
    await user.click(screen.getByRole('menuitem', { name: 'View account' }));
    await waitFor(() =>
      expect(app.router.state.location.pathname).toBe(`/agent/clients/${client.id}/account/view`),
    );
  });
});

describe('given a Company-Admin', () => {
  it("titles the list 'Users'", async () => {
    await storeSignedInUser('Company-Admin');
    openList('/agent/clients/all');

    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Active users' })).toBeInTheDocument();
  });
});

describe('given the list cannot be loaded', () => {
  it('shows nothing and logs the failure', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const listFailed = () => error.mock.calls.some(([logged]) => logged instanceof NetworkError);
    await storeSignedInUser('Technical-Agent');
    // The clock runs on its own and is moved on by hand too, so the retries' waits pass at once.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const app = renderApp('/agent/clients/all', { apiUrl: deadUrl() });
    await screen.findByRole('heading', { level: 1, name: 'Clients' });

    // A request without an answer is tried again twice (1 s, then 2 s later) before it counts as failed.
    for (let waited = 0; !listFailed() && waited < 10_000; waited += 250) {
      await act(() => vi.advanceTimersByTimeAsync(250));
    }
    expect(error).toHaveBeenCalledWith(expect.any(NetworkError));
    // The live connection to the dead api logs its own errors; each failed query (the list's, and
    // the alarm queue's the signed-in area watches) is logged once, after its retries.
    const failed = app.queryClient
      .getQueryCache()
      .findAll({ predicate: (query) => query.state.error instanceof NetworkError });
    expect(failed.map((query) => query.queryKey[0])).toContain('users');
    expect(error.mock.calls.filter(([logged]) => logged instanceof NetworkError)).toHaveLength(failed.length);
    await waitFor(() =>
      expect(screen.queryByRole('status', { name: 'Loading list' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('list', { name: 'Results' })).not.toBeInTheDocument();
    expect(screen.queryByText('There are no active clients')).not.toBeInTheDocument();
  });
});

describe('given a list scrolled back and forth and a client card opened and closed twice', () => {
  it("asks the api for each page, each client's vehicles and each device status once", async () => {
    const user = userEvent.setup();
    const agent = await storeSignedInUser('Technical-Agent');
    const [client] = (
      await sdk(agent).users.list({
        filter: ACTIVE,
        orderBy: [{ field: 'createdOnDateTime', direction: 'desc' }],
        pageSize: 1,
      })
    ).items;
    if (!client) throw new Error('no active client');
    const vehicles = (await sdk(agent).vehicles.list({ filter: eq('userId', client.id) })).items;
    const installed = vehicles.filter((vehicle) => vehicle.deviceId !== null);
    const name = `${client.firstName} ${client.lastName}`;
    const recorder = recordingFetch();
    openList('/agent/clients/all', { fetch: recorder.fetch });
    const list = await results();
    const scroller = list.parentElement as HTMLElement;
    const scrollTo = (top: number) => {
      Object.defineProperty(scroller, 'scrollTop', { value: top, configurable: true });
      fireEvent.scroll(scroller);
    };
    // Other files add clients under the same few names; the newest of a name is listed first.
    const cardOf = () =>
      within(list).getAllByRole('button', { name: new RegExp(`vehicles of ${name}$`) })[0] as HTMLElement;
    const vehiclesShown = async () => {
      const shown = await screen.findByRole('list', { name: 'Vehicles' });
      for (const vehicle of vehicles) {
        expect(await within(shown).findByText(vehicle.registrationNumber)).toBeInTheDocument();
      }
      // Whatever the cards asked for (their device status) has been answered.
      await waitFor(() => expect(recorder.inFlight()).toBe(0));
    };

    await user.click(cardOf());
    await vehiclesShown();
    await user.click(cardOf());
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Vehicles' })).not.toBeInTheDocument());
    await user.click(cardOf());
    await vehiclesShown();

    // Down to the end (the next page loads), back to the top (the open card remounts), twice over.
    for (let round = 0; round < 2; round += 1) {
      scrollTo(20 * 62);
      await waitFor(() =>
        expect(within(list).getAllByRole('listitem')[0]).not.toHaveAttribute('aria-setsize', '20'),
      );
      await waitFor(() => expect(recorder.inFlight()).toBe(0));
      scrollTo(0);
      await vehiclesShown();
    }
    await user.click(cardOf());
    await user.click(cardOf());
    await vehiclesShown();

    const sent = recorder.requests
      .filter((request) => !request.includes('/Auth/'))
      .map((request) => decodeURIComponent(request.replace(/\+/g, ' ')));
    expect(repeated(sent)).toEqual({});
    expect(sent.filter((request) => request.includes('/Users?')).length).toBe(2);
    expect(sent.filter((request) => request.includes(`userId eq ${client.id}`)).length).toBe(1);
    expect(sent.filter((request) => request.includes('StatusInfo')).length).toBe(installed.length);
  });
});
