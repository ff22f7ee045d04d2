import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { storeSignedInUser } from '../test/api';
import { renderApp } from '../test/render-app';
import { routes } from './routes';

describe("the start page '/'", () => {
  it('sends a visitor on a host not starting with app. to /login', async () => {
    const app = renderApp('/');

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/login');
  });
});

describe('given no one is signed in', () => {
  it.each([
    '/agent',
    '/agent/clients/all',
    '/agent/onboarding/client/add',
    '/admin/add-agent',
    '/admin/add-company',
    '/admin/audit-log',
  ])("sends %s to '/' and on to the sign-in screen", async (path) => {
    const app = renderApp(path);

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/login');
  });
});

describe('given a signed-in agent', () => {
  it.each([
    ['/agent', '/agent/clients/all', 'Clients'],
    ['/agent/clients', '/agent/clients/all', 'Clients'],
    ['/agent/onboarding', '/agent/onboarding/outstanding-details', 'Outstanding details'],
    ['/agent/companies', '/agent/companies/all', 'Companies'],
    ['/agent/burnin', '/agent/burnin/all', 'Burn-in bench'],
  ])('redirects the index %s to %s', async (path, target, heading) => {
    await storeSignedInUser('Technical-Agent');
    const app = renderApp(path);

    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe(target);
  });

  it.each([
    ['/agent/clients/all', 'Clients'],
    ['/agent/clients/7/account/view', 'View account'],
    ['/agent/clients/7/vehicle/12/history', 'Vehicle history'],
    ['/agent/onboarding/outstanding-details', 'Outstanding details'],
    ['/agent/onboarding/booking-pending', 'Booking pending'],
    ['/agent/onboarding/scheduled', 'Scheduled'],
    ['/agent/onboarding/client/add', 'Account holder'],
    ['/agent/onboarding/client/7/add-driver', 'Add driver or vehicle'],
    ['/agent/onboarding/client/12/installation', 'Installation scheduling'],
    ['/agent/onboarding/client/12/payment', 'Payment: deposit due R1 499'],
    ['/agent/companies/all', 'Companies'],
    ['/agent/companies/3/view', 'View Company'],
    ['/agent/companies/3/link-user', 'Link Company Users'],
    ['/agent/burnin/all', 'Burn-in bench'],
    ['/agent/alarms', 'Alarms'],
    ['/agent/alarms/figures', 'Alarm figures'],
    ['/admin/add-agent', 'Add agent'],
    ['/admin/add-company', 'Add Company'],
    ['/admin/audit-log', 'Audit log'],
  ])('shows %s inside the agent layout, titled %s', async (path, heading) => {
    await storeSignedInUser('Technical-Agent');
    const app = renderApp(path);

    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe(path);
  });
});

describe('the public screens', () => {
  it.each([
    ['/sign-up', 'Sign up'],
    ['/verify-account', 'Confirm your cellphone number'],
    ['/success', 'Success'],
    ['/forgot-password', 'Forgot password'],
    ['/reset-password', 'Change password'],
    ['/create-password', 'Create password'],
  ])('shows %s without signing in, titled %s', async (path, heading) => {
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it("shows only the retirement line under 'Installation Checklist'", async () => {
    renderApp('/installation-checklist');

    const main = await screen.findByRole('main');
    expect(screen.getByRole('heading', { level: 1, name: 'Installation Checklist' })).toBeInTheDocument();
    expect(main).toHaveTextContent(
      /^Installation ChecklistThis version of the checklist is no longer available\. Please use the new one\.$/,
    );
  });
});

describe('an unknown address', () => {
  it.each(['/no-such-page', '/agent/no-such-page', '/admin'])('shows the 404 screen for %s', async (path) => {
    renderApp(path);

    expect(
      await screen.findByText("Oops! It looks like the page you're looking for is lost."),
    ).toBeInTheDocument();
  });
});

describe('an error thrown while rendering a route', () => {
  it("shows React Router's 'Unexpected Application Error!' with the error's message", async () => {
    // React and React Router report the error on the console; that is expected here.
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('The vehicle list could not be drawn');
    }
    try {
      renderApp('/broken', { routes: [{ path: '/broken', element: <Broken /> }, ...routes] });

      expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.getByText('The vehicle list could not be drawn')).toBeInTheDocument(),
      );
    } finally {
      error.mockRestore();
      warn.mockRestore();
    }
  });
});
