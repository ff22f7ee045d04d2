import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AUTHORISED_USER_KEY } from '@sentinel/domain';
import { deadUrl, demoSignIn, storeSignedInUser } from '../test/api';
import { renderApp } from '../test/render-app';

const emailField = () => screen.getByLabelText('Email');
const passwordField = () => screen.getByLabelText('Password');
const loginButton = () => screen.getByRole('button', { name: 'Login' });

describe('given the sign-in screen', () => {
  it('keeps Login disabled until both fields are filled', async () => {
    const user = userEvent.setup();
    renderApp('/login');

    expect(loginButton()).toBeDisabled();
    await user.type(emailField(), 'agent@sentinel.demo');
    expect(loginButton()).toBeDisabled();
    await user.type(passwordField(), 'x');
    expect(loginButton()).toBeEnabled();
    await user.clear(emailField());
    expect(loginButton()).toBeDisabled();
  });

  it('counts whitespace alone as empty and trims both fields as the user types', async () => {
    const user = userEvent.setup();
    renderApp('/login');

    await user.type(emailField(), '   ');
    await user.type(passwordField(), '  ');
    expect(emailField()).toHaveValue('');
    expect(passwordField()).toHaveValue('');
    expect(loginButton()).toBeDisabled();

    await user.type(emailField(), ' agent@sentinel.demo ');
    await user.type(passwordField(), ' Sentinel#Agent1 ');
    expect(emailField()).toHaveValue('agent@sentinel.demo');
    expect(passwordField()).toHaveValue('Sentinel#Agent1');
  });

  it('links Forgot password to /forgot-password', () => {
    renderApp('/login');

    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/forgot-password');
  });

  it('signs a Technical-Agent in, stores the user and lands on the client list with the role menu', async () => {
    const user = userEvent.setup();
    const app = renderApp('/login');
    const { email, password } = demoSignIn('Technical-Agent');

    // Padded input signs in too: the fields were trimmed as typed.
    await user.type(emailField(), `  ${email} `);
    await user.type(passwordField(), `${password} `);
    await user.click(loginButton());

    expect(await screen.findByRole('heading', { level: 1, name: 'Clients' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/agent/clients/all');
    expect(JSON.parse(localStorage.getItem(AUTHORISED_USER_KEY) ?? 'null')).toMatchObject({
      userRole: 'Technical-Agent',
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      userId: expect.any(Number),
    });

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Clients',
      'Alarms',
      'Geofences',
      'Onboarding',
      'Companies',
      'Add a new account',
      'Add agent to dashboard',
      'Add company to dashboard',
      'Security',
      'Change password',
      'Logout',
    ]);
  });

  it('shows the busy label while the sign-in is under way', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    const { email, password } = demoSignIn('Admin');

    await user.type(emailField(), email);
    await user.type(passwordField(), password);
    await user.click(loginButton());

    // Password hashing on the server takes far longer than a render, so the busy state is visible.
    expect(screen.getByRole('button', { name: 'Logging in' })).toBeDisabled();
    expect(await screen.findByRole('heading', { level: 1, name: 'Clients' })).toBeInTheDocument();
  });

  it("refuses an Account-Holder with 'Invalid email and password' and stores nothing", async () => {
    const user = userEvent.setup();
    const app = renderApp('/login');
    const { email, password } = demoSignIn('Account-Holder');

    await user.type(emailField(), email);
    await user.type(passwordField(), password);
    await user.click(loginButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email and password');
    expect(localStorage.getItem(AUTHORISED_USER_KEY)).toBeNull();
    expect(app.router.state.location.pathname).toBe('/login');
    expect(loginButton()).toBeEnabled();
  });

  it("shows the server's message for a wrong password", async () => {
    const user = userEvent.setup();
    renderApp('/login');

    await user.type(emailField(), demoSignIn('Admin').email);
    await user.type(passwordField(), 'Wrong#Password1');
    await user.click(loginButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email and password');
    expect(localStorage.getItem(AUTHORISED_USER_KEY)).toBeNull();
  });

  it('says the server could not be reached when nothing answers', async () => {
    const user = userEvent.setup();
    renderApp('/login', { apiUrl: deadUrl() });

    await user.type(emailField(), demoSignIn('Admin').email);
    await user.type(passwordField(), 'whatever');
    await user.click(loginButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('The server could not be reached.');
  });
});

describe('given a signed-in user', () => {
  it('sends them from /login straight to /agent', async () => {
    await storeSignedInUser('Admin');
    const app = renderApp('/login');

    expect(await screen.findByRole('heading', { level: 1, name: 'Clients' })).toBeInTheDocument();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/agent/clients/all'));
  });
});
