import { createHmac } from 'node:crypto';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createApiClient } from '@sentinel/api-sdk';
import type { ApiClient } from '@sentinel/api-sdk';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '@sentinel/domain';
import type { AuthorisedUser } from '@sentinel/domain';
import { authenticatorApp, demoSignIn } from '@sentinel/testing';
import { signInSteps } from '../second-factor';
import { CreatePasswordScreen } from './create-password-screen';
import { ForgotPasswordScreen } from './forgot-password-screen';
import { ResetPasswordScreen } from './reset-password-screen';

let apiUrl: string;
let admin: ApiClient;
let anonymous: ApiClient;

function signedInClient(first: AuthorisedUser): ApiClient {
  let user: AuthorisedUser | null = first;
  return createApiClient({
    baseUrl: apiUrl,
    session: { get: () => user, set: (next) => (user = next), clear: () => (user = null) },
    validateAnswers: true,
  });
}

beforeAll(async () => {
  apiUrl = inject('apiUrl');
  anonymous = createApiClient({
    baseUrl: apiUrl,
    session: { get: () => null, set() {}, clear() {} },
    validateAnswers: true,
  });
  admin = signedInClient(await anonymous.auth.signInByEmail(demoSignIn('Admin')));
});

function renderScreen(element: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={queryClient}>{element}</QueryClientProvider>);
}

/**
 * The newest e-mail's link token, read from the api's outbox as the person would read their inbox,
 * once it has come (a reset link is mailed after the api answers).
 */
async function linkTokenFor(email: string, path: string): Promise<string> {
  return vi.waitFor(async () => {
    const token = await admin.auth.freshAccessToken();
    const response = await fetch(
      `${apiUrl}/Dev/Outbox?recipient=${encodeURIComponent(email)}&channel=email&limit=1`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    const { items } = (await response.json()) as { items: { body: string }[] };
    const found = new RegExp(`${path}\\?token=([\\w-]+)`).exec(items[0]?.body ?? '')?.[1];
    expect(found).toBeDefined();
    return found ?? '';
  });
}

/** The key src/test/global-setup.ts gives the api to sign its access tokens with. */
const API_SIGNING_KEY = 'a-shared-signing-key-for-the-screen-tests';

/**
 * A well-signed access token of the user that belongs to no sign-in, so it shows no recent one:
 * what a password change is refused with, as it is with the token of a sign-in minutes old.
 */
function tokenOfNoRecentSignIn({ userId, userRole }: AuthorisedUser): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    sub: String(userId),
    role: userRole,
    iss: ACCESS_TOKEN_ISSUER,
    aud: ACCESS_TOKEN_AUDIENCE,
  };
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ ...claims, iat: now, exp: now + 900 })}`;
  return `${unsigned}.${createHmac('sha256', API_SIGNING_KEY).update(unsigned).digest('base64url')}`;
}

let serial = 0;
/** A new agent added by the Admin: no password yet, a creation link in the outbox. */
async function newAgent() {
  serial += 1;
  const email = `screens.agent${String(serial)}.${String(Date.now())}@example.co.za`;
  await admin.users.createAgent({
    FirstName: 'Karabo',
    LastName: 'Molefe',
    Email: email,
    RoleName: 'Technical-Agent',
  });
  return { email, token: await linkTokenFor(email, 'create-password') };
}

async function typeNewPassword(password: string, confirmation: string, label = 'New password') {
  await userEvent.type(screen.getByLabelText(label), password);
  await userEvent.type(screen.getByLabelText('Confirm password'), confirmation);
}

describe('given the create password screen', () => {
  it('ticks the checklist live and enables submit only when every rule holds and both match', async () => {
    renderScreen(<CreatePasswordScreen auth={anonymous.auth} token="any" />);

    await typeNewPassword('Str0ng!pw', 'Str0ng!pX', 'Password');

    expect(screen.getByText('8 character minimum')).toHaveTextContent('(met)');
    expect(screen.getByText('Passwords do not match')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create password' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Str0ng!pwx');
    expect(screen.getByRole('button', { name: 'Create password' })).toBeEnabled();
  });

  it('creates the password from the e-mailed link, and the agent signs in with it', async () => {
    const { email, token } = await newAgent();
    renderScreen(<CreatePasswordScreen auth={anonymous.auth} token={token} />);

    await typeNewPassword('First!pw1', 'First!pw1', 'Password');
    await userEvent.click(screen.getByRole('button', { name: 'Create password' }));

    expect(await screen.findByText('Password created successfully!')).toBeVisible();
    expect(screen.getByText('You can now log in on the mobile app using your new password.')).toBeVisible();
    await expect(anonymous.auth.signInByEmail({ email, password: 'First!pw1' })).resolves.toMatchObject({
      userRole: 'Technical-Agent',
    });
  });

  it("shows the server's message for a spent link", async () => {
    renderScreen(<CreatePasswordScreen auth={anonymous.auth} token="spent-or-unknown" />);

    await typeNewPassword('First!pw1', 'First!pw1', 'Password');
    await userEvent.click(screen.getByRole('button', { name: 'Create password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid or has expired');
  });
});

describe('given the forgot password screen', () => {
  it('requires the e-mail address', async () => {
    renderScreen(<ForgotPasswordScreen auth={anonymous.auth} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('This field is required');
  });

  it("shows the server's message under the field", async () => {
    renderScreen(<ForgotPasswordScreen auth={anonymous.auth} />);
    await userEvent.type(screen.getByLabelText('Email address'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(
        'Please provide a valid email address',
      ),
    );
  });

  it('says a link is on its way', async () => {
    renderScreen(<ForgotPasswordScreen auth={anonymous.auth} />);
    await userEvent.type(screen.getByLabelText('Email address'), 'someone@example.co.za');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists for this email address',
    );
  });
});

describe('given the reset password screen', () => {
  it('verifies the link, completes the reset and goes on', async () => {
    const { email, token: creation } = await newAgent();
    await anonymous.auth.createPassword({ password: 'First!pw1', passwordResetToken: creation });
    await anonymous.auth.startPasswordReset({ Email: email });
    const token = await linkTokenFor(email, 'reset-password');
    const onReset = vi.fn();
    renderScreen(<ResetPasswordScreen auth={anonymous.auth} token={token} onReset={onReset} />);

    await screen.findByLabelText('New password');
    await typeNewPassword('Reset!pw2', 'Reset!pw2');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));

    await waitFor(() => expect(onReset).toHaveBeenCalled());
    await expect(anonymous.auth.signInByEmail({ email, password: 'Reset!pw2' })).resolves.toMatchObject({
      userId: expect.any(Number),
    });
  });

  it('says so under the token when the link is not valid', async () => {
    renderScreen(<ResetPasswordScreen auth={anonymous.auth} token="unknown" onReset={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid or has expired');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it("without a token changes the signed-in user's password", async () => {
    const { email, token: creation } = await newAgent();
    await anonymous.auth.createPassword({ password: 'First!pw1', passwordResetToken: creation });
    const agent = signedInClient(await anonymous.auth.signInByEmail({ email, password: 'First!pw1' }));
    renderScreen(<ResetPasswordScreen auth={agent.auth} my={agent.my} token={null} onReset={vi.fn()} />);

    expect(screen.getByRole('heading', { name: 'Change password' })).toBeVisible();
    await typeNewPassword('Change!pw3', 'Change!pw3');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
    await expect(anonymous.auth.signInByEmail({ email, password: 'First!pw1' })).rejects.toMatchObject({
      status: 401,
    });
  });

  describe('given a sign-in too old to change the password with', () => {
    it('says to sign in again, and changes the password once the person has', async () => {
      const { email, token: creation } = await newAgent();
      await anonymous.auth.createPassword({ password: 'First!pw1', passwordResetToken: creation });
      const signedIn = await anonymous.auth.signInByEmail({ email, password: 'First!pw1' });
      let user: AuthorisedUser | null = { ...signedIn, accessToken: tokenOfNoRecentSignIn(signedIn) };
      const agent = createApiClient({
        baseUrl: apiUrl,
        session: { get: () => user, set: (next) => (user = next), clear: () => (user = null) },
        validateAnswers: true,
      });
      const signInAgain = async (request: { email: string; password: string }) => {
        user = await anonymous.auth.signInByEmail(request);
      };
      renderScreen(
        <ResetPasswordScreen
          auth={agent.auth}
          my={agent.my}
          signInAgain={signInAgain}
          token={null}
          onReset={vi.fn()}
        />,
      );

      await typeNewPassword('Change!pw3', 'Change!pw3');
      await userEvent.click(screen.getByRole('button', { name: 'Change password' }));

      expect(await screen.findByRole('alert')).toHaveTextContent('Sign in again to change your password.');
      await userEvent.type(screen.getByLabelText('Email address'), email);
      await userEvent.type(screen.getByLabelText('Current password'), 'Wrong!pw9');
      await userEvent.click(screen.getByRole('button', { name: 'Sign in and change password' }));
      expect(await screen.findByText('Invalid email and password')).toBeVisible();

      await userEvent.clear(screen.getByLabelText('Current password'));
      await userEvent.type(screen.getByLabelText('Current password'), 'First!pw1');
      await userEvent.click(screen.getByRole('button', { name: 'Sign in and change password' }));

      expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
      await expect(anonymous.auth.signInByEmail({ email, password: 'Change!pw3' })).resolves.toMatchObject({
        userId: signedIn.userId,
      });
    });

    it('asks the second factor after the password when the account has one, then changes the password', async () => {
      const { email, token: creation } = await newAgent();
      await anonymous.auth.createPassword({ password: 'First!pw1', passwordResetToken: creation });
      const signedIn = await anonymous.auth.signInByEmail({ email, password: 'First!pw1' });
      const own = signedInClient(signedIn);
      const phone = authenticatorApp((await own.secondFactor.enrolMyTotp()).secret);
      await own.secondFactor.confirmMyTotp(phone.nextCode());
      let user: AuthorisedUser | null = { ...signedIn, accessToken: tokenOfNoRecentSignIn(signedIn) };
      const agent = createApiClient({
        baseUrl: apiUrl,
        session: { get: () => user, set: (next) => (user = next), clear: () => (user = null) },
        validateAnswers: true,
      });
      renderScreen(
        <ResetPasswordScreen
          auth={agent.auth}
          my={agent.my}
          signInAgain={async (request) => {
            user = await anonymous.auth.signInByEmail(request);
          }}
          secondFactor={(challenge) =>
            signInSteps(anonymous.secondFactor, challenge, (answer) => {
              user = answer;
            })
          }
          token={null}
          onReset={vi.fn()}
        />,
      );

      await typeNewPassword('Change!pw3', 'Change!pw3');
      await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
      await userEvent.type(await screen.findByLabelText('Email address'), email);
      await userEvent.type(screen.getByLabelText('Current password'), 'First!pw1');
      await userEvent.click(screen.getByRole('button', { name: 'Sign in and change password' }));

      const code = await screen.findByLabelText('Authentication code');
      await userEvent.type(code, phone.wrongCode());
      await userEvent.click(screen.getByRole('button', { name: 'Sign in and change password' }));
      // The server's words, at the field; the password is not changed.
      await waitFor(() =>
        expect(code).toHaveAccessibleDescription(
          expect.stringContaining('The code is not correct. Please try again.'),
        ),
      );
      expect(screen.queryByRole('status')).not.toBeInTheDocument();

      await userEvent.clear(code);
      await userEvent.type(code, phone.nextCode());
      await userEvent.click(screen.getByRole('button', { name: 'Sign in and change password' }));

      expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
      // The new password signs in, to the second factor as before.
      await expect(anonymous.auth.signIn({ email, password: 'Change!pw3' })).resolves.toMatchObject({
        secondFactorRequired: true,
        userId: signedIn.userId,
      });
    });
  });
});
