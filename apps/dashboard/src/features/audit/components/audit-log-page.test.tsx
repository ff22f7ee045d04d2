import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq } from '@sentinel/api-sdk';
import type { User } from '@sentinel/api-sdk';
import { apiUrl, sdk, storeSignedInUser } from '../../../test/api';
import { pasteInto } from '../../../test/paste-into';
import { renderApp } from '../../../test/render-app';

// jsdom has no layout: give the list's scroll area 500 px and every entry 50 px, so the virtual
// list renders what a browser would.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(500);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(50);
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function failedSignIn(email: string): Promise<void> {
  const response = await fetch(`${apiUrl()}/Auth/SignInByEmail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'audit-screen-test' },
    body: JSON.stringify({ email, password: 'Not#ThePassword1' }),
  });
  expect(response.status).toBe(401);
}

describe('given an Admin on the audit log', () => {
  it('finds a failed sign-in by the e-mail tried, with who, where from and when', async () => {
    const user = userEvent.setup();
    const email = `audit.screen.${Date.now()}@sentinel.test`;
    await failedSignIn(email);
    await storeSignedInUser('Admin');
    renderApp('/admin/audit-log');

    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'User e-mail' }), email);

    // The list follows the search once it settles: one entry, the failed sign-in.
    expect(await screen.findByText('1 entry')).toBeInTheDocument();
    const entry = screen.getByRole('article', { name: /^Sign in failed,/ });
    expect(within(entry).getByText(email)).toBeInTheDocument();
    expect(within(entry).getByText(/audit-screen-test/)).toBeInTheDocument();
  });

  it('says so when no entry matches the dates', async () => {
    const user = userEvent.setup();
    await storeSignedInUser('Admin');
    renderApp('/admin/audit-log');

    await screen.findByRole('list', { name: 'Audit entries' });
    await user.type(screen.getByLabelText('From'), '2999-01-01');
    expect(await screen.findByText('No audit entries match')).toBeInTheDocument();
  });
});

describe('given an Admin narrowing the audit log to one account holder', () => {
  /** A demo holder whose record the Admin has just opened, as View account does. */
  async function viewedHolder(): Promise<User> {
    const api = sdk(await storeSignedInUser('Admin'));
    const [holder] = (
      await api.users.list({
        filter: eq('role', 'Account-Holder'),
        orderBy: [{ field: 'lastName', direction: 'desc' }],
        pageSize: 1,
      })
    ).items;
    await api.users.list({ filter: and(eq('role', 'Account-Holder'), eq('id', holder!.id)) });
    return holder!;
  }

  it('finds the holder by e-mail and shows the entries about them, each naming them', async () => {
    const user = userEvent.setup();
    const holder = await viewedHolder();
    const name = `${holder.firstName} ${holder.lastName}`;
    renderApp('/admin/audit-log');

    await pasteInto(user, await screen.findByRole('combobox', { name: 'Person concerned' }), holder.email);
    await user.click(await screen.findByRole('option', { name: `${name} (${holder.email})` }));

    const view = await screen.findByRole('article', { name: /^Personal data viewed,/ });
    expect(within(view).getByText('admin@sentinel.demo')).toBeInTheDocument();
    expect(within(view).getByText('Account')).toBeInTheDocument();
    const entries = within(screen.getByRole('list', { name: 'Audit entries' })).getAllByRole('article');
    for (const entry of entries) expect(within(entry).getByText(name)).toBeInTheDocument();

    // Any holder again: the entries about others come back.
    await user.click(screen.getByRole('button', { name: 'Any holder' }));
    expect(screen.getByRole('combobox', { name: 'Person concerned' })).toHaveValue('');
  });

  it('opens narrowed to the holder a link names, and says so when nothing is about them', async () => {
    const holder = await viewedHolder();
    renderApp(`/admin/audit-log?holder=${holder.id}`);

    expect(await screen.findByRole('combobox', { name: 'Person concerned' })).toHaveValue(
      `Account holder ${holder.id}`,
    );
    expect(await screen.findByRole('article', { name: /^Personal data viewed,/ })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('From'), '2999-01-01');
    expect(await screen.findByText('No audit entries match')).toBeInTheDocument();
  });
});

describe('given a Technical-Agent', () => {
  it('is told the screen is the Admin’s and sees no entries', async () => {
    await storeSignedInUser('Technical-Agent');
    renderApp('/admin/audit-log');

    expect(await screen.findByText('Only an Admin can read the audit log')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Audit entries' })).not.toBeInTheDocument();
  });
});
