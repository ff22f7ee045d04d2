import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Alarm } from '@sentinel/domain';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { AlarmQueueRow } from './alarm-queue-row';
import { afterOpening, SAMPLE_OPEN_ALARM } from './sample-alarm';

const at = afterOpening;

const openAlarm: Alarm = SAMPLE_OPEN_ALARM;

const acknowledged: Alarm = {
  ...openAlarm,
  state: 'Acknowledged',
  acknowledgedDateTime: at(40).toISOString(),
  acknowledgedByUserId: 5,
  acknowledgedByUserFirstName: 'Sipho',
  acknowledgedByUserLastName: 'Dlamini',
};

function renderRow(alarm: Alarm, now: Date, onOpen = vi.fn()) {
  render(
    <ul aria-label="Alarms">
      <AlarmQueueRow alarm={alarm} now={now} onOpen={onOpen} />
    </ul>,
  );
  return { row: screen.getByRole('listitem'), onOpen };
}

describe('given an open alarm nobody has taken', () => {
  it('shows its priority, kind, vehicle, holder, age, clock and that it is unowned', async () => {
    const { row } = renderRow(openAlarm, at(3 * 60 + 10));

    expect(within(row).getByText('High')).toBeInTheDocument();
    expect(within(row).getByText('Priority:', { exact: false })).toBeInTheDocument();
    expect(within(row).getByRole('heading', { name: 'Tamper alert CA 123-456' })).toBeInTheDocument();
    expect(within(row).getByText('Thandi Nkosi')).toBeInTheDocument();
    expect(within(row).getByText('3 min ago')).toBeInTheDocument();
    expect(within(row).getByRole('timer')).toHaveTextContent('3:10');
    expect(within(row).getByText('Target breached')).toBeInTheDocument();
    expect(within(row).getByText('Unowned')).toBeInTheDocument();
    expect(within(row).queryByText(/^×/)).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('opens on a click', async () => {
    const { row, onOpen } = renderRow(openAlarm, at(30));

    await userEvent.click(within(row).getByRole('button', { name: 'Tamper alert CA 123-456' }));
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it('opens with Enter from the keyboard', async () => {
    const { onOpen } = renderRow(openAlarm, at(30));

    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Tamper alert CA 123-456' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it("says 'Just now' in its first minute and 'No holder' for a vehicle without one", () => {
    const { row } = renderRow(
      { ...openAlarm, holderId: null, holderFirstName: null, holderLastName: null },
      at(30),
    );

    expect(within(row).getByText('Just now')).toBeInTheDocument();
    expect(within(row).getByText('No holder')).toBeInTheDocument();
  });
});

describe('given an alarm that repeated', () => {
  it('shows how many events joined it', () => {
    const { row } = renderRow({ ...openAlarm, eventCount: 4, priority: 2, kind: 'GpsLost' }, at(90));

    expect(within(row).getByText('×4')).toBeInTheDocument();
    expect(within(row).getByText('4 events')).toBeInTheDocument();
    expect(within(row).getByText('Medium')).toBeInTheDocument();
    expect(within(row).getByRole('heading', { name: 'GPS signal lost CA 123-456' })).toBeInTheDocument();
  });
});

describe('given an acknowledged alarm', () => {
  it('names its owner and freezes the clock', () => {
    const { row } = renderRow(acknowledged, at(2 * 3600));

    expect(within(row).getByText('Acknowledged by Sipho Dlamini')).toBeInTheDocument();
    expect(within(row).queryByText('Unowned')).not.toBeInTheDocument();
    expect(within(row).queryByRole('timer')).not.toBeInTheDocument();
    expect(within(row).getByText('0:40')).toBeInTheDocument();
    expect(within(row).getByText('2 h ago')).toBeInTheDocument();
  });

  it('marks it Escalated when a partner was alerted', () => {
    const { row } = renderRow({ ...acknowledged, state: 'Escalated' }, at(600));

    expect(within(row).getByText('Escalated')).toBeInTheDocument();
    expect(within(row).getByText('Acknowledged by Sipho Dlamini')).toBeInTheDocument();
  });
});

describe('given a resolved alarm', () => {
  it('says who resolved it and why', () => {
    const { row } = renderRow(
      {
        ...acknowledged,
        priority: 3,
        kind: 'LowDeviceBattery',
        state: 'Resolved',
        resolvedDateTime: at(900).toISOString(),
        resolvedByUserFirstName: 'Sipho',
        resolvedByUserLastName: 'Dlamini',
        resolution: 'FalseAlarm',
      },
      at(2 * 86400),
    );

    expect(within(row).getByText('Low')).toBeInTheDocument();
    expect(within(row).getByText('Resolved by Sipho Dlamini (False alarm)')).toBeInTheDocument();
    expect(within(row).getByText('2 d ago')).toBeInTheDocument();
  });
});
