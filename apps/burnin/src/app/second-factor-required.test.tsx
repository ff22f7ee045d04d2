// The bench under MFA_REQUIRED, against an api of this file's own: a member of staff without a
// second factor is sent to the dashboard to set one up, since the bench has no enrolment steps.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_APP_SETTINGS } from '@sentinel/api-sdk';
import { AUTHORISED_USER_KEY } from '@sentinel/domain';
import { demoSignIn, startApi } from '@sentinel/testing';
import type { RunningApi } from '@sentinel/testing';
import { SECRET } from '../test/global-setup';
import { App } from './app';
import { createSession } from './session';

let required: RunningApi;

beforeAll(async () => {
  required = await startApi({ jwtSecret: SECRET, secondFactors: { mfaRequired: true } });
});

afterAll(async () => {
  await required.close();
});

afterEach(() => {
  localStorage.clear();
});

describe('given an api that requires a second factor of all staff', () => {
  it('tells an Admin without one to set it up on the dashboard first, and keeps nothing', async () => {
    const user = userEvent.setup();
    const settings = { ...DEFAULT_APP_SETTINGS, baseURL: required.url, burnInURL: inject('runnerUrl') };
    render(<App settings={settings} session={createSession(localStorage)} />);

    const { email, password } = demoSignIn('Admin');
    await user.type(screen.getByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Set up your second factor by signing in to the dashboard first, then sign in here.',
    );
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    expect(localStorage.getItem(AUTHORISED_USER_KEY)).toBeNull();
  });
});
