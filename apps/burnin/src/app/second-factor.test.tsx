// The bench's second step, against an api of this file's own (a factor set up here must not reach
// the other files' demo sign-ins): a Technical-Agent with an authenticator app gives its code or a
// recovery code after the password; a Company-Admin with one is refused before it.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApiClient, DEFAULT_APP_SETTINGS } from '@sentinel/api-sdk';
import { AUTHORISED_USER_KEY } from '@sentinel/domain';
import type { AuthorisedUser } from '@sentinel/domain';
import { authenticatorApp, demoSignIn, startApi } from '@sentinel/testing';
import type { AuthenticatorApp, DemoRole, RunningApi } from '@sentinel/testing';
import { SECRET } from '../test/global-setup';
import { App } from './app';
import { createSession } from './session';

const agent = demoSignIn('Technical-Agent');
/** Second factors as staff choose them (MFA_REQUIRED off): staff who set one up give it. */
let api: RunningApi;
/** The agent's authenticator app. */
let phone: AuthenticatorApp;
let recoveryCodes: string[];

/** Sets up an authenticator app for the demo user of a role, as the Security screen does. */
async function setUpAuthenticatorApp(role: DemoRole) {
  let user: AuthorisedUser | null = null;
  const own = createApiClient({
    baseUrl: api.url,
    session: { get: () => user, set: (next) => (user = next), clear: () => (user = null) },
  });
  user = await own.auth.signInByEmail(demoSignIn(role));
  const app = authenticatorApp((await own.secondFactor.enrolMyTotp()).secret);
  const { recoveryCodes } = await own.secondFactor.confirmMyTotp(app.nextCode());
  return { app, recoveryCodes };
}

beforeAll(async () => {
  // The bench's test-runner checks the tokens of this file's api with the run's key.
  api = await startApi({ jwtSecret: SECRET });
  [{ app: phone, recoveryCodes }] = await Promise.all([
    setUpAuthenticatorApp('Technical-Agent'),
    setUpAuthenticatorApp('Company-Admin'),
  ]);
});

afterAll(async () => {
  await api.close();
});

afterEach(() => {
  localStorage.clear();
});

function renderBench(against: RunningApi) {
  const settings = { ...DEFAULT_APP_SETTINGS, baseURL: against.url, burnInURL: inject('runnerUrl') };
  render(<App settings={settings} session={createSession(localStorage)} />);
}

async function enterPassword(user: ReturnType<typeof userEvent.setup>, role: DemoRole = 'Technical-Agent') {
  const { email, password } = demoSignIn(role);
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('given a Technical-Agent with an authenticator app', () => {
  it('asks for the code after the password, refuses a wrong one at the field, and opens the bench with the right one', async () => {
    const user = userEvent.setup();
    renderBench(api);

    await enterPassword(user);
    expect(
      await screen.findByText(
        "Enter your authenticator app's code or a recovery code. Passkeys work on the dashboard only.",
      ),
    ).toBeInTheDocument();
    // Nothing is kept before the second factor.
    expect(localStorage.getItem(AUTHORISED_USER_KEY)).toBeNull();

    const code = screen.getByLabelText('Authentication code');
    const wrong = phone.wrongCode();
    await user.type(code, wrong);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // The server's words, at the field, and the code still there to correct.
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(
        expect.stringContaining('The code is not correct. Please try again.'),
      ),
    );
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveValue(wrong);

    await user.clear(code);
    await user.type(code, phone.nextCode());
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Burn-in bench' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(AUTHORISED_USER_KEY) ?? 'null')).toMatchObject({
      userRole: 'Technical-Agent',
      accessToken: expect.any(String),
    });
  });

  it('goes back to the password as it was typed, and signs in with a recovery code instead', async () => {
    const user = userEvent.setup();
    renderBench(api);

    await enterPassword(user);
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Email')).toHaveValue(agent.email);
    expect(screen.getByLabelText('Password')).toHaveValue(agent.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    // The bench offers no passkey: the api takes them from the dashboard's origin only.
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Recovery code'), recoveryCodes[0]!);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Burn-in bench' })).toBeInTheDocument();
  });
});

describe('given a Company-Admin with an authenticator app', () => {
  it('refuses them after the password, before any second step', async () => {
    const user = userEvent.setup();
    renderBench(api);

    await enterPassword(user, 'Company-Admin');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The burn-in bench is for Admin and Technical-Agent users',
    );
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    expect(localStorage.getItem(AUTHORISED_USER_KEY)).toBeNull();
  });
});
