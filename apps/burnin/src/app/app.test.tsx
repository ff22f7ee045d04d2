import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { DEFAULT_APP_SETTINGS } from '@sentinel/api-sdk';
import { AUTHORISED_USER_KEY } from '@sentinel/domain';
import { demoSignIn } from '@sentinel/testing';
import type { DemoRole } from '@sentinel/testing';
import { App } from './app';
import { createSession } from './session';

const settings = () => ({
  ...DEFAULT_APP_SETTINGS,
  baseURL: inject('apiUrl'),
  burnInURL: inject('runnerUrl'),
});

afterEach(() => {
  localStorage.clear();
});

async function signInAs(role: DemoRole) {
  const { email, password } = demoSignIn(role);
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('the burn-in bench app', () => {
  it('asks a technician to sign in, then opens the bench against the real test-runner', async () => {
    render(<App settings={settings()} session={createSession(localStorage)} />);

    expect(
      screen.getByRole('heading', { level: 1, name: 'Sign in to the burn-in bench' }),
    ).toBeInTheDocument();
    await signInAs('Technical-Agent');

    expect(await screen.findByRole('heading', { level: 1, name: 'Burn-in bench' })).toBeInTheDocument();
    expect(await screen.findByText('No devices added yet')).toBeInTheDocument();
    expect(document.title).toBe('Burn-in bench | Sentinel');
    expect(JSON.parse(localStorage.getItem(AUTHORISED_USER_KEY) ?? 'null')).toMatchObject({
      userRole: 'Technical-Agent',
    });
  });

  it.each(['Company-Admin', 'Account-Holder'] as const)(
    'refuses a %s and keeps nothing of the sign-in',
    async (role) => {
      render(<App settings={settings()} session={createSession(localStorage)} />);

      await signInAs(role);

      expect(await screen.findByRole('alert')).toHaveTextContent(
        'The burn-in bench is for Admin and Technical-Agent users',
      );
      expect(localStorage.getItem(AUTHORISED_USER_KEY)).toBeNull();
    },
  );

  it('keeps the technician signed in across a reload and logs out', async () => {
    const first = render(<App settings={settings()} session={createSession(localStorage)} />);
    await signInAs('Admin');
    await screen.findByRole('heading', { level: 1, name: 'Burn-in bench' });
    first.unmount();

    render(<App settings={settings()} session={createSession(localStorage)} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Burn-in bench' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));

    expect(
      screen.getByRole('heading', { level: 1, name: 'Sign in to the burn-in bench' }),
    ).toBeInTheDocument();
    expect(localStorage.getItem(AUTHORISED_USER_KEY)).toBeNull();
  });
});
