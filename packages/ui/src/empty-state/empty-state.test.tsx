import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { EmptyState } from './empty-state';

describe('given an empty list', () => {
  it('shows the title', () => {
    render(<EmptyState title="No history" />);

    expect(screen.getByText('No history')).toBeVisible();
  });

  it('shows the description and keeps the icon away from screen readers', () => {
    render(
      <EmptyState
        title="No devices added yet"
        description="Press Get Devices to load the devices on this bench."
        icon={<svg data-testid="empty-icon" />}
      />,
    );

    expect(screen.getByText('No devices added yet')).toBeVisible();
    expect(screen.getByText('Press Get Devices to load the devices on this bench.')).toBeVisible();
    // The icon's wrapper is aria-hidden, so it is absent from the accessibility tree.
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByTestId('empty-icon').closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('has no accessibility violations', async () => {
    render(
      <EmptyState
        title="There are no installations scheduled"
        description="Scheduled installations appear here."
        icon={<span>📅</span>}
      />,
    );

    expect(await axeViolations()).toEqual([]);
  });
});
