import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { CommandState } from './command-state';

describe('given a lock the device has', () => {
  it("says 'Locking…'", async () => {
    render(
      <CommandState command={{ type: 'Lock', status: 'Delivered', deviceOnline: true, reason: null }} />,
    );

    expect(screen.getByRole('status')).toHaveTextContent('Locking…');
    expect(await axeViolations()).toEqual([]);
  });

  it("says 'Unlocking…' for an unlock about to be fetched by an online device", () => {
    render(
      <CommandState command={{ type: 'Unlock', status: 'Pending', deviceOnline: true, reason: null }} />,
    );

    expect(screen.getByRole('status')).toHaveTextContent('Unlocking…');
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });
});

describe('given a lock waiting for an offline device', () => {
  it('says it will be sent when the device reconnects, and offers Cancel', async () => {
    const onCancel = vi.fn();
    render(
      <CommandState
        command={{ type: 'Lock', status: 'Pending', deviceOnline: false, reason: null }}
        onCancel={onCancel}
      />,
    );

    expect(screen.getByRole('status')).toHaveTextContent(
      'Device offline: the lock will be sent when it reconnects.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(await axeViolations()).toEqual([]);
  });

  it('shows Cancel busy while the cancel is sent', () => {
    render(
      <CommandState
        command={{ type: 'Unlock', status: 'Pending', deviceOnline: false, reason: null }}
        onCancel={vi.fn()}
        cancelBusy
      />,
    );

    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveAttribute('aria-busy', 'true');
  });
});

describe('given a command that did not happen', () => {
  it("alerts the device's reason when it refused", async () => {
    render(
      <CommandState command={{ type: 'Lock', status: 'Failed', deviceOnline: true, reason: 'Door open' }} />,
    );

    expect(screen.getByRole('alert')).toHaveTextContent('Lock failed: Door open.');
    expect(await axeViolations()).toEqual([]);
  });

  it('alerts an expired unlock', () => {
    render(
      <CommandState command={{ type: 'Unlock', status: 'Expired', deviceOnline: false, reason: null }} />,
    );

    expect(screen.getByRole('alert')).toHaveTextContent('Unlock expired: the device did not answer in time.');
  });
});

describe('given a confirmed or cancelled command, or none', () => {
  it.each([
    ['Confirmed', { type: 'Lock', status: 'Confirmed', deviceOnline: true, reason: null }],
    ['Cancelled', { type: 'Lock', status: 'Cancelled', deviceOnline: false, reason: 'Cancelled' }],
    ['none', null],
  ] as const)('shows nothing (%s)', (_name, command) => {
    const { container } = render(<CommandState command={command} />);

    expect(container).toBeEmptyDOMElement();
  });
});

describe('given a lock held while the vehicle moves', () => {
  it('says it waits for the vehicle to slow down, and offers Send now and Cancel', async () => {
    const onSendNow = vi.fn();
    const onCancel = vi.fn();
    render(
      <CommandState
        command={{ type: 'Lock', status: 'WaitingForSlowdown', deviceOnline: true, reason: null }}
        onSendNow={onSendNow}
        onCancel={onCancel}
      />,
    );

    expect(screen.getByRole('status')).toHaveTextContent('Waiting for the vehicle to slow down');
    await userEvent.click(screen.getByRole('button', { name: 'Send now' }));
    expect(onSendNow).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(await axeViolations()).toEqual([]);
  });

  it('offers no Send now to the staff member who asked', () => {
    render(
      <CommandState
        command={{ type: 'Lock', status: 'WaitingForSlowdown', deviceOnline: true, reason: null }}
      />,
    );

    expect(screen.getByRole('status')).toHaveTextContent('Waiting for the vehicle to slow down');
    expect(screen.queryByRole('button', { name: 'Send now' })).not.toBeInTheDocument();
  });
});
