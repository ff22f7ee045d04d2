import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createApiClient, createBurnInClient } from '@sentinel/api-sdk';
import type { ApiClient, BurnInApi } from '@sentinel/api-sdk';
import type { AuthorisedUser } from '@sentinel/domain';
import { demoSignIn } from '@sentinel/testing';
import { BurnInScreen } from './burn-in-screen';

let client: ApiClient;
let burnIn: BurnInApi;

beforeAll(async () => {
  const apiUrl = inject('apiUrl');
  let user: AuthorisedUser | null = await createApiClient({
    baseUrl: apiUrl,
    session: { get: () => null, set() {}, clear() {} },
  }).auth.signInByEmail(demoSignIn('Technical-Agent'));
  client = createApiClient({
    baseUrl: apiUrl,
    session: { get: () => user, set: (next) => (user = next), clear: () => (user = null) },
    validateAnswers: true,
  });
  burnIn = createBurnInClient({
    baseUrl: inject('runnerUrl'),
    accessToken: () => client.auth.freshAccessToken(),
    validateAnswers: true,
  });
});

function renderBench(bench: BurnInApi = burnIn) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <BurnInScreen burnIn={bench} devices={client.devices} />
    </QueryClientProvider>,
  );
}

describe('the burn-in bench against a real test-runner and api', () => {
  it('adds a device to a station, runs its tests, shows the failing one with its reason, reruns it and removes the device', async () => {
    const user = userEvent.setup();
    renderBench();

    expect(await screen.findByText('No devices added yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get Devices' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run all tests' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Stop all tests' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Add Device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Device' });
    // The free stations load first; the form follows.
    const ok = await within(dialog).findByRole('button', { name: 'OK' });
    await user.type(within(dialog).getByLabelText('Device serial number'), 'SNT-00012');
    await user.click(await within(dialog).findByRole('button', { name: 'SNT-000127' }));
    expect(ok).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Station' }));
    await user.click(await screen.findByRole('option', { name: 'burn2' }));
    // The choice lands with the select's next render.
    await waitFor(() => expect(ok).toBeEnabled());
    await user.click(ok);

    expect(await screen.findByText('Unit SNT-000127 added to station burn2')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'SNT-000127' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get Results' })).toBeInTheDocument();
    expect(await burnIn.stations()).not.toContain('burn2');

    await user.click(screen.getByRole('button', { name: 'Run all tests' }));
    expect(await screen.findByText('All tests started on 1 unit')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show tests of SNT-000127' }));
    expect(screen.getByText('Station ID').nextElementSibling).toHaveTextContent('burn2');

    // No auto refresh here: ask for results until the bench has finished.
    await waitFor(
      async () => {
        await user.click(screen.getByRole('button', { name: 'Get Results' }));
        expect(screen.getByText('Total passed').nextElementSibling).toHaveTextContent('6');
      },
      { timeout: 15_000, interval: 200 },
    );
    expect(screen.getByText('Total failed').nextElementSibling).toHaveTextContent('1');
    const relay = screen.getByRole('article', { name: 'LockRelay' });
    expect(
      within(relay).getByText(/^Lock relay weak: coil draws \d+ mA, at least 70 mA needed$/),
    ).toBeInTheDocument();

    await user.click(within(relay).getByRole('button', { name: 'Rerun LockRelay' }));
    expect(await screen.findByText('Retrying LockRelay test on unit SNT-000127')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Device' }));
    const remove = await screen.findByRole('dialog', { name: 'Change Device' });
    await user.type(within(remove).getByLabelText('Device serial number'), 'snt-000127');
    await user.click(within(remove).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Unit SNT-000127 removed; station burn2 is free')).toBeInTheDocument();
    expect(await screen.findByText('No devices added yet')).toBeInTheDocument();
    expect(await burnIn.stations()).toContain('burn2');
  }, 40_000);

  it("alerts 'Failed to start tests' with the service's reason when no device is on the bench", async () => {
    const user = userEvent.setup();
    await burnIn.addUnit('SNT-000128', 'burn1');
    try {
      renderBench();
      await screen.findByRole('heading', { name: 'SNT-000128' });
      await burnIn.removeUnit('SNT-000128');
      await user.click(screen.getByRole('button', { name: 'Run all tests' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Failed to start tests');
      expect(alert).toHaveTextContent('There are no units on the bench');
    } finally {
      await burnIn.removeUnit('SNT-000128').catch(() => undefined);
    }
  });

  it("offers 'Add Stations' with a comma-separated entry when the service lists no free station", async () => {
    const user = userEvent.setup();
    const taken = ['SNT-000127', 'SNT-000128', 'SNT-000129', 'SNT-000130'];
    for (const [index, serial] of taken.entries()) await burnIn.addUnit(serial, `burn${index + 1}`);
    try {
      renderBench();
      await user.click(screen.getByRole('button', { name: 'Add Device' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Stations' });
      expect(
        within(dialog).getByText(
          'No stations were retrieved, please contact the Software Team or enter the station IDs manually below:',
        ),
      ).toBeInTheDocument();
      await user.type(within(dialog).getByLabelText('Station IDs'), ' burn5, ,burn6 ');
      await user.click(within(dialog).getByRole('button', { name: 'OK' }));

      const add = await screen.findByRole('dialog', { name: 'Add Device' });
      await user.click(within(add).getByRole('combobox', { name: 'Station' }));
      expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
        'burn5',
        'burn6',
      ]);
    } finally {
      for (const serial of taken) await burnIn.removeUnit(serial);
    }
  });

  it('offers only the stations free when Add Device opens again, never the list of an earlier opening', async () => {
    const user = userEvent.setup();
    // The free stations are read only when the test lets them through, as a slow network would.
    let release = () => {};
    const slowStations: BurnInApi = {
      ...burnIn,
      stations: () => new Promise<void>((resolve) => (release = resolve)).then(() => burnIn.stations()),
    };
    renderBench(slowStations);
    await user.click(await screen.findByRole('button', { name: 'Add Device' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add Device' });
    release();
    await user.click(await within(dialog).findByRole('combobox', { name: 'Station' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toContain('burn1');
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Another technician takes burn1 meanwhile.
    await burnIn.addUnit('SNT-000129', 'burn1');
    try {
      await user.click(screen.getByRole('button', { name: 'Add Device' }));
      dialog = await screen.findByRole('dialog', { name: 'Add Device' });
      // The earlier opening's list is not offered while this opening's is read.
      expect(within(dialog).getByRole('status', { name: 'Loading stations' })).toBeInTheDocument();
      expect(within(dialog).queryByRole('combobox', { name: 'Station' })).not.toBeInTheDocument();
      release();
      await user.click(await within(dialog).findByRole('combobox', { name: 'Station' }));
      const offered = (await screen.findAllByRole('option')).map((option) => option.textContent);
      expect(offered).not.toContain('burn1');
      expect(offered).toContain('burn2');
    } finally {
      await burnIn.removeUnit('SNT-000129');
    }
  });
});
