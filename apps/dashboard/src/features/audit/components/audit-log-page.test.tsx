import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, storeSignedInUser } from '../../../test/api';
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

describe('given a Technical-Agent', () => {
  it('is told the screen is the Admin’s and sees no entries', async () => {
    await storeSignedInUser('Technical-Agent');
    renderApp('/admin/audit-log');

    expect(await screen.findByText('Only an Admin can read the audit log')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Audit entries' })).not.toBeInTheDocument();
  });
});
