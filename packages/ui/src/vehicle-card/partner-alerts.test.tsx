import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { PartnerAlerts } from './partner-alerts';

afterEach(() => {
  vi.useRealTimers();
});

// Under Vitest's fake timers user-event hangs (Testing Library's async wrapper waits on a setTimeout
// only Jest's fake timers advance), so the timing tests click with fireEvent inside act, which also
// settles the alert promise before the clock is moved.
async function click(button: HTMLElement) {
  await act(async () => {
    fireEvent.click(button);
  });
}

function deferred() {
  let resolve: () => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('given an alert being sent', () => {
  it('shows the button busy and blocks a second alert until the answer', async () => {
    const pending = deferred();
    render(<PartnerAlerts onAlertAura={() => pending.promise} onAlertCapitalAir={vi.fn()} />);

    await userEvent.click(screen.getByRole('button', { name: 'Alert Aura' }));

    expect(screen.getByRole('button', { name: 'Alert Aura' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Alert Capital Air' })).toBeDisabled();
    await act(async () => pending.resolve());
    expect(screen.getByRole('button', { name: 'Alert Aura' })).toBeEnabled();
  });
});

describe('given an alert the partner accepts', () => {
  it("says 'Alert sent' and clears it after 2 seconds", async () => {
    vi.useFakeTimers();
    const onAlertCapitalAir = vi.fn(async () => undefined);
    render(<PartnerAlerts onAlertAura={vi.fn()} onAlertCapitalAir={onAlertCapitalAir} />);

    await click(screen.getByRole('button', { name: 'Alert Capital Air' }));

    expect(onAlertCapitalAir).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('Alert sent');
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Alert sent');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});

describe('given an alert that fails', () => {
  it("shows the error's message and clears it after 2 seconds", async () => {
    vi.useFakeTimers();
    render(
      <PartnerAlerts
        onAlertAura={() => Promise.reject(new Error('Vehicle has no active subscription'))}
        onAlertCapitalAir={vi.fn()}
      />,
    );

    await click(screen.getByRole('button', { name: 'Alert Aura' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Vehicle has no active subscription');
    expect(screen.getByRole('status')).toHaveTextContent('');
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Vehicle has no active subscription');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('');
  });

  it('falls back to a generic text when the error has no message', async () => {
    render(<PartnerAlerts onAlertAura={() => Promise.reject(new Error(''))} onAlertCapitalAir={vi.fn()} />);

    await userEvent.click(screen.getByRole('button', { name: 'Alert Aura' }));

    expect(await screen.findByText('Failed to send alert')).toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    render(
      <PartnerAlerts onAlertAura={() => Promise.reject(new Error('Down'))} onAlertCapitalAir={vi.fn()} />,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Alert Aura' }));
    await screen.findByText('Down');

    expect(await axeViolations()).toEqual([]);
  });
});
