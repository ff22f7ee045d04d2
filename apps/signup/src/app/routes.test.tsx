import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, inject, it } from 'vitest';
import { DEFAULT_APP_SETTINGS } from '@sentinel/api-sdk';
import { createApp } from './create-app';

function renderAt(path: string) {
  const app = createApp({
    settings: { ...DEFAULT_APP_SETTINGS, baseURL: inject('apiUrl') },
    createRouter: (routes) => createMemoryRouter(routes, { initialEntries: [path] }),
  });
  render(app.element);
  return app;
}

describe('the sign-up app', () => {
  it("starts the customer at /sign-up from '/'", async () => {
    const app = renderAt('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign up' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/sign-up');
  });

  it.each([
    ['/verify-account', 'Confirm your cellphone number'],
    ['/success', 'Welcome to Sentinel'],
    ['/create-password', 'Create password'],
    ['/forgot-password', 'Forgot password'],
    ['/reset-password?token=abc', 'Reset password'],
    ['/nowhere', "Oops! It looks like the page you're looking for is lost."],
  ])('titles %s %s', async (path, heading) => {
    renderAt(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });
});
