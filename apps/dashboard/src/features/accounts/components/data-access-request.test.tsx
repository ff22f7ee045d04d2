import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eq } from '@sentinel/api-sdk';
import { DATA_ACCESS_MESSAGES } from '@sentinel/domain';
import type { AuthorisedUser } from '@sentinel/domain';
import { sdk, storeSignedInUser } from '../../../test/api';
import { renderApp } from '../../../test/render-app';

/** The demo account holder (holder@sentinel.demo). */
async function demoHolder(user: AuthorisedUser) {
  const api = sdk(user);
  const [holder] = (await api.users.list({ filter: eq('email', 'holder@sentinel.demo') })).items;
  if (!holder) throw new Error('no demo holder');
  return { holder, api };
}

/** A datetime-local field, typed as a person's browser fills it: 'YYYY-MM-DDTHH:MM'. */
async function typeTime(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.clear(field);
  await user.type(field, value);
}

describe('given an Admin on an account holder’s account', () => {
  it('asks which fixes to include, refuses a period that is not one, then shows the link and until when it works', async () => {
    const user = userEvent.setup();
    const admin = await storeSignedInUser('Admin');
    const { holder, api } = await demoHolder(admin);
    renderApp(`/agent/clients/${holder.id}/account/view`);

    // The account's first showing waits on three answers of an api that other test files keep busy.
    const card = await screen.findByRole('region', { name: 'Account holder' }, { timeout: 15_000 });
    await user.click(within(card).getByRole('button', { name: 'Download their data' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Download their data' }));
    expect(dialog.getByRole('radio', { name: 'All of them' })).toBeChecked();
    expect(dialog.queryByLabelText('From')).not.toBeInTheDocument();

    // A period: both ends are needed, and the start may not come after the end.
    await user.click(dialog.getByRole('radio', { name: 'A period (South African time)' }));
    await user.click(dialog.getByRole('button', { name: 'Make the download link' }));
    expect(dialog.getByLabelText('From')).toHaveAccessibleDescription(DATA_ACCESS_MESSAGES.bound);
    expect(dialog.getByLabelText('To')).toHaveAccessibleDescription(DATA_ACCESS_MESSAGES.bound);
    await typeTime(user, dialog.getByLabelText('From'), '2026-03-02T08:00');
    await typeTime(user, dialog.getByLabelText('To'), '2026-03-01T08:00');
    await user.click(dialog.getByRole('button', { name: 'Make the download link' }));
    expect(dialog.getByLabelText('To')).toHaveAccessibleDescription(DATA_ACCESS_MESSAGES.order);

    await typeTime(user, dialog.getByLabelText('To'), '2026-03-31T17:30');
    await user.click(dialog.getByRole('button', { name: 'Make the download link' }));
    expect(await dialog.findByText('The download link is ready')).toBeInTheDocument();
    const link = dialog.getByRole('link', { name: 'Download the zip' });
    expect(link.getAttribute('href')).toMatch(/\/DataAccessRequests\/[A-Za-z0-9_-]{43}\/Download$/);
    expect(dialog.getByRole('textbox', { name: 'Download link' })).toHaveValue(link.getAttribute('href'));

    // The request the api keeps: the period in UTC, asked for by the Admin, not yet downloaded.
    const [request] = await api.dataAccessRequests.list(holder.id);
    expect(request).toMatchObject({
      fixesFrom: '2026-03-02T06:00:00.000Z',
      fixesTo: '2026-03-31T15:30:00.000Z',
      state: 'Active',
      downloads: 0,
    });
  });
});

describe('given a Technical-Agent on the same account', () => {
  it('offers no download of the holder’s data', async () => {
    const agent = await storeSignedInUser('Technical-Agent');
    const { holder } = await demoHolder(agent);
    renderApp(`/agent/clients/${holder.id}/account/view`);

    const card = await screen.findByRole('region', { name: 'Account holder' }, { timeout: 15_000 });
    expect(
      within(card).getByRole('button', { name: `Edit ${holder.firstName} ${holder.lastName}` }),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Download their data' })).not.toBeInTheDocument();
  });
});
