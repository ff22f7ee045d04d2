import { useState } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../test-utils/axe';
import { LiveNotice, type LiveNoticeItem } from './live-notice';

afterEach(() => {
  vi.useRealTimers();
});

const TAMPER: LiveNoticeItem = {
  id: 'vehicle-7-1',
  title: 'Tamper alert: Bakkie (CA 123-456)',
  description: 'Thandi Nkosi · car battery disconnected',
};

function Notices({
  initial,
  onDismiss = vi.fn(),
}: {
  initial: LiveNoticeItem[];
  onDismiss?: (id: LiveNoticeItem['id']) => void;
}) {
  const [notices, setNotices] = useState(initial);
  return (
    <LiveNotice
      notices={notices}
      onDismiss={(id) => {
        onDismiss(id);
        setNotices((current) => current.filter((notice) => notice.id !== id));
      }}
    />
  );
}

describe('given a live tamper notice', () => {
  it('shows the notice naming the vehicle, with its description', () => {
    render(<Notices initial={[TAMPER]} />);

    const notice = within(screen.getByRole('region', { name: 'Live alerts (F8)' })).getByRole('listitem');
    expect(notice).toHaveTextContent('Tamper alert: Bakkie (CA 123-456)');
    expect(notice).toHaveTextContent('Thandi Nkosi · car battery disconnected');
  });

  it('announces it through a status live region', async () => {
    render(<Notices initial={[TAMPER]} />);

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Alert Tamper alert: Bakkie (CA 123-456) Thandi Nkosi · car battery disconnected',
      ),
    );
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'assertive');
  });

  it('sits in a named region that does not block the page', () => {
    render(
      <>
        <button type="button">Lock</button>
        <Notices initial={[TAMPER]} />
      </>,
    );

    expect(screen.getByRole('region', { name: 'Live alerts (F8)' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lock' })).not.toHaveAttribute('aria-hidden');
  });

  it('is dismissed with its close button', async () => {
    const onDismiss = vi.fn();
    render(<Notices initial={[TAMPER]} onDismiss={onDismiss} />);

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss Tamper alert: Bakkie (CA 123-456)' }));

    expect(onDismiss).toHaveBeenCalledWith('vehicle-7-1');
    expect(screen.queryByText('Tamper alert: Bakkie (CA 123-456)')).not.toBeInTheDocument();
  });

  it('dismisses itself after 10 seconds', () => {
    vi.useFakeTimers();
    const onDismiss = vi.fn();
    render(<Notices initial={[TAMPER]} onDismiss={onDismiss} />);

    act(() => {
      vi.advanceTimersByTime(9_999);
    });
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });

    expect(onDismiss).toHaveBeenCalledWith('vehicle-7-1');
  });

  it('has no accessibility violations', async () => {
    render(<Notices initial={[TAMPER]} />);

    expect(await axeViolations()).toEqual([]);
  });
});

describe('given several notices', () => {
  it('stacks them all', () => {
    render(<Notices initial={[TAMPER, { id: 'vehicle-9-1', title: 'Tamper alert: Polo (GP 77-88)' }]} />);

    expect(screen.getByText('Tamper alert: Bakkie (CA 123-456)')).toBeInTheDocument();
    expect(screen.getByText('Tamper alert: Polo (GP 77-88)')).toBeInTheDocument();
  });
});
