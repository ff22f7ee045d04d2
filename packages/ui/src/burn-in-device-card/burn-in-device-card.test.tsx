import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { BurnInDeviceCard } from './burn-in-device-card';

function Device({ active = true, actions = {} }: { active?: boolean; actions?: Record<string, () => void> }) {
  const [expanded, setExpanded] = useState(false);
  return (
    <BurnInDeviceCard
      serialNumber="SNT-000127"
      active={active}
      counts={{ total: 7, inProgress: 1, passed: 4, failed: 2 }}
      stationId="burn1"
      lastUpdated="22/11/2026, 10:00:05"
      expanded={expanded}
      onExpandedChange={setExpanded}
      onRunAllTests={actions['run'] ?? vi.fn()}
      onRetryFailedTests={actions['retry'] ?? vi.fn()}
      onStopAllTests={actions['stop'] ?? vi.fn()}
      onViewTestResults={actions['view'] ?? vi.fn()}
    >
      <p>GpsFix card</p>
    </BurnInDeviceCard>
  );
}

describe('given a collapsed device card', () => {
  it('shows the serial, status and counters but not the station or tests', () => {
    render(<Device />);

    expect(screen.getByRole('heading', { name: 'SNT-000127' })).toBeInTheDocument();
    expect(screen.getByText('Status: Active')).toBeInTheDocument();
    expect(screen.getByText('Total tests').nextElementSibling).toHaveTextContent('7');
    expect(screen.getByText('In progress').nextElementSibling).toHaveTextContent('1');
    expect(screen.getByText('Passed').nextElementSibling).toHaveTextContent('4/7');
    expect(screen.getByText('Failed').nextElementSibling).toHaveTextContent('2/7');
    expect(screen.queryByText('Station ID')).not.toBeInTheDocument();
    expect(screen.queryByText('GpsFix card')).not.toBeInTheDocument();
  });

  it('says Inactive when nothing runs', () => {
    render(<Device active={false} />);
    expect(screen.getByText('Status: Inactive')).toBeInTheDocument();
  });

  it('expands to the station, the last update and the tests', async () => {
    render(<Device />);

    await userEvent.click(screen.getByRole('button', { name: 'Show tests of SNT-000127' }));

    expect(screen.getByText('Station ID').nextElementSibling).toHaveTextContent('burn1');
    expect(screen.getByText('Last Updated').nextElementSibling).toHaveTextContent('22/11/2026, 10:00:05');
    expect(screen.getByText('GpsFix card')).toBeVisible();
  });

  it.each([
    ['Run all tests', 'run'],
    ['Retry failed tests', 'retry'],
    ['Stop all tests', 'stop'],
    ['View Test Results', 'view'],
  ])("offers '%s' in its menu", async (label, key) => {
    const action = vi.fn();
    render(<Device actions={{ [key]: action }} />);

    await userEvent.click(screen.getByRole('button', { name: 'More actions for SNT-000127' }));
    await userEvent.click(screen.getByRole('menuitem', { name: label }));

    expect(action).toHaveBeenCalledOnce();
  });

  it('has no accessibility violations', async () => {
    const { container } = render(<Device />);
    expect(await axeViolations(container)).toEqual([]);
  });
});

describe('given a card composed from its parts', () => {
  it('shows only the parts the consumer chose, named by the serial', () => {
    render(
      <BurnInDeviceCard.Root serialNumber="SNT-000127" expanded={false} onExpandedChange={vi.fn()}>
        <BurnInDeviceCard.Header active />
        <BurnInDeviceCard.Body>
          <BurnInDeviceCard.Counts counts={{ total: 4, inProgress: 1, passed: 2, failed: 1 }} />
        </BurnInDeviceCard.Body>
      </BurnInDeviceCard.Root>,
    );

    const card = screen.getByRole('region', { name: 'SNT-000127' });
    expect(card).toHaveTextContent('Status: Active');
    expect(card).toHaveTextContent('2/4');
    expect(screen.queryByRole('button', { name: /More actions/ })).not.toBeInTheDocument();
  });

  it('refuses a part outside BurnInDeviceCard.Root', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<BurnInDeviceCard.Toggle />)).toThrow(
      'BurnInDeviceCard parts must be inside BurnInDeviceCard.Root',
    );
  });
});
