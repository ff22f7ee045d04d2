import { render, screen } from '@testing-library/react';
import { BADGE, badgeState } from '@sentinel/domain';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { StatusBadge } from './status-badge';

describe('given each badge of the domain', () => {
  it.each(Object.values(BADGE))('shows the label $label', (badge) => {
    render(<StatusBadge badge={badge} />);

    expect(screen.getByText(badge.label)).toBeVisible();
  });

  it('has no accessibility violations', async () => {
    render(
      <>
        {Object.values(BADGE).map((badge) => (
          <StatusBadge key={badge.state} badge={badge} />
        ))}
      </>,
    );

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given a vehicle whose newest entry is a tamper alert', () => {
  it("reads 'Alert'", () => {
    render(<StatusBadge badge={badgeState({ hasDevice: true, latestEntry: { type: 'TamperAlert' } })} />);

    expect(screen.getByText('Alert')).toBeVisible();
  });
});

describe('given a locked vehicle', () => {
  it("reads 'Locked!'", () => {
    render(
      <StatusBadge
        badge={badgeState({ hasDevice: true, latestEntry: { type: 'LockState', isLocked: true } })}
      />,
    );

    expect(screen.getByText('Locked!')).toBeVisible();
  });
});
