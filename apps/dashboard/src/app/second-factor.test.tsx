// The second factor in the whole dashboard, against an api of this file's own: a Technical-Agent
// who set up an authenticator app gives its code (or a recovery code) after the password, and a
// privileged action refused for an old second factor opens 'Confirm it is you' and then goes through.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSync } from 'otplib';
import { createApiClient } from '@sentinel/api-sdk';
import type { ApiClient } from '@sentinel/api-sdk';
import { AUTHORISED_USER_KEY } from '@sentinel/domain';
import type { AuthorisedUser } from '@sentinel/domain';
import { startApi } from '@sentinel/testing';
import type { RunningApi } from '@sentinel/testing';
import { demoSignIn } from '../test/api';
import { pasteInto } from '../test/paste-into';
import { renderApp } from '../test/render-app';

let api: RunningApi;
let secret: string;
let recoveryCodes: string[];
/** Sign-ins from before the app was set up: their sessions never gave a second factor. */
let earlier: AuthorisedUser;
let earlierToo: AuthorisedUser;
const agent = demoSignIn('Technical-Agent');

/** The app's code for the 30-second step `steps` from now (the api takes one either side, each once). */
const codeAt = (steps: number) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

function clientOf(signedIn: AuthorisedUser | null): ApiClient {
  let user = signedIn;
  return createApiClient({
    baseUrl: api.url,
    session: { get: () => user, set: (next) => (user = next), clear() {} },
  });
}

async function passwordSignIn(): Promise<AuthorisedUser> {
  const answer = await clientOf(null).auth.signIn({ email: agent.email, password: agent.password });
  if ('secondFactorRequired' in answer) throw new Error('expected a sign-in without a second factor');
  return answer;
}

beforeAll(async () => {
  api = await startApi();
  earlier = await passwordSignIn();
  earlierToo = await passwordSignIn();
  const own = clientOf(await passwordSignIn());
  ({ secret } = await own.secondFactor.enrolMyTotp());
  ({ recoveryCodes } = await own.secondFactor.confirmMyTotp(codeAt(-1)));
});

afterAll(async () => {
  await api.close();
});

async function enterPassword(user: ReturnType<typeof userEvent.setup>) {
  await pasteInto(user, screen.getByLabelText('Email'), agent.email);
  await pasteInto(user, screen.getByLabelText('Password'), agent.password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Second factor' })).toBeInTheDocument();
}

describe('given a Technical-Agent with an authenticator app', () => {
  it('asks for the code after the password, refuses a wrong one at the field, and signs in with the right one', async () => {
    const user = userEvent.setup();
    const app = renderApp('/login', { apiUrl: api.url });

    await enterPassword(user);
    expect(app.router.state.location.pathname).toBe('/login/second-factor');
    // Nothing is kept before the second factor: the challenge lives in memory only.
    expect(localStorage.length).toBe(0);

    const code = screen.getByLabelText('Authentication code');
    await pasteInto(user, code, codeAt(0) === '000000' ? '111111' : '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // The server's words, at the field.
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(
        expect.stringContaining('The code is not correct. Please try again.'),
      ),
    );
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await user.clear(code);
    await pasteInto(user, code, codeAt(0));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Clients' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(AUTHORISED_USER_KEY) ?? 'null')).toMatchObject({
      userRole: 'Technical-Agent',
      accessToken: expect.any(String),
    });
  });

  it('signs in with a recovery code instead', async () => {
    const user = userEvent.setup();
    renderApp('/login', { apiUrl: api.url });

    await enterPassword(user);
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await pasteInto(user, screen.getByLabelText('Recovery code'), recoveryCodes[0]!);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Clients' })).toBeInTheDocument();
  });

  it('sends a reload of the second step back to the password', async () => {
    const app = renderApp('/login/second-factor', { apiUrl: api.url });

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/login');
  });
});

describe('given a session whose second factor is older than the step-up limit', () => {
  it("opens 'Confirm it is you' on a privileged action, and the action goes through after the code", async () => {
    const user = userEvent.setup();
    localStorage.setItem(AUTHORISED_USER_KEY, JSON.stringify(earlier));
    renderApp('/agent/security', { apiUrl: api.url });

    await user.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await pasteInto(user, within(dialog).getByLabelText('Authentication code'), codeAt(1));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    // The refused call was sent again: the new codes are on screen, the dialog is gone.
    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the refusal when the person cancels the prompt', async () => {
    const user = userEvent.setup();
    // Another session from before the app was set up, which the step-up above does not cover.
    localStorage.setItem(AUTHORISED_USER_KEY, JSON.stringify(earlierToo));
    renderApp('/agent/security', { apiUrl: api.url });

    await user.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(await screen.findByText('Confirm it is you with your second factor.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });
});

describe('given the Security screen of an Admin', () => {
  const admin = demoSignIn('Admin');
  const signInAdmin = async () => {
    const answer = await clientOf(null).auth.signIn({ email: admin.email, password: admin.password });
    if ('secondFactorRequired' in answer) throw new Error('expected a sign-in without a second factor');
    return answer;
  };

  it("lists 'Your sessions' with this one marked, and signs out every other", async () => {
    const user = userEvent.setup();
    await signInAdmin();
    localStorage.setItem(AUTHORISED_USER_KEY, JSON.stringify(await signInAdmin()));
    renderApp('/agent/security', { apiUrl: api.url });

    const sessions = await screen.findByRole('list', { name: 'Your sessions' });
    expect(within(sessions).getAllByRole('listitem').length).toBeGreaterThanOrEqual(2);
    // With no app and no passkey yet, no recovery codes are offered on their own.
    expect(
      screen.getByText('Recovery codes come with your first authenticator app or passkey.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New recovery codes' })).not.toBeInTheDocument();
    expect(within(sessions).getAllByText(/This session/)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));

    await waitFor(() => expect(within(sessions).getAllByRole('listitem')).toHaveLength(1));
    expect(within(sessions).getByRole('listitem')).toHaveTextContent('This session');
  });

  it("ends a staff user's sessions after the confirmation", async () => {
    const user = userEvent.setup();
    const manager = demoSignIn('Company-Admin');
    const theirs = clientOf(await clientOf(null).auth.signInByEmail(manager));
    localStorage.setItem(AUTHORISED_USER_KEY, JSON.stringify(await signInAdmin()));
    renderApp('/agent/security', { apiUrl: api.url });

    const staff = await screen.findByRole('list', { name: 'Staff' });
    const row = (await within(staff).findByText(manager.email, { exact: false })).closest('li')!;
    await user.click(within(row).getByRole('button', { name: 'End sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'End sessions' });
    await user.click(within(dialog).getByRole('button', { name: 'End sessions' }));

    expect(await within(row).findByText(/was signed out everywhere/)).toBeInTheDocument();
    await expect(theirs.sessions.mySessions()).rejects.toThrow();
  });
});
