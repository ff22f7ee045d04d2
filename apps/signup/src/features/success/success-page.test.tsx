import { render, screen } from '@testing-library/react';
import { describe, expect, inject, it } from 'vitest';
import { DEFAULT_APP_SETTINGS } from '@sentinel/api-sdk';
import { createApp } from '../../app/create-app';

function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  render(createApp({ settings: { ...DEFAULT_APP_SETTINGS, baseURL: inject('apiUrl') } }).element);
}

describe('the success page', () => {
  it('links to the App Store with its badge, named as the badge reads', async () => {
    renderAt('/success');

    const link = await screen.findByRole('link', { name: 'Download on the App Store' });
    expect(link).toHaveAttribute('href', expect.stringMatching(/^https:\/\/apps\.apple\.com\//) as string);
    const badge = screen.getByRole('img', { name: 'Download on the App Store' });
    expect(link).toContainElement(badge);
    expect(badge).toHaveAttribute(
      'src',
      expect.stringMatching(/app-store-badge.*\.svg|^data:image\/svg\+xml/) as string,
    );
  });

  it('links to Google Play with its badge, named as the badge reads', async () => {
    renderAt('/success');

    const link = await screen.findByRole('link', { name: 'Get it on Google Play' });
    expect(link).toHaveAttribute('href', expect.stringMatching(/^https:\/\/play\.google\.com\//) as string);
    const badge = screen.getByRole('img', { name: 'Get it on Google Play' });
    expect(link).toContainElement(badge);
    expect(badge).toHaveAttribute(
      'src',
      expect.stringMatching(/google-play-badge.*\.svg|^data:image\/svg\+xml/) as string,
    );
  });
});
