import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ne, orderBy } from '@sentinel/api-sdk';
import type { VehicleListFields } from '@sentinel/api-sdk';
import { GEOFENCE_MESSAGES } from '@sentinel/domain';
import { storeSignedInUser, sdk } from '../../../test/api';
import { renderApp } from '../../../test/render-app';

// jsdom has no layout: give the list's scroll area 500 px and every card 50 px, so the virtual list
// renders what a browser would.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(500);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(50);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const rowOf = (heading: HTMLElement) => heading.closest<HTMLElement>('[role="listitem"]')!;

describe('given an Admin on the geofences page', () => {
  it('creates a circle with an Enter rule, tries it on the last 7 days, lists, opens and deletes it', async () => {
    const user = userEvent.setup();
    const signedIn = await storeSignedInUser('Admin');
    const [vehicle] =
      // The first seeded vehicle with a device (lowest id): it has a demo week of fixes, which a
      // vehicle another test adds does not.
      (
        await sdk(signedIn).vehicles.list({
          filter: ne<VehicleListFields>('deviceId', null),
          orderBy: [orderBy<VehicleListFields>('id')],
          pageSize: 1,
        })
      ).items;
    const name = `Offshore ${Date.now()}`;
    renderApp('/agent/geofences');

    expect(await screen.findByRole('heading', { level: 1, name: 'Geofences' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New geofence' }));
    const dialog = await screen.findByRole('dialog', { name: 'New geofence' });
    const form = within(dialog);
    await user.type(form.getByRole('textbox', { name: 'Name' }), name);
    // At sea off Cape Point, where no demo vehicle drives.
    await user.type(form.getByRole('textbox', { name: 'Centre latitude' }), '-34.6');
    await user.type(form.getByRole('textbox', { name: 'Centre longitude' }), '17.9');
    await user.type(form.getByRole('textbox', { name: 'Radius in metres' }), '500');
    await user.type(form.getByRole('combobox', { name: 'Vehicle' }), vehicle!.registrationNumber);
    await user.click(await screen.findByRole('option', { name: vehicle!.registrationNumber }));

    await user.click(form.getByRole('button', { name: 'Try on the last 7 days' }));
    const tried = await form.findByRole('region', { name: 'Last 7 days' }, { timeout: 15_000 });
    expect(tried).toHaveTextContent(GEOFENCE_MESSAGES.noBreaches);
    expect(tried).toHaveTextContent(/0 breaches over \d+ fixes of 1 vehicle\./);

    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = rowOf(await screen.findByRole('heading', { name }));
    expect(row).toHaveTextContent('Circle, 500 m');
    expect(row).toHaveTextContent(vehicle!.registrationNumber);
    expect(row).toHaveTextContent('on entering · Medium priority');

    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const editor = within(await screen.findByRole('dialog', { name: 'Edit geofence' }));
    expect(editor.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
    expect(editor.getByRole('textbox', { name: 'Radius in metres' })).toHaveValue('500');
    expect(editor.getByRole('combobox', { name: 'Vehicle' })).toHaveValue(vehicle!.registrationNumber);
    await user.click(editor.getByRole('button', { name: 'Cancel' }));

    await user.click(
      within(rowOf(screen.getByRole('heading', { name }))).getByRole('button', { name: 'Delete' }),
    );
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete geofence' }));
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name })).not.toBeInTheDocument());
  });
});
