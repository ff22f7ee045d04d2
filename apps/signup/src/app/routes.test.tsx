import { render, screen } from '@testing-library/react';
import { describe, expect, inject, it } from 'vitest';
import { DEFAULT_APP_SETTINGS } from '@sentinel/api-sdk';
import { PRODUCT_TAGLINE } from '../lib/app-header';
import { createApp } from './create-app';

/** The app as a visit to `path` opens it (jsdom's location is the browser's). */
function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  render(createApp({ settings: { ...DEFAULT_APP_SETTINGS, baseURL: inject('apiUrl') } }).element);
}

describe('the sign-up app', () => {
  it("starts the customer at /sign-up from '/'", async () => {
    renderAt('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign up' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/sign-up');
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

  it.each([
    '/sign-up',
    '/verify-account',
    '/success',
    '/create-password',
    '/forgot-password',
    '/reset-password',
    '/nowhere',
  ])(
    'opens %s with the logo and the product name, linked to the sign-up, and what the product is',
    async (path) => {
      renderAt(path);

      // The header stands before the page's main content (the page's own title header is inside it).
      const home = await screen.findByRole('link', { name: 'Sentinel' });
      expect(home).toHaveAttribute('href', '/sign-up');
      expect(screen.getByText(PRODUCT_TAGLINE)).toBeVisible();
      expect(await screen.findByRole('main')).not.toContainElement(home);
    },
  );
});
