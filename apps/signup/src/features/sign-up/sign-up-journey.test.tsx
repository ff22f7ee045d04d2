import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createApiClient, DEFAULT_APP_SETTINGS } from '@sentinel/api-sdk';
import type { ApiClient } from '@sentinel/api-sdk';
import type { AuthorisedUser } from '@sentinel/domain';
import { demoSignIn } from '@sentinel/testing';
import { createApp } from '../../app/create-app';

let apiUrl: string;
let admin: ApiClient;

beforeAll(async () => {
  apiUrl = inject('apiUrl');
  const anonymous = createApiClient({ baseUrl: apiUrl, session: { get: () => null, set() {}, clear() {} } });
  let user: AuthorisedUser | null = await anonymous.auth.signInByEmail(demoSignIn('Admin'));
  admin = createApiClient({
    baseUrl: apiUrl,
    session: { get: () => user, set: (next) => (user = next), clear: () => (user = null) },
  });
});

beforeEach(() => {
  sessionStorage.clear();
});

/** The app as a visit to `path` opens it (jsdom's location is the browser's). */
function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  render(createApp({ settings: { ...DEFAULT_APP_SETTINGS, baseURL: apiUrl } }).element);
}

/** The newest code texted to the number, read from the api's outbox. */
async function codeSentTo(phoneNumber: string): Promise<string> {
  const token = await admin.auth.freshAccessToken();
  const recipient = encodeURIComponent(`+27${phoneNumber.slice(1)}`);
  const response = await fetch(`${apiUrl}/Dev/Outbox?recipient=${recipient}&channel=sms&limit=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { items } = (await response.json()) as { items: { body: string }[] };
  return /\b(\d{6})\b/.exec(items[0]?.body ?? '')?.[1] ?? '';
}

let serial = 0;
function person() {
  serial += 1;
  return {
    email: `journey${String(serial)}.${String(Date.now())}@example.co.za`,
    phone: `06${String(10_000_000 + (Date.now() % 80_000_000) + serial)}`.slice(0, 10),
  };
}

async function fillSignUp(email: string, phone: string) {
  await userEvent.type(await screen.findByLabelText('Email address'), email);
  await userEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await userEvent.type(await screen.findByLabelText('Password'), 'Str0ng!pw');
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await userEvent.type(await screen.findByLabelText('Name'), 'Lerato');
  await userEvent.type(screen.getByLabelText('Surname'), 'Mokoena');
  await userEvent.type(screen.getByRole('textbox', { name: 'Cellphone number' }), phone);
  await userEvent.type(screen.getByRole('textbox', { name: 'South African ID Number' }), '9001015800085');
  await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
}

describe('given a new customer', () => {
  it('signs up in three steps, confirms the texted code and reaches the success page', async () => {
    const { email, phone } = person();
    renderAt('/sign-up');

    await fillSignUp(email, phone);

    expect(await screen.findByRole('heading', { name: 'Confirm your cellphone number' })).toBeVisible();
    expect(window.location.pathname).toBe('/verify-account');
    await userEvent.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await userEvent.keyboard(await codeSentTo(phone));

    expect(await screen.findByRole('heading', { name: 'Welcome to Sentinel' })).toBeVisible();
    expect(sessionStorage.length).toBe(0);
    expect(screen.getByRole('link', { name: 'Download on the App Store' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Get it on Google Play' })).toBeVisible();
  });

  it('returns to the email step when the server refuses the address', async () => {
    const { email, phone } = person();
    await createApiClient({
      baseUrl: apiUrl,
      session: { get: () => null, set() {}, clear() {} },
    }).auth.signUp({
      Email: email,
      FirstName: 'Taken',
      LastName: 'Already',
      Password: 'Str0ng!pw',
      PhoneNumber: person().phone,
      IdNumber: '9001015800085',
      IdNumberIsSouthAfrican: true,
      acceptedTermsAndConditionsAndPolicy: true,
    });
    renderAt('/sign-up');

    await fillSignUp(email, phone);

    expect(await screen.findByLabelText('Email address')).toHaveAccessibleDescription(
      'This email address is already in use',
    );
  });

  it('shows a wrong code under the boxes and clears it when typing', async () => {
    const { email, phone } = person();
    renderAt('/sign-up');
    await fillSignUp(email, phone);
    const right = await waitFor(async () => {
      const code = await codeSentTo(phone);
      expect(code).not.toBe('');
      return code;
    });
    const wrong = right === '000000' ? '111111' : '000000';

    await userEvent.click(await screen.findByRole('textbox', { name: 'Digit 1 of 6' }));
    await userEvent.keyboard(wrong);

    expect(await screen.findByRole('alert')).toHaveTextContent('The OTP is not valid');
    await userEvent.click(screen.getByRole('textbox', { name: 'Digit 6 of 6' }));
    await userEvent.keyboard('{Backspace}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
