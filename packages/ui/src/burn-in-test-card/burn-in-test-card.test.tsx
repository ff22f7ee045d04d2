import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BurnInTestResult } from '@sentinel/domain';
import { axeViolations } from '../test-utils/axe';
import { BurnInTestCard } from './burn-in-test-card';

const failed: BurnInTestResult = {
  testType: 'LockRelay',
  status: 'Failed',
  startTime: '2026-11-22T08:00:10.000Z',
  endTime: '2026-11-22T08:00:12.500Z',
  failureReason: 'Lock relay weak: coil draws 41 mA, at least 70 mA needed',
  testData: { relay: { coilCurrentMilliamps: 41, lockedConfirmed: false } },
};

describe('given a failed test', () => {
  it('shows its type, status, times, reason and the measured data nested', () => {
    render(
      <BurnInTestCard result={failed} onRerun={vi.fn()} formatTime={(iso) => `at ${iso.slice(11, 19)}`} />,
    );

    const card = screen.getByRole('article', { name: 'LockRelay' });
    expect(within(card).getByText('Failed')).toHaveClass('sn-burn-in-status--failed');
    expect(within(card).getByText('at 08:00:10')).toBeInTheDocument();
    expect(within(card).getByText('at 08:00:12')).toBeInTheDocument();
    expect(
      within(card).getByText('Lock relay weak: coil draws 41 mA, at least 70 mA needed'),
    ).toBeInTheDocument();
    const relay = within(card).getByText('relay').closest('div')!;
    expect(within(relay).getByText('coilCurrentMilliamps').nextElementSibling).toHaveTextContent('41');
    expect(within(relay).getByText('lockedConfirmed').nextElementSibling).toHaveTextContent('false');
  });

  it('offers Rerun', async () => {
    const onRerun = vi.fn();
    render(<BurnInTestCard result={failed} onRerun={onRerun} />);

    await userEvent.click(screen.getByRole('button', { name: 'Rerun LockRelay' }));

    expect(onRerun).toHaveBeenCalledOnce();
  });

  it('has no accessibility violations', async () => {
    const { container } = render(<BurnInTestCard result={failed} onRerun={vi.fn()} />);
    expect(await axeViolations(container)).toEqual([]);
  });
});

describe('given a test that has not ended', () => {
  it('shows a dash for the end time and no reason', () => {
    render(
      <BurnInTestCard
        result={{ ...failed, status: 'InProgress', endTime: null, failureReason: null, testData: {} }}
        onRerun={vi.fn()}
        rerunDisabled
      />,
    );

    expect(screen.getByText('End time').nextElementSibling).toHaveTextContent('-');
    expect(screen.queryByText('Failure reason')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rerun LockRelay' })).toBeDisabled();
  });
});
