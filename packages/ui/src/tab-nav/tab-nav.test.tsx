import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { TabNav } from './tab-nav';

const ONBOARDING_TABS = [
  { label: 'Outstanding details', href: '/agent/onboarding/outstanding-details', active: false },
  { label: 'Booking pending', href: '/agent/onboarding/booking-pending', active: true },
  { label: 'Scheduled', href: '/agent/onboarding/scheduled', active: false },
];

describe('given route tabs', () => {
  it('renders a link per tab inside a named nav', () => {
    render(<TabNav label="Onboarding" items={ONBOARDING_TABS} />);

    const nav = screen.getByRole('navigation', { name: 'Onboarding' });
    expect(nav).toBeInTheDocument();
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/agent/onboarding/outstanding-details',
      '/agent/onboarding/booking-pending',
      '/agent/onboarding/scheduled',
    ]);
  });

  it('marks only the active tab as the current page', () => {
    render(<TabNav label="Onboarding" items={ONBOARDING_TABS} />);

    expect(screen.getByRole('link', { name: 'Booking pending' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Scheduled' })).not.toHaveAttribute('aria-current');
  });

  it('has no accessibility violations', async () => {
    render(<TabNav label="Onboarding" items={ONBOARDING_TABS} />);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given a renderLink from the app', () => {
  it('uses the returned element and still marks the current page on it', () => {
    const renderLink = vi.fn((item: { href: string }, children: ReactNode) => (
      <a href={`#${item.href}`} data-router-link="">
        {children}
      </a>
    ));
    render(<TabNav label="Onboarding" items={ONBOARDING_TABS} renderLink={renderLink} />);

    const current = screen.getByRole('link', { name: 'Booking pending' });
    expect(current).toHaveAttribute('href', '#/agent/onboarding/booking-pending');
    expect(current).toHaveAttribute('data-router-link');
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(renderLink).toHaveBeenCalledTimes(3);
  });
});
