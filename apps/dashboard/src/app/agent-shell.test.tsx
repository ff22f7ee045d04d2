import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AUTHORISED_USER_KEY } from '@sentinel/domain';
import { apiUrl, storeSignedInUser } from '../test/api';
import { renderApp } from '../test/render-app';

function resizeWindow(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true });
    window.dispatchEvent(new Event('resize'));
  });
}

async function openMenu(user: ReturnType<typeof userEvent.setup>): Promise<string[]> {
  // The routed screen loads lazily; the header shows with it.
  await user.click(await screen.findByRole('button', { name: 'Menu' }));
  return within(screen.getByRole('menu'))
    .getAllByRole('menuitem')
    .map((item) => item.textContent ?? '');
}

describe('given a signed-in Admin', () => {
  it("titles the page 'Agent | Sentinel' and links the logo to /agent", async () => {
    await storeSignedInUser('Admin');
    renderApp('/agent');

    expect(await screen.findByRole('heading', { level: 1, name: 'Clients' })).toBeInTheDocument();
    expect(document.title).toBe('Agent | Sentinel');
    expect(screen.getByRole('link', { name: 'Sentinel' })).toHaveAttribute('href', '/agent');
  });

  it('offers the staff menu, whose links lead to their screens', async () => {
    const user = userEvent.setup();
    await storeSignedInUser('Admin');
    const app = renderApp('/agent/clients/all');

    expect(await openMenu(user)).toEqual([
      'Clients',
      'Alarms',
      'Geofences',
      'Onboarding',
      'Companies',
      'Add a new account',
      'Add agent to dashboard',
      'Add company to dashboard',
      'Import',
      'Audit log',
      'Breach register',
      'Security',
      'Change password',
      'Logout',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Change password' })).toHaveAttribute(
      'href',
      '/reset-password',
    );

    await user.click(screen.getByRole('menuitem', { name: 'Add agent to dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Add agent' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/admin/add-agent');
  });

  it("logs out from the menu: the stored user and the cached data are gone and '/' leads back to the sign-in", async () => {
    const user = userEvent.setup();
    const signedIn = await storeSignedInUser('Admin');
    const app = renderApp('/agent/clients/all');
    await screen.findByRole('list', { name: 'Results' });
    expect(app.queryClient.getQueryCache().getAll().length).toBeGreaterThan(0);

    await openMenu(user);
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/login');
    expect(app.router.state.historyAction).toBe('REPLACE');
    expect(localStorage.getItem(AUTHORISED_USER_KEY)).toBeNull();
    // The next person to sign in must not see this one's data.
    expect(app.queryClient.getQueryCache().getAll()).toHaveLength(0);
    // And the sign-in is over on the server: its refresh token no longer works.
    await waitFor(async () => {
      const refresh = await fetch(`${apiUrl()}/Auth/RefreshTokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ accessToken: signedIn.accessToken, refreshToken: signedIn.refreshToken }),
      });
      expect(refresh.status).toBe(401);
    });
  });
});

describe('given a signed-in Company-Admin', () => {
  it("calls the client list 'Users' and offers the Company-Admin menu", async () => {
    const user = userEvent.setup();
    await storeSignedInUser('Company-Admin');
    renderApp('/agent');

    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(await openMenu(user)).toEqual([
      'Users',
      'Alarms',
      'Geofences',
      'Companies',
      'Import',
      'Security',
      'Change password',
      'Logout',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Users' })).toHaveAttribute('href', '/agent/clients/all');
  });

  it('shows only the Users and Companies tabs', async () => {
    await storeSignedInUser('Company-Admin');
    resizeWindow(1024);
    renderApp('/agent/clients/all');
    await screen.findByRole('heading', { level: 1, name: 'Users' });

    const tabs = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Users', '/agent/clients/all'],
      ['Companies', '/agent/companies/all'],
    ]);
  });
});

describe('the top tabs', () => {
  it('are hidden at 768 px and shown at 1024 px, following the window as it is resized', async () => {
    await storeSignedInUser('Technical-Agent');
    resizeWindow(768);
    renderApp('/agent/clients/all');
    await screen.findByRole('heading', { level: 1, name: 'Clients' });

    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

    resizeWindow(1024);
    const tabs = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Clients', '/agent/clients/all'],
      ['Onboarding', '/agent/onboarding'],
      ['Companies', '/agent/companies/all'],
      ['Burn In', '/agent/burnin/all'],
    ]);

    resizeWindow(768);
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('show at 769 px, the first width wider than the breakpoint', async () => {
    await storeSignedInUser('Technical-Agent');
    resizeWindow(769);
    renderApp('/agent/clients/all');

    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});

describe('given the server refuses the session', () => {
  it('signs the user out and returns to the sign-in screen when a call cannot refresh', async () => {
    const stored = await storeSignedInUser('Admin');
    // A forged signature: the server answers 401, and refuses the refresh for the same token.
    const [header, payload, signature = ''] = stored.accessToken.split('.');
    const forged = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    localStorage.setItem(AUTHORISED_USER_KEY, JSON.stringify({ ...stored, accessToken: forged }));
    const app = renderApp('/agent/clients/all');
    await screen.findByRole('heading', { level: 1, name: 'Clients' });

    await expect(app.client.roles.list()).rejects.toMatchObject({ name: 'SessionExpiredError' });

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(AUTHORISED_USER_KEY)).toBeNull();
  });
});
