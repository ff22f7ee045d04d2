import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isValidElement } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { createMemoryRouter, matchRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_APP_SETTINGS } from '@sentinel/api-sdk';
import { STAFF_ROLES } from '@sentinel/domain';
import { apiUrl, storeSignedInUser } from '../test/api';
import { renderApp } from '../test/render-app';
import { createApp } from './create-app';
import type { App } from './create-app';
import { RequireUser } from './guards';
import { ROLE_REFUSAL } from './route-access';
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
    '/admin/breach-register',
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
});

/**
 * Every screen of the signed-in area: a path that opens it, its heading, and, when the api gives
 * the screen's calls fewer roles than all staff, one of those calls. Whether a role may use the
 * screen is the api's answer to that call as the role (403 or not), so this test follows the api's
 * route configs rather than a copy of them; a screen without a call is every staff role's.
 */
interface Screen {
  path: string;
  heading: string | RegExp;
  call?: { method: 'GET' | 'POST'; path: string };
}

const SCREENS: readonly Screen[] = [
  { path: '/agent/clients/all', heading: /^(Clients|Users)$/ },
  { path: '/agent/clients/7/account/view', heading: 'View account' },
  { path: '/agent/clients/7/vehicle/12/history', heading: 'Vehicle history' },
  { path: '/agent/clients/7/vehicle/12/replay', heading: 'Trip replay' },
  { path: '/agent/onboarding/outstanding-details', heading: 'Outstanding details' },
  { path: '/agent/onboarding/booking-pending', heading: 'Booking pending' },
  { path: '/agent/onboarding/scheduled', heading: 'Scheduled' },
  {
    path: '/agent/onboarding/client/add',
    heading: 'Account holder',
    call: { method: 'POST', path: '/Users/AccountHolder' },
  },
  { path: '/agent/onboarding/client/7/add-driver', heading: 'Add driver or vehicle' },
  { path: '/agent/onboarding/client/12/installation', heading: 'Installation scheduling' },
  { path: '/agent/onboarding/client/12/payment', heading: /^Payment/ },
  { path: '/agent/companies/all', heading: 'Companies' },
  { path: '/agent/companies/3/view', heading: 'View Company' },
  {
    path: '/agent/companies/3/link-user',
    heading: 'Link Company Users',
    call: { method: 'POST', path: '/Companies/3/AddCompanyUser' },
  },
  { path: '/agent/burnin/all', heading: 'Burn-in bench', call: { method: 'GET', path: '/Devices' } },
  { path: '/agent/alarms', heading: 'Alarms' },
  { path: '/agent/alarms/figures', heading: 'Alarm figures' },
  { path: '/agent/alarms/999999', heading: /./ },
  { path: '/agent/geofences', heading: 'Geofences', call: { method: 'GET', path: '/Geofences' } },
  { path: '/agent/security', heading: 'Security' },
  { path: '/agent/import', heading: 'Import', call: { method: 'GET', path: '/Imports/Template' } },
  { path: '/admin/add-agent', heading: 'Add agent', call: { method: 'POST', path: '/Users' } },
  { path: '/admin/add-company', heading: 'Add Company', call: { method: 'POST', path: '/Companies' } },
  { path: '/admin/audit-log', heading: 'Audit log', call: { method: 'GET', path: '/AuditLog' } },
  {
    path: '/admin/breach-register',
    heading: 'Breach register',
    call: { method: 'GET', path: '/BreachIncidents' },
  },
];

/**
 * The api's answer to a screen's call as a role: an empty body, which a role the route admits has
 * refused as invalid (400) and any other role as forbidden (403) before the body is read.
 */
async function apiAnswers(role: string, call: NonNullable<Screen['call']>) {
  const { accessToken } = await storeSignedInUser(role);
  const response = await fetch(`${apiUrl()}${call.path}`, {
    method: call.method,
    headers: {
      authorization: `Bearer ${accessToken}`,
      ...(call.method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(call.method === 'POST' ? { body: '{}' } : {}),
  });
  const body = response.headers.get('content-type')?.includes('json')
    ? ((await response.json()) as { message?: string })
    : {};
  return { status: response.status, message: body.message };
}

/** Screens that tell other roles in their own words: the audit log's, from before the guard. */
const refusals = new Map([['/admin/audit-log', 'Only an Admin can read the audit log']]);

/** The screens of the route table, leaf by leaf (each loads lazily), below the signed-in area. */
function screenRoutes(list: readonly RouteObject[], inside = false): RouteObject[] {
  return list.flatMap((route) => {
    const below = inside || (isValidElement(route.element) && route.element.type === RequireUser);
    if (route.children) return screenRoutes(route.children, below);
    return below && route.lazy !== undefined ? [route] : [];
  });
}

describe('every screen of the signed-in area', () => {
  it('lists every screen of the route table', () => {
    const walked = SCREENS.map((screen) => matchRoutes(routes, screen.path)?.at(-1)?.route);
    expect(new Set(walked)).toEqual(new Set(screenRoutes(routes)));
  });
});

/*
 * One app for each role, moved from screen to screen by its router as the menus move it, rather
 * than a new app per screen: starting one rendered the agent layout and its menus anew, most of
 * what a screen cost here. A screen may first show what an earlier one fetched under the same query
 * key, as in the app; its heading or the refusal does not wait on it. Testing Library's cleanup
 * unmounts what its render() mounted after every test, so the app has a root of this file's own,
 * unmounted after the role's screens.
 */
describe.each(STAFF_ROLES)('every screen of the signed-in area, as %s', (role) => {
  let app: App;
  let root: Root;
  let container: HTMLElement;

  beforeAll(async () => {
    await storeSignedInUser(role);
    app = createApp({
      settings: { ...DEFAULT_APP_SETTINGS, baseURL: apiUrl() },
      createRouter: (table) => createMemoryRouter(table, { initialEntries: [SCREENS[0]!.path] }),
    });
    container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
    await act(async () => root.render(app.element));
  });

  afterAll(async () => {
    await act(async () => root.unmount());
    container.remove();
    app.queryClient.clear();
  });

  it.each(SCREENS.map((screen) => [screen.path, screen] as const))(
    '%s shows its screen when the api takes its calls, else the refusal',
    async (path, { heading, call }) => {
      const answer = call ? await apiAnswers(role, call) : undefined;
      expect(answer?.status).not.toBe(401);
      // Resolves once the route's module is loaded and React has rendered the new route, so
      // nothing below reads the screen before.
      await act(() => app.router.navigate(path));

      if (answer?.status === 403) {
        // The api's own words for its 403 (or the words the route table gives this screen), in the
        // agent layout with its menus.
        expect(answer.message).toBe(ROLE_REFUSAL);
        const refusal = refusals.get(path) ?? answer.message;
        expect(await screen.findByRole('heading', { level: 1, name: refusal })).toBeInTheDocument();
        expect(screen.getByRole('button', { name: 'Menu' })).toBeInTheDocument();
      } else {
        // The onboarding tabs title their tab below the area's h1, so any level here.
        expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
        expect(screen.queryByRole('heading', { name: ROLE_REFUSAL })).not.toBeInTheDocument();
      }
      expect(app.router.state.location.pathname).toBe(path);
    },
  );
});

describe('the menus of the signed-in area, as every staff role', () => {
  it.each(STAFF_ROLES)(
    'as %s, the menu and the top tabs offer only screens the api lets the role use',
    async (role) => {
      const user = userEvent.setup();
      Object.defineProperty(window, 'innerWidth', { value: 1280, configurable: true, writable: true });
      await storeSignedInUser(role);
      renderApp('/agent/clients/all');

      // The tabs first: the open menu hides the rest of the page from assistive technology.
      const tabs = within(await screen.findByRole('navigation', { name: 'Main' })).getAllByRole('link');
      await user.click(screen.getByRole('button', { name: 'Menu' }));
      const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
      const links = [...tabs, ...items].flatMap((link) => link.getAttribute('href') ?? []);
      expect(links.length).toBeGreaterThan(2);
      for (const href of links) {
        const target = matchRoutes(routes, href)?.at(-1)?.route;
        const shown = SCREENS.find((screen) => matchRoutes(routes, screen.path)?.at(-1)?.route === target);
        // A public screen (Change password) or an index that leads to a listed screen.
        if (!shown?.call) continue;
        expect({ href, status: (await apiAnswers(role, shown.call)).status }).not.toEqual({
          href,
          status: 403,
        });
      }
    },
  );
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
